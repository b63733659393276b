/**
 * Short replies heard by what was asked: real recorded answers (tests/speech-dev-set/replies.json) through the call's
 * listening path under the expectation of the agent's question (a number, a day, yes/no), and the hearing sets' real
 * sentences under the yes/no and number expectations, where the right outcome is open speech (never an answer
 * taken). At 16 kHz and through the phone line (8 kHz mu-law), clean and with pink noise 10 dB under the speech.
 * Each expectation is one call in which the callee answers question after question. Per expectation: taken right,
 * taken wrong, asked again, and heard as open speech. `npm run bench -- replies quick`
 * plays every fourth sentence only, for a busy machine. `npm run bench -- replies calls` measures the held-out
 * replies through whole call sessions instead (replies-calls.ts), clean; `replies calls noise` adds pink noise.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import { resample } from "../../packages/voice/src/audio/resample.ts";
import { decodeWav, type Pcm, toMono } from "../../packages/voice/src/audio/wav.ts";
import type { Expectation } from "../../packages/voice/src/expectation/expectation.ts";
import { readAnswer } from "../../packages/voice/src/expectation/read-answer.ts";
import {
  type HeardUtterance,
  type TranscribeOptions,
  transcribeRecording,
} from "../../packages/voice/src/listening/transcribe-recording.ts";
import { createPocketsphinxStt } from "../../packages/voice/src/providers/stt/pocketsphinx/pocketsphinx-stt.ts";
import { heldOutCalls } from "./replies-calls.ts";
import { expectationOf, HELD_OUT, readReplies, replyAudio } from "./replies-set.ts";
import { PSPHINX_TESTDATA, readSpeechDevSet } from "./speech-dev-set.ts";

const PROMPTS_ROOT = "/usr/share/asterisk/sounds/en_US_f_Allison";
const SNR_DB = 10;
const GAP_MS = 1500;
const QUICK = process.argv.includes("quick");
const CALLS = process.argv.includes("calls");
const NOISY_CALLS = process.argv.includes("noise");

type Outcome = "right" | "wrong" | "asked again" | "open";
type Trial = { id: string; expectation: Expectation; expected: string | null; pcm: Pcm };

export async function run(): Promise<void> {
  if (!fs.existsSync(PROMPTS_ROOT) || !fs.existsSync(PSPHINX_TESTDATA))
    return console.log(
      "skipped: needs Debian's asterisk-core-sounds-en-wav, asterisk-core-sounds-en-g722 " +
        "and pocketsphinx-testdata (bash scripts/ensure-system-packages.sh)",
    );
  const vad = requireSileroVad();
  const stt = createPocketsphinxStt();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "parley-replies-"));
  const noise = { 8000: pinkNoise(tmp, 8000), 16000: pinkNoise(tmp, 16_000) };
  console.log(`engine: pocketsphinx, ${stt.engine}; noise: sox's pink noise ${SNR_DB} dB under the speech`);
  if (CALLS) return callMode(stt, vad, noise, tmp);
  const finals: number[] = [];
  for (const phone of [false, true]) {
    for (const noisy of [false, true]) {
      const trials = [...replyTrials(phone), ...sentenceTrials(phone)].map((t) =>
        noisy ? { ...t, pcm: withNoise(t.pcm, noise[t.pcm.sampleRate as 8000 | 16000], t.id.length) } : t,
      );
      const tally = new Map<string, Record<Outcome, number>>();
      const wrong: string[] = [];
      for (const kind of ["yes-no", "number", "time"] as const) {
        const asked = trials.filter((t) => t.expectation.kind === kind);
        if (!asked.length) continue;
        // Clean calls at 16 kHz are played at the call's pace, so the wait for the final text is a call's.
        const realTime = !phone && !noisy;
        const heard = await hearCall(asked, { stt, vad, phone, expectation: asked[0]!.expectation, realTime });
        asked.forEach((t, i) => {
          if (realTime && t.expected !== null) finals.push(...heard[i]!.map((u) => u.final_ms));
          const outcome = outcomeOf(heard[i]!, t.expected);
          const row = `${kind}, ${t.expected === null ? "open speech" : "answers"}`;
          const counts = tally.get(row) ?? { right: 0, wrong: 0, "asked again": 0, open: 0 };
          counts[outcome]++;
          tally.set(row, counts);
          if (outcome === "wrong")
            wrong.push(`${t.id}: "${heard[i]!.map((u) => u.text).join(" / ")}" taken as ${taken(heard[i]!)}`);
        });
      }
      console.log(
        `${phone ? "phone line (8 kHz mu-law)" : "16 kHz"}, ${noisy ? `pink noise ${SNR_DB} dB under` : "clean"}:`,
      );
      for (const [row, c] of [...tally].sort(([a], [b]) => a.localeCompare(b))) {
        const n = c.right + c.wrong + c["asked again"] + c.open;
        const pct = (x: number) => `${((x / n) * 100).toFixed(0)}%`;
        const right = row.endsWith("open speech") ? c.open : c.right;
        console.log(
          `   ${row}: n=${n}, right ${right} (${pct(right)}), taken wrong ` +
            `${c.wrong} (${pct(c.wrong)}), asked again ${c["asked again"]}` +
            (row.endsWith("open speech") ? "" : `, heard as open speech ${c.open}`),
        );
      }
      if (wrong.length) console.log(`   taken wrong: ${wrong.join("; ")}`);
    }
  }
  if (finals.length)
    console.log(
      `endpoint → final text, clean replies at 16 kHz at the call's pace: p50 ${pct(finals, 50)} ms, p95 ` +
        `${pct(finals, 95)} ms (n=${finals.length}; wall clock, whatever else this machine runs)`,
    );
  fs.rmSync(tmp, { recursive: true, force: true });
}

/** The held-out replies through whole call sessions, at 16 kHz and on the phone line (replies-calls.ts). */
async function callMode(
  stt: ReturnType<typeof createPocketsphinxStt>,
  vad: ReturnType<typeof requireSileroVad>,
  noise: Record<8000 | 16000, Int16Array>,
  tmp: string,
): Promise<void> {
  console.log(`held-out replies (${HELD_OUT}) through whole calls, load ${os.loadavg()[0]!.toFixed(1)}`);
  for (const noisy of NOISY_CALLS ? [false, true] : [false])
    for (const phone of [false, true]) {
      const started = performance.now();
      const addNoise = ({ id, pcm }: { id: string; pcm: Pcm }) =>
        withNoise(pcm, noise[pcm.sampleRate as 8000 | 16000], id.length);
      const tallies = await heldOutCalls({ stt, vad, phone, ...(noisy ? { noise: addNoise } : {}) });
      const line = phone ? "phone line (8 kHz mu-law)" : "16 kHz";
      console.log(`${line}, ${noisy ? `pink noise ${SNR_DB} dB under` : "clean"} (${secs(started)} s):`);
      for (const t of tallies.sort((a, b) => a.row.localeCompare(b.row))) {
        const c = t.counts;
        const n = c.right + c.wrong + c["asked again"] + c.open;
        const open = t.row.endsWith("open speech");
        console.log(
          `   ${t.row}: n=${n}, ${open ? "heard as open speech" : "taken right"} ${open ? c.open : c.right}, ` +
            `taken wrong ${c.wrong}, asked again ${c["asked again"]}${open ? "" : `, heard as open speech ${c.open}`}`,
        );
        if (t.wrong.length) console.log(`      taken wrong: ${t.wrong.join("; ")}`);
      }
    }
  fs.rmSync(tmp, { recursive: true, force: true });
}

