/**
 * Voice activity on real speech with noise mixed in: the speech dev set (Debian's pocketsphinx-testdata),
 * each clip after 3 s of the line alone (the greeting's time, when a call's VAD learns the line) and before
 * 1 s more, with sox's white, pink and brown noise at 20, 10 and 5 dB SNR, at 16 kHz and through the phone
 * line (8 kHz mu-law). Every 20 ms frame is judged against where the words are: pocketsphinx aligning the
 * clip's reference transcript to its clean audio (a grammar of that one sentence, silences allowed).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createVad, type VadFactory } from "../../packages/voice/src/audio/vad.ts";
import { requireSileroVad } from "../../packages/voice/src/audio/silero-vad.ts";
import { decodeWav, encodeWav } from "../../packages/voice/src/audio/wav.ts";
import { asLegAudio } from "../../packages/voice/src/listening/transcribe-recording.ts";
import { PSPHINX_TESTDATA, readSpeechDevSet } from "./speech-dev-set.ts";

const MODEL = "/usr/share/pocketsphinx/model/en-us";
const RATE = 16_000;
const FRAME = RATE / 50;
const LEAD_MS = 3000;
const TAIL_MS = 1000;
const NOISES = ["whitenoise", "pinknoise", "brownnoise"] as const;
const SNRS_DB = [20, 10, 5];

type Tally = { speech: number; missed: number; quiet: number; falseAlarms: number };

export async function run(): Promise<void> {
  if (!fs.existsSync(PSPHINX_TESTDATA))
    return console.log(
      "skipped: needs Debian's pocketsphinx-testdata and sox (bash scripts/ensure-system-packages.sh)",
    );
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "parley-vad-"));
  const noise = Object.fromEntries(NOISES.map((kind) => [kind, soxNoise(tmp, kind)]));
  const vads: Record<string, VadFactory> = { energy: () => createVad(), silero: requireSileroVad() };
  const tallies = new Map<string, Tally>();
  const cost: Record<string, { ms: number; frames: number }> = {
    energy: { ms: 0, frames: 0 },
    silero: { ms: 0, frames: 0 },
  };
  const clips = readSpeechDevSet();

  for (const clip of clips) {
    const clean = asLegAudio(clip.pcm, false).samples;
    const words = align(tmp, clean, clip.reference);
    const padded = new Int16Array(clean.length + ((LEAD_MS + TAIL_MS) * RATE) / 1000);
    padded.set(clean, (LEAD_MS * RATE) / 1000);
    const truth = Array.from({ length: Math.floor(padded.length / FRAME) }, (_, f) =>
      words.some(([a, b]) => f * 20 + 10 - LEAD_MS >= a && f * 20 + 10 - LEAD_MS < b),
    );
    const speechPower = power(padded, truth);
    const conditions: Array<[string, Int16Array]> = [["clean", padded]];
    for (const kind of NOISES)
      for (const snr of SNRS_DB)
        conditions.push([
          `${kind.replace("noise", "")} ${snr} dB`,
          mix(padded, noise[kind]!, speechPower, snr, clip.id.length),
        ]);
    for (const [condition, audio] of conditions) {
      for (const phone of [false, true]) {
        const leg = phone
          ? asLegAudio({ sampleRate: RATE, channels: 1, samples: audio }, true)
          : { rate: RATE, samples: audio };
        const frameLen = leg.rate / 50;
        for (const [name, factory] of Object.entries(vads)) {
          const vad = factory(leg.rate);
          const started = performance.now();
          const heard = truth.map((_, f) => vad.isSpeech(leg.samples.subarray(f * frameLen, (f + 1) * frameLen)));
          cost[name]!.ms += performance.now() - started;
          cost[name]!.frames += truth.length;
          count(tallies, `${name}|${phone ? "phone" : "16 kHz"}|${condition}`, truth, heard);
        }
      }
    }
  }
  const speechS = clips.reduce((n, c) => n + c.pcm.samples.length / c.pcm.sampleRate / c.pcm.channels, 0);
  console.log(
    `dev set: ${clips.length} real recordings (${speechS.toFixed(0)} s), each after ${LEAD_MS / 1000} s and ` +
      `before ${TAIL_MS / 1000} s of the line alone; frames: 20 ms; truth: the reference aligned by pocketsphinx`,
  );
  console.log("accuracy (missed speech / false alarms) in % of frames");
  report(tallies);
  for (const [name, c] of Object.entries(cost))
    console.log(
      `${name}: ${((c.ms * 1000) / c.frames).toFixed(1)} µs of CPU per 20 ms frame ` +
        `(${((c.ms / c.frames / 20) * 100).toFixed(3)}% of a core per call)`,
    );
}

/** Seconds of sox's synthetic noise at 16 kHz (repeatable: sox's default seed). */
function soxNoise(dir: string, kind: string): Int16Array {
  const file = path.join(dir, `${kind}.wav`);
  execFileSync("sox", ["-R", "-n", "-r", String(RATE), "-c", "1", "-b", "16", file, "synth", "30", kind, "vol", "0.3"]);
  return decodeWav(fs.readFileSync(file)).samples;
}

