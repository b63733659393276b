import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { FRAME_MS, samplesPerFrame } from "./frames.ts";
import { resample } from "./resample.ts";
import { createEndpointer, createVad } from "./vad.ts";
import { decodeWav } from "./wav.ts";

// Real recorded speech from Debian's pocketsphinx-testdata (installed by scripts/ensure-system-packages.sh).
const CLIP = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav";

/** The utterances [start, end] in ms the call's VAD and endpointer find in 16 kHz audio. */
function utterances(samples: Int16Array): Array<[number, number]> {
  const vad = createVad();
  const endpointer = createEndpointer({ silenceMs: 500 });
  const frame = samplesPerFrame(16_000);
  const found: Array<[number, number]> = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    const e = endpointer.push(vad.isSpeech(samples.subarray(at, at + frame)));
    if (e?.type === "speech-end") found.push([e.atMs - e.speechMs, e.atMs]);
  }
  return found;
}

const withSilence = (samples: Int16Array, ms: number) => {
  const out = new Int16Array(samples.length + 16 * ms);
  out.set(samples);
  return out;
};

test("a read sentence of 7 s with soft syllables is one utterance, not cut after its loud start", () => {
  const pcm = decodeWav(fs.readFileSync(CLIP));
  const speech = withSilence(resample(pcm.samples, pcm.sampleRate, 16_000), 1000);
  const found = utterances(speech);
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.ok(found[0]![1] > 6500, `speech runs to the end of the reading: ${found[0]![1]} ms`);
});

test("steady noise is not speech for long: the floor rises to it and the utterance ends", () => {
  const noise = new Int16Array(16_000 * 8).map(() => Math.round((Math.random() - 0.5) * 2000)); // about -34 dBFS
  const found = utterances(noise);
  assert.ok(found.length >= 1 && found[0]![1] - found[0]![0] <= 4000 + 10 * FRAME_MS, JSON.stringify(found));
});
