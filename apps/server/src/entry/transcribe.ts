import fs from "node:fs";
import { parseArgs } from "node:util";
import { decodeWav, type Pcm } from "@parley/voice/audio/wav";
import type { Expectation } from "@parley/voice/expectation/expectation";
import { transcribeRecording } from "@parley/voice/listening/transcribe-recording";
import { loadConfig } from "../platform/config.ts";
import { openDb } from "../platform/db.ts";
import { migrate } from "../platform/migrate.ts";
import { createSpeechVad, createStt } from "../features/calls/voice-providers.ts";
import { campaignVocabulary } from "../features/calls/campaign-vocabulary.ts";
import { runMain } from "./run-main.ts";

const USAGE =
  "usage: npm run transcribe -- <file.wav>... [--phone] [--expect " +
  "yes-no|number|time|choice:<a>,<b>|open] [--campaign <id>]";

/**
 * `npm run transcribe -- <file>... [--phone] [--expect …] [--campaign <id>]`: what a call would have heard in each
 * recording, one JSON line per utterance {file, start_ms, end_ms, text, confidence, answer, asked_again}, through
 * the call's own listening path and the configured speech recognition (the campaign's vocabulary when given), the
 * answer listened for as when the agent's question expects it (`answer`: "yes"/"no", the number's digits, the ISO
 * time, the option, or null).
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { phone: { type: "boolean" }, campaign: { type: "string" }, expect: { type: "string" } },
  });
  if (!positionals.length) fail(USAGE);
  const expectation = parseExpectation(values.expect ?? "open");
  if (!expectation) fail(USAGE);
  const recordings = positionals.map((file) => ({ file, pcm: readRecording(file) }));
  const config = loadConfig();
  const vocabulary = values.campaign ? await vocabularyOf(values.campaign, config) : [];
  const vad = config.voice.instant ? undefined : createSpeechVad({ warn: (message: string) => console.error(message) });
  const stt = createStt(config.voice.stt); // one engine for every file, as one process serves many calls
  for (const { file, pcm } of recordings) {
    const heard = await transcribeRecording(pcm, { stt, vad, vocabulary, phone: values.phone ?? false, expectation });
    for (const { start_ms, end_ms, text, confidence, answer, asked_again } of heard)
      console.log(JSON.stringify({ file, start_ms, end_ms, text, confidence, answer, asked_again }));
  }
}

/** "yes-no", "number", "time", "choice:a,b" or "open"; null for anything else. */
function parseExpectation(arg: string): Expectation | null {
  if (arg === "yes-no" || arg === "number" || arg === "open") return { kind: arg };
  if (arg === "time") return { kind: "time" };
  if (arg.startsWith("choice:")) {
    const options = arg
      .slice("choice:".length)
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean);
    return options.length ? { kind: "choice", options } : null;
  }
  return null;
}

function readRecording(file: string): Pcm {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    fail(
      `transcribe: cannot read ${file}: ` +
        `${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`,
    );
  }
  try {
    const pcm = decodeWav(bytes);
    if (!pcm.sampleRate || !pcm.channels) throw new Error("the WAV header has no sample rate or channel count");
    return pcm;
  } catch (err) {
    fail(
      `transcribe: ${file} is not a readable recording ` +
        `(${(err as Error).message}); a PCM16 WAV is needed, e.g. sox in.mp3 -b ` +
        "16 out.wav",
    );
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