/** The reference's words in ms of the clip: pocketsphinx's forced alignment (a one-sentence grammar). */
function align(dir: string, samples: Int16Array, reference: string): Array<[number, number]> {
  const wav = path.join(dir, "clip.wav");
  const grammar = path.join(dir, "clip.jsgf");
  fs.writeFileSync(wav, encodeWav(samples, RATE));
  fs.writeFileSync(grammar, `#JSGF V1.0;\ngrammar clip;\npublic <s> = ${reference};\n`);
  const args = [
    "-hmm",
    path.join(MODEL, "en-us"),
    "-dict",
    path.join(MODEL, "cmudict-en-us.dict"),
    "-jsgf",
    grammar,
    "-fsgusefiller",
    "yes",
    "-time",
    "yes",
    "-infile",
    wav,
  ];
  const out = execFileSync("pocketsphinx_continuous", args, { stdio: ["ignore", "pipe", "ignore"] }).toString();
  // "word start end posterior", fillers (<sil>, [NOISE]) excluded; a frame is 10 ms, so the end frame is included.
  return [...out.matchAll(/^([^<[\s]\S*) (\d+\.\d+) (\d+\.\d+) /gm)].map((m) => [
    Number(m[2]) * 1000,
    Number(m[3]) * 1000 + 10,
  ]);
}

function power(samples: Int16Array, truth: boolean[]): number {
  let sum = 0;
  let n = 0;
  truth.forEach((speech, f) => {
    if (!speech) return;
    for (let i = f * FRAME; i < (f + 1) * FRAME; i++) sum += samples[i]! ** 2;
    n += FRAME;
  });
  return sum / n;
}

/** Speech plus noise scaled to `snrDb` below the speech frames' power (each clip from its own place in the noise). */
function mix(speech: Int16Array, noise: Int16Array, speechPower: number, snrDb: number, offset: number): Int16Array {
  const gain = Math.sqrt(
    speechPower / power(noise, Array(Math.floor(noise.length / FRAME)).fill(true)) / 10 ** (snrDb / 10),
  );
  return speech.map((s, i) =>
    Math.max(-32768, Math.min(32767, Math.round(s + gain * noise[(i + offset * 7919) % noise.length]!))),
  );
}

function count(tallies: Map<string, Tally>, key: string, truth: boolean[], heard: boolean[]): void {
  const t = tallies.get(key) ?? { speech: 0, missed: 0, quiet: 0, falseAlarms: 0 };
  truth.forEach((speech, f) => {
    if (speech) t.speech++, !heard[f] && t.missed++;
    else t.quiet++, heard[f] && t.falseAlarms++;
  });
  tallies.set(key, t);
}

function report(tallies: Map<string, Tally>): void {
  const pct = (n: number, of: number) => ((100 * n) / of).toFixed(1);
  const rows = new Map<string, string[]>();
  for (const [key, t] of tallies) {
    const [vad, line, condition] = key.split("|") as [string, string, string];
    const cell =
      `${pct(t.speech + t.quiet - t.missed - t.falseAlarms, t.speech + t.quiet)} ` +
      `(${pct(t.missed, t.speech)} / ${pct(t.falseAlarms, t.quiet)})`;
    rows.set(`${line} ${condition}`, [...(rows.get(`${line} ${condition}`) ?? []), `${vad} ${cell}`]);
  }
  for (const [row, cells] of rows) console.log(`  ${row.padEnd(22)} ${cells.map((c) => c.padEnd(30)).join("")}`);
}
