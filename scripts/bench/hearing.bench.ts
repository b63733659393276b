/**
 * Hearing real people: the speech dev set (tests/speech-dev-set, real recordings from Debian's
 * pocketsphinx-testdata) through the call's listening path at 16 kHz (a web call) and through an 8 kHz
 * mu-law round trip (a phone line) and through G.722 (an HD-voice SIP call), then Asterisk's prompts as published
 * for phone lines (8 kHz) through the phone line and as published in G.722 (their wideband originals) at 16 kHz,
 * scored like NIST sclite against the references, and pooled over both sets per line; the same clips decoded whole
 * by plain pocketsphinx are the baseline. Synthesised speech is never the measure here.
 */
import { readSpeechDevSet, type Clip, type LoadedClip } from "./speech-dev-set.ts";
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { decodeWav, encodeWav, type Pcm } from "../../packages/voice/src/audio/wav.ts";
import { resample } from "../../packages/voice/src/audio/resample.ts";
import { g722Available, openG722 } from "../../packages/voice/src/audio/g722.ts";
import {
  asLegAudio,
  transcribeRecording,
  type HeardUtterance,
  type TranscribeOptions,
} from "../../packages/voice/src/listening/transcribe-recording.ts";
import { createPocketsphinxStt } from "../../packages/voice/src/providers/stt/pocketsphinx/pocketsphinx-stt.ts";
import { domainSentences } from "../../packages/voice/src/providers/stt/pocketsphinx/domain-model/domain-phrases.ts";
import { isSure } from "../../packages/voice/src/brain/heard-confidence.ts";
import { classifyIntent, normaliseUtterance, TIME_HINT, type Intent } from "../../packages/voice/src/brain/intents.ts";
import { callsPerCore, memoryPerCall, workAfterEndpoint } from "./hearing-load.ts";

const SCLITE = "/usr/lib/sctk/bin/sclite";
const PROMPTS_ROOT = "/usr/share/asterisk/sounds/en_US_f_Allison";
const MODEL = "/usr/share/pocketsphinx/model/en-us";
// A call opens its engine at the answer, and the agent's greeting comes first: the decoders are built meanwhile.
const LEAD_IN_MS = 2000;

// Words every sentence has: hearing them where none was said is an error, but not an invented action.
const FUNCTION_WORDS = new Set(
  (
    "a an the i you me my we us it is are am be do does did to of in on at " +
    "for and or but not no yes this that what how can will with"
  ).split(" "),
);

/** The words of the agent's domain (answers, booking times, refusals) a caller's action would hang on. */
const DOMAIN_WORDS = new Set(
  domainSentences([])
    .flatMap((s) => s.split(/\s+/))
    .filter((w) => w && !FUNCTION_WORDS.has(w)),
);

export async function run(): Promise<void> {
  if (!fs.existsSync(SCLITE))
    return console.log(
      "skipped: needs Debian's sctk and pocketsphinx-testdata (bash scripts/ensure-system-packages.sh)",
    );
  const clips = readSpeechDevSet();
  // `npm run bench -- hearing processes`: the fallback engine (a process per pass and utterance) instead.
  const vad = requireSileroVad(); // the calls' VAD
  const stt = createPocketsphinxStt({ engine: process.argv.includes("processes") ? "processes" : "resident" });
  console.log(
    `engine: pocketsphinx, ${stt.engine}; frames at the call's pace (20 ms each), each ` +
      `clip a call whose engine opens with a ${LEAD_IN_MS / 1000} s greeting`,
  );
  await transcribeRecording(clips[0]!.pcm, { stt, vad }); // the process's recognizer threads start once, not per call

  const ears = { stt, vad };
  const heard = await hearSet("dev set (pocketsphinx-testdata)", clips, [false, true], ears);
  // An HD-voice SIP call (G.722, 16 kHz) carries the band a G.711 line drops: the same clips through its codec.
  if (g722Available())
    await hearSet("dev set through a G.722 line (an HD-voice SIP call)", clips.map(throughG722), [false], ears);
  if (fs.existsSync(PROMPTS_ROOT)) {
    // Published at 8 kHz for phone lines: heard as a phone line carries them, never as a 16 kHz web call.
    heard.push(
      ...(await hearSet(
        "phone prompts (asterisk-core-sounds-en-wav, 8 kHz)",
        readSpeechDevSet("phone-prompts"),
        [true],
        ears,
      )),
    );
    // The same recordings at 16 kHz: the voice as a web call would carry it, so what the line costs shows.
    const wideband = tryReading(() => readSpeechDevSet("phone-prompts", { wideband: true }));
    if (wideband)
      heard.push(
        ...(await hearSet(
          "phone prompts' wideband originals (asterisk-core-sounds-en-g722, 16 kHz)",
          wideband,
          [false],
          ears,
        )),
      );
    else
      console.log(
        "wideband phone prompts skipped: needs Debian's " +
          "asterisk-core-sounds-en-g722 and libspandsp2 (bash " +
          "scripts/ensure-system-packages.sh)",
      );
  } else
    console.log(
      "phone prompts skipped: needs Debian's asterisk-core-sounds-en-wav (bash scripts/ensure-system-packages.sh)",
    );
  for (const phone of [false, true]) {
    const line = heard.filter((h) => h.phone === phone);
    if (line.length < 2) continue;
    const { wer, errors, refWords } = sclite(
      line.flatMap((h) => h.clips),
      line.flatMap((h) => h.heard),
    );
    console.log(
      "every set pooled, the call's listening path, " +
        `${phone ? "phone line" : "16 kHz"}: WER ${wer.toFixed(1)}% (${errors} errors / ` +
        `${refWords} words)`,
    );
  }
  if (stt.engine.startsWith("processes")) return;
  const at16k = clips.map((c) => ({ sampleRate: 16_000, channels: 1, samples: asLegAudio(c.pcm, false).samples }));
  const cpuPerSpeechSec = await workAfterEndpoint(at16k);
  await memoryPerCall(at16k[0]!);
  await callsPerCore(
    cpuPerSpeechSec,
    at16k.filter((_, i) => clips[i]!.id.startsWith("cards")),
  );
}