const secs = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/**
 * One call per expectation: the callee answers question after question, each trial's audio after 1.5 s of quiet
 * (at 16 kHz; the phone line is made from it). What was heard of each trial: the utterances that start in its turn.
 */
async function hearCall(trials: Trial[], o: Omit<TranscribeOptions, "vocabulary">): Promise<HeardUtterance[][]> {
  const gap = GAP_MS * 16;
  const clips = trials.map((t) => resample(toMono(t.pcm.samples, t.pcm.channels), t.pcm.sampleRate, 16_000));
  const starts: number[] = [];
  let length = 0;
  for (const c of clips) {
    starts.push(((length + gap) / 16_000) * 1000);
    length += gap + c.length;
  }
  const samples = new Int16Array(length);
  clips.forEach((c, i) => void samples.set(c, (starts[i]! * 16_000) / 1000));
  const heard = await transcribeRecording({ sampleRate: 16_000, channels: 1, samples }, o);
  const turnOf = (ms: number) => starts.filter((s) => s - GAP_MS / 2 <= ms).length - 1;
  return trials.map((_, i) => heard.filter((u) => turnOf(u.start_ms) === i));
}

/** Each real reply under its expectation; the right answer is what its reference reads as. */
function replyTrials(phone: boolean): Trial[] {
  return readReplies().map((r) => {
    const expectation = expectationOf(r.expect);
    return {
      id: r.id,
      expectation,
      expected: readAnswer(expectation, r.reference)?.value ?? null,
      pcm: replyAudio(r, !phone),
    };
  });
}

