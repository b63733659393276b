/**
 * Thinking pauses in real speech: a dev-set clip with one silence put in after a word a phrase cannot end
 * on ("…prudently in | his power", "he was not an | ill disposed"), as a caller pauses mid-phrase. The
 * word's end comes from plain pocketsphinx's word times on the whole clip (only words the reference holds);
 * the pause is the clip's own quietest background, so the line's noise goes on as in a real pause.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { samplesPerFrame } from "../../packages/voice/src/audio/frames.ts";
import { encodeWav } from "../../packages/voice/src/audio/wav.ts";

const MODEL = "/usr/share/pocketsphinx/model/en-us";
// Words a phrase cannot end on (a subset of turn-taking/utterance-completeness.ts's, chosen independently
// of it: prepositions, articles, conjunctions).
const MID_PHRASE = new Set("to of in on at for with from by a an the and or but than".split(" "));
const EDGE_MS = 400; // not right at the start or the end of the speech

export type PausedClip = { id: string; afterWord: string; atMs: number; samples: Int16Array };

/** The clip (16 kHz mono) with a `pauseMs` silence after its first mid-phrase word, or null when it has none. */
export function withThinkingPause(
  id: string,
  samples: Int16Array,
  reference: string,
  pauseMs: number,
): PausedClip | null {
  const said = new Set(reference.split(/\s+/));
  const words = wordTimes(samples);
  const speechEnd = words.at(-1)?.endMs ?? 0;
  const at = words.find(
    (w) => MID_PHRASE.has(w.word) && said.has(w.word) && w.endMs > EDGE_MS && w.endMs < speechEnd - EDGE_MS,
  );
  if (!at) return null;
  const cut = Math.round((at.endMs * 16_000) / 1000);
  const pause = background(samples, Math.round((pauseMs * 16_000) / 1000));
  const out = new Int16Array(samples.length + pause.length);
  out.set(samples.subarray(0, cut));
  out.set(pause, cut);
  out.set(samples.subarray(cut), cut + pause.length);
  return { id, afterWord: at.word, atMs: at.endMs, samples: out };
}

/** Word end times (ms) of the whole clip decoded by plain pocketsphinx with the general model. */
function wordTimes(samples: Int16Array): Array<{ word: string; endMs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-pause-"));
  try {
    const wav = path.join(dir, "clip.wav");
    fs.writeFileSync(wav, encodeWav(samples, 16_000));
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
        "-time",
        "yes",
      ],
      {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      },
    );
    // "word(2) 1.110 1.290 0.47": the word, its start and end in seconds, its posterior
    return out
      .split("\n")
      .map((l) => l.trim().split(/\s+/))
      .filter((p) => p.length === 4 && !/^[<[]/.test(p[0]!))
      .map((p) => ({ word: p[0]!.replace(/\(\d+\)$/, ""), endMs: Math.round(Number(p[2]) * 1000) }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `length` samples of the clip's quietest 100 ms, repeated: its own room noise. */
function background(samples: Int16Array, length: number): Int16Array {
  const win = samplesPerFrame(16_000) * 5;
  let best = 0;
  let bestEnergy = Infinity;
  for (let at = 0; at + win <= samples.length; at += win / 2) {
    let e = 0;
    for (let i = at; i < at + win; i++) e += samples[i]! * samples[i]!;
    if (e < bestEnergy) [best, bestEnergy] = [at, e];
  }
  const quiet = samples.subarray(best, best + win);
  return Int16Array.from({ length }, (_, i) => quiet[i % quiet.length]!);
}
