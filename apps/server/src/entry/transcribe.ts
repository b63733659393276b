import fs from "node:fs";
import { parseArgs } from "node:util";
import { decodeWav, type Pcm } from "@parley/voice/audio/wav";
import { transcribeRecording } from "@parley/voice/listening/transcribe-recording";
import { loadConfig } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import { createSpeechVad, createStt } from "../features/calls/voice-providers.ts";
import { campaignVocabulary } from "../features/calls/campaign-vocabulary.ts";
import { runMain } from "./run-main.ts";

const USAGE = "usage: npm run transcribe -- <file.wav> [--phone] [--campaign <id>]";

/**
 * `npm run transcribe -- <file> [--phone] [--campaign <id>]`: what a call would have heard in a recording,
 * one JSON line per utterance {start_ms, end_ms, text, confidence}, through the call's own listening path
 * and the configured speech recognition (the campaign's vocabulary when given).
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { phone: { type: "boolean" }, campaign: { type: "string" } } });
  if (positionals.length !== 1) fail(USAGE);
  const file = positionals[0]!;
  const pcm = readRecording(file);
  const config = loadConfig();
  const vocabulary = values.campaign ? await vocabularyOf(values.campaign, config) : [];
  const vad = config.voice.instant ? undefined : createSpeechVad({ warn: (message: string) => console.error(message) });
  const heard = await transcribeRecording(pcm, { stt: createStt(config.voice), vad, vocabulary, phone: values.phone ?? false });
  for (const { start_ms, end_ms, text, confidence } of heard) console.log(JSON.stringify({ start_ms, end_ms, text, confidence }));
}

function readRecording(file: string): Pcm {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    fail(`transcribe: cannot read ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
  try {
    const pcm = decodeWav(bytes);
    if (!pcm.sampleRate || !pcm.channels) throw new Error("the WAV header has no sample rate or channel count");
    return pcm;
  } catch (err) {
    fail(`transcribe: ${file} is not a readable recording (${(err as Error).message}); a PCM16 WAV is needed, e.g. sox in.mp3 -b 16 out.wav`);
  }
}

async function vocabularyOf(campaignId: string, config: ReturnType<typeof loadConfig>): Promise<string[]> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db); // a data folder the app has not started on yet has no tables
    const words = await campaignVocabulary(db, campaignId);
    if (!words) fail(`transcribe: no campaign ${campaignId}`);
    return words;
  } finally {
    await db.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

runMain(main);