type Heard = { id: string; text: string; utterances: HeardUtterance[] };
/** What the call's listening path heard of a set's clips on one line (`phone`: 8 kHz mu-law, else 16 kHz). */
type LineHeard = { phone: boolean; clips: LoadedClip[]; heard: Heard[] };

/** One set's clips decoded whole by plain pocketsphinx (the baseline), then through the call's listening path. */
async function hearSet(
  name: string,
  clips: LoadedClip[],
  lines: boolean[],
  ears: Pick<TranscribeOptions, "stt" | "vad">,
): Promise<LineHeard[]> {
  const speechSecs = clips.reduce((n, c) => n + c.pcm.samples.length / c.pcm.sampleRate / c.pcm.channels, 0);
  console.log(
    `${name}: ${clips.length} real recordings, ${speechSecs.toFixed(0)} s of speech, ` +
      `${words(clips.map((c) => c.reference).join(" ")).length} reference words`,
  );
  for (const phone of lines) {
    const baseline = clips.map((c) => ({ id: c.id, text: decodeWhole(c.pcm, phone) }));
    report(
      "whole clip, plain pocketsphinx (baseline), " +
        `${phone ? "phone line (8 kHz mu-law, interpolated to 16 kHz)" : "16 kHz"}`,
      clips,
      baseline,
    );
  }
  const onLines: LineHeard[] = [];
  for (const phone of lines) {
    const heard: Heard[] = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    for (const c of clips) {
      const utterances = await transcribeRecording(c.pcm, { ...ears, phone, realTime: true, leadInMs: LEAD_IN_MS });
      heard.push({ id: c.id, text: utterances.map((u) => u.text).join(" "), utterances });
    }
    loop.disable();
    report(`the call's listening path, ${phone ? "phone line (8 kHz mu-law)" : "16 kHz"}`, clips, heard);
    console.log(
      "   event-loop delay while listening: p99 " +
        `${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ` +
        `${(loop.max / 1e6).toFixed(0)} ms`,
    );
    onLines.push({ phone, clips, heard });
  }
  return onLines;
}

/** A clip as a G.722 call delivers it: 16 kHz, encoded and decoded again. */
function throughG722(c: LoadedClip): LoadedClip {
  const codec = openG722();
  const samples = codec.decode(codec.encode(asLegAudio(c.pcm, false).samples));
  codec.close();
  return { ...c, pcm: { sampleRate: 16_000, channels: 1, samples } };
}

/** The set, or null (said why) when its package or the library that reads it is missing. */
function tryReading(read: () => LoadedClip[]): LoadedClip[] | null {
  try {
    return read();
  } catch (err) {
    console.log(`   (${(err as Error).message})`);
    return null;
  }
}

