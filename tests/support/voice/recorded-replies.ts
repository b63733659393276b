import fs from "node:fs";
import path from "node:path";
import { encodeWav, toMono } from "@parley/voice/audio/wav";
import { readReplies, replyAudio } from "../../../scripts/bench/replies-set.ts";

/** Silence around a cut word, as a callee leaves before and after a one-word answer. */
const PAD_MS = 400;

/**
 * A real recorded reply of tests/speech-dev-set/replies.json (cut to its span, as the phone line's copy) written as a
 * WAV into `dir` for a simulated callee's `play:` step; returns the file's name, or null when its audio is not
 * installed.
 */
export function writeRecordedReply(dir: string, id: string): string | null {
  const reply = readReplies().find((r) => r.id === id);
  if (!reply) throw new Error(`no clip "${id}" in replies.json`);
  if (!fs.existsSync(path.join(reply.root, reply.file))) return null;
  const pcm = replyAudio(reply, false);
  const mono = toMono(pcm.samples, pcm.channels);
  const pad = Math.round((PAD_MS / 1000) * pcm.sampleRate);
  const padded = new Int16Array(mono.length + 2 * pad);
  padded.set(mono, pad);
  const file = `${id}.wav`;
  fs.writeFileSync(path.join(dir, file), encodeWav(padded, pcm.sampleRate));
  return file;
}