/** The hearing sets' sentences under the yes/no and number expectations (the right outcome: no answer taken). */
function sentenceTrials(phone: boolean): Trial[] {
  const prompts = readSpeechDevSet("phone-prompts", { wideband: !phone });
  const clips = [...prompts, ...readSpeechDevSet("dev-set")].filter((_, i) => !QUICK || i % 4 === 0);
  return (["yes-no", "number"] as const).flatMap((kind) =>
    clips.map((c) => {
      const expectation = expectationOf(kind);
      return {
        id: `${kind}:${c.id}`,
        expectation,
        expected: readAnswer(expectation, c.reference)?.value ?? null,
        pcm: c.pcm,
      };
    }),
  );
}

const taken = (heard: HeardUtterance[]) => heard.find((u) => u.answer !== null)?.answer ?? null;

/** An answer taken is right or wrong; otherwise asked again (or nothing heard of a real answer), or open speech. */
function outcomeOf(heard: HeardUtterance[], expected: string | null): Outcome {
  const answer = taken(heard);
  if (answer !== null) return answer === expected ? "right" : "wrong";
  if (heard.some((u) => u.asked_again) || (expected !== null && !heard.length)) return "asked again";
  return "open";
}

/** Seconds of sox's pink noise at `rate` (repeatable: sox's default seed). */
function pinkNoise(dir: string, rate: number): Int16Array {
  const file = path.join(dir, `pink-${rate}.wav`);
  execFileSync("sox", [
    "-R",
    "-n",
    "-r",
    String(rate),
    "-c",
    "1",
    "-b",
    "16",
    file,
    "synth",
    "30",
    "pinknoise",
    "vol",
    "0.3",
  ]);
  return decodeWav(fs.readFileSync(file)).samples;
}

/**
 * The speech with noise `SNR_DB` under its active level (20 ms frames within 30 dB of its loudest), from its own place.
 */
function withNoise(pcm: Pcm, noise: Int16Array, offset: number): Pcm {
  const frame = pcm.sampleRate / 50;
  const powers: number[] = [];
  for (let at = 0; at + frame <= pcm.samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += pcm.samples[i]! ** 2;
    powers.push(sum / frame);
  }
  const loudest = Math.max(...powers, 1);
  const active = powers.filter((p) => p >= loudest / 1000);
  const speech = active.reduce((a, b) => a + b, 0) / Math.max(1, active.length);
  const noisePower = noise.reduce((a, s) => a + s * s, 0) / noise.length;
  const gain = Math.sqrt(speech / noisePower / 10 ** (SNR_DB / 10));
  const samples = pcm.samples.map((s, i) =>
    Math.max(-32768, Math.min(32767, Math.round(s + gain * noise[(i + offset * 7919) % noise.length]!))),
  );
  return { ...pcm, samples };
}

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