function report(
  label: string,
  clips: Clip[],
  hyps: Array<{ id: string; text: string; utterances?: HeardUtterance[] }>,
): void {
  const { wer, errors, refWords } = sclite(clips, hyps);
  // Settings are chosen on the odd-numbered clips and checked on the even ones: a gain on one half only is tuning.
  const half = (odd: boolean) =>
    sclite(
      clips.filter((_, i) => i % 2 === (odd ? 0 : 1)),
      hyps.filter((_, i) => i % 2 === (odd ? 0 : 1)),
    ).wer.toFixed(1);
  console.log(
    `${label}: pooled WER ${wer.toFixed(1)}% (${errors} errors / ${refWords} ` +
      `words; odd-numbered clips ${half(true)}%, even ${half(false)}%)`,
  );
  const finals = hyps.flatMap((h) => h.utterances ?? []).map((u) => u.final_ms);
  if (finals.length)
    console.log(
      `   endpoint → final text: p50 ${pct(finals, 50)} ms, p95 ${pct(finals, 95)} ms (n=${finals.length} utterances)`,
    );
  const invented = hyps.filter((h, i) => inventedDomainWords(clips[i]!.reference, h.text).length);
  console.log(
    `   clips whose text holds in-domain words nobody said: ${invented.length}/${hyps.length}` +
      (invented.length ? ` (${invented.map((h) => `${h.id}: "${h.text}"`).join("; ")})` : ""),
  );
  if (hyps.some((h) => h.utterances)) reportActions(clips, hyps);
}

/** What the callee asks for that the agent carries out: opt out, call back, a person, goodbye, a time to book. */
function action(text: string): Intent | null {
  const intent = classifyIntent(text);
  if (intent === "booking") return TIME_HINT.test(normaliseUtterance(text)) ? intent : null;
  return ["dnc", "callback", "person", "bye"].includes(intent) ? intent : null;
}

/**
 * Utterances whose heard words ask for an action their speaker never asked for: acted on when heard with
 * confidence (brain/heard-confidence.ts), otherwise the agent asks first.
 */
function reportActions(clips: Clip[], hyps: Array<{ utterances?: HeardUtterance[] }>): void {
  const acted: string[] = [];
  let confirmed = 0;
  hyps.forEach((h, i) => {
    for (const u of h.utterances ?? []) {
      const heard = action(u.text);
      if (!heard || heard === action(clips[i]!.reference)) continue;
      if (isSure(u.confidence))
        acted.push(`${clips[i]!.id}: "${u.text}" (${heard}, confidence ${u.confidence?.toFixed(2)})`);
      else confirmed++;
    }
  });
  console.log(
    `   actions nobody asked for: ${acted.length} acted ` +
      `on${acted.length ? ` (${acted.join("; ")})` : ""}, ${confirmed} asked ` +
      "about first",
  );
}

/** Domain words in what was heard that the speaker never said. */
export function inventedDomainWords(reference: string, heard: string): string[] {
  const said = new Set(words(reference));
  return words(heard).filter((w) => DOMAIN_WORDS.has(w) && !said.has(w));
}

/** Pooled word error rate from NIST's scorer: the "Sum/Avg" line of its summary (Err is the last percentage). */
function sclite(
  clips: Clip[],
  hyps: Array<{ id: string; text: string }>,
): { wer: number; errors: number; refWords: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-hearing-"));
  const trn = (rows: Array<{ id: string; text: string }>) =>
    rows.map((r) => `${words(r.text).join(" ")} (dev_${r.id.replace(/-/g, "_")})`).join("\n") + "\n";
  fs.writeFileSync(path.join(dir, "ref.trn"), trn(clips.map((c) => ({ id: c.id, text: c.reference }))));
  fs.writeFileSync(path.join(dir, "hyp.trn"), trn(hyps));
  const out = execFileSync(
    SCLITE,
    ["-r", "ref.trn", "trn", "-h", "hyp.trn", "trn", "-i", "spu_id", "-o", "sum", "stdout"],
    { cwd: dir, encoding: "utf8" },
  );
  fs.rmSync(dir, { recursive: true, force: true });
  const sum = out.split("\n").find((l) => l.includes("Sum/Avg"));
  if (!sum) throw new Error(`sclite printed no summary:\n${out}`);
  // | Sum/Avg | #Snt #Wrd | Corr Sub Del Ins Err S.Err |: counts or percentages depending on the report
  const cells = sum.split("|").map((c) => c.trim().split(/\s+/).map(Number));
  const [, wrd] = cells[2]!;
  const err = cells[3]![4]!;
  return { wer: err, errors: Math.round((err * wrd!) / 100), refWords: wrd! };
}

/**
 * The whole clip (at 16 kHz, or as a phone line carries it) through
 * pocketsphinx_continuous with the general model, as a reference point.
 */
function decodeWhole(pcm: Pcm, phone: boolean): string {
  const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-whole-")), "clip.wav");
  const leg = asLegAudio(pcm, phone);
  fs.writeFileSync(wav, encodeWav(resample(leg.samples, leg.rate, 16_000), 16_000));
  const out = execFileSync(
    "pocketsphinx_continuous",
    [
      "-hmm",
      path.join(MODEL, "en-us"),
      "-lm",
      path.join(MODEL, "en-us.lm.bin"),
      "-dict",
      path.join(MODEL, "cmudict-en-us.dict"),
      "-infile",
      wav,
    ],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  fs.rmSync(path.dirname(wav), { recursive: true, force: true });
  return out
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join(" ");
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
