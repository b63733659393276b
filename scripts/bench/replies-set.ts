/**
 * The real replies of tests/speech-dev-set/replies.json: each clip's audio as published for phone lines (8 kHz)
 * or at 16 kHz (its wideband original), cut to its span when it has one.
 */
import fs from "node:fs";
import path from "node:path";
import { decodeG722 } from "../../packages/voice/src/audio/g722.ts";
import { decodeWav, type Pcm } from "../../packages/voice/src/audio/wav.ts";
import type { Expectation } from "../../packages/voice/src/expectation/expectation.ts";

export type Reply = {
  id: string;
  expect: "yes-no" | "number" | "time" | "choice";
  /** A choice's options. */
  options?: string[];
  root: string;
  file: string;
  /** The same recording at 16 kHz (G.722), when the file is the phone line's 8 kHz copy. */
  wideband?: string;
  rawRate?: number;
  spanMs?: [number, number];
  reference: string;
};

const SET_DIR = path.resolve(import.meta.dirname, "../../tests/speech-dev-set");
/** The dev set (tuned on) and the held-out replies (measured on only). */
export const DEV = "replies.json";
export const HELD_OUT = "replies-held-out.json";

export function readReplies(file: string = DEV): Reply[] {
  return (JSON.parse(fs.readFileSync(path.join(SET_DIR, file), "utf8")) as { clips: Reply[] }).clips;
}

/** The reply's audio: `wideband` its 16 kHz original (when it has one), else the file as published. */
export function replyAudio(r: Reply, wideband: boolean): Pcm {
  const pcm = readAudio(r, wideband);
  if (!r.spanMs) return pcm;
  const at = (ms: number) => Math.round((ms / 1000) * pcm.sampleRate) * pcm.channels;
  return { ...pcm, samples: pcm.samples.slice(at(r.spanMs[0]), at(r.spanMs[1])) };
}

function readAudio(r: Reply, wideband: boolean): Pcm {
  if (wideband && r.wideband)
    return { sampleRate: 16_000, channels: 1, samples: decodeG722(fs.readFileSync(path.join(r.root, r.wideband))) };
  const bytes = fs.readFileSync(path.join(r.root, r.file));
  if (!r.rawRate) return decodeWav(bytes);
  const samples = new Int16Array(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length - (bytes.length % 2)),
  );
  return { sampleRate: r.rawRate, channels: 1, samples };
}

/** The reply's expectation; times are read relative to a fixed Monday morning, so the answers do not move. */
export function expectationOf(kind: Reply["expect"], options: string[] = []): Expectation {
  if (kind === "choice") return { kind, options };
  return kind === "time" ? { kind, now: new Date("2026-03-02T10:00:00Z"), timezone: "UTC" } : { kind };
}
