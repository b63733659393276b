import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { FRAME_MS, samplesPerFrame } from "../audio/frames.ts";
import { resample } from "../audio/resample.ts";
import { createEndpointer, createVad } from "../audio/vad.ts";
import { decodeWav } from "../audio/wav.ts";
import { DEFAULT_TURN_TAKING } from "../session/session-types.ts";
import { silenceToEndTurn, type EndpointPolicy } from "./endpoint-policy.ts";
import { fixedEndpoint } from "../../../../tests/support/voice/fixed-endpoint.ts";
import { judgeCompleteness } from "./utterance-completeness.ts";

// Real recorded speech from Debian's pocketsphinx-testdata (the dev set's librivox-0880): "he was not an ill
// disposed young man", with where each word ends (ms) as pocketsphinx aligns it (-time yes).
const CLIP = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav";
const WORD_ENDS: Array<[string, number]> = [
  ["he", 320],
  ["was", 540],
  ["not", 970],
  ["an", 1290],
  ["ill", 1500],
  ["disposed", 2040],
  ["young", 2320],
  ["man", 2790],
];
const PAUSE_AT = 1290; // after "an": the caller stops to think mid-phrase
const PAUSE_MS = 700;

const rate = 16_000;
const pcm = decodeWav(fs.readFileSync(CLIP));
const speech = resample(pcm.samples, pcm.sampleRate, rate);

/** The clip with a thinking pause of the clip's own background noise after "an", then a second of it. */
function withPause(): Int16Array {
  const quiet = quietest(speech, rate / 10);
  const noise = (ms: number) => Int16Array.from({ length: (ms * rate) / 1000 }, (_, i) => quiet[i % quiet.length]!);
  const cut = (PAUSE_AT * rate) / 1000;
  return Int16Array.from([...speech.subarray(0, cut), ...noise(PAUSE_MS), ...speech.subarray(cut), ...noise(1000)]);
}

/** The clip's quietest stretch of `n` samples: its room noise. */
function quietest(samples: Int16Array, n: number): Int16Array {
  let best = 0;
  let least = Infinity;
  for (let at = 0; at + n <= samples.length; at += n / 4) {
    const energy = samples.subarray(at, at + n).reduce((e, x) => e + x * x, 0);
    if (energy < least) [best, least] = [at, energy];
  }
  return samples.subarray(best, best + n);
}

/** The words said by `ms` of the recording (a streaming recogniser's partial text, as if it kept up). */
function heardBy(ms: number): string {
  const spoken = ms > PAUSE_AT + PAUSE_MS ? ms - PAUSE_MS : Math.min(ms, PAUSE_AT);
  return WORD_ENDS.filter(([, end]) => end <= spoken)
    .map(([w]) => w)
    .join(" ");
}

/** The utterances the VAD and endpointer make of it under a policy: [start, end, ms the endpoint waited]. */
function utterances(policy: EndpointPolicy): Array<[number, number, number]> {
  const samples = withPause();
  const vad = createVad();
  let now = 0;
  const endpointer = createEndpointer({
    silenceMs: (speechMs) => silenceToEndTurn(policy, { words: judgeCompleteness(heardBy(now)), speechMs }),
  });
  const frame = samplesPerFrame(rate);
  const found: Array<[number, number, number]> = [];
  for (let at = 0; at + frame <= samples.length; at += frame) {
    now += FRAME_MS;
    const e = endpointer.push(vad.isSpeech(samples.subarray(at, at + frame)));
    if (e?.type === "speech-end") found.push([e.atMs - e.speechMs, e.atMs, now - e.atMs]);
  }
  return found;
}

test("a fixed 500 ms silence cuts a real sentence at a thinking pause after 'an'", () => {
  const found = utterances(fixedEndpoint(500));
  assert.equal(found.length, 2, JSON.stringify(found));
  assert.ok(Math.abs(found[0]![1] - PAUSE_AT) < 150, `first part ends at the pause: ${JSON.stringify(found)}`);
});

test("listening to the words waits out the pause (…not an), ends sooner after the whole sentence (…young man)", () => {
  const found = utterances(DEFAULT_TURN_TAKING);
  assert.equal(found.length, 1, JSON.stringify(found));
  const [, end, waited] = found[0]!;
  assert.ok(end > 2700 + PAUSE_MS, `one utterance to the end of the reading: ${JSON.stringify(found)}`);
  assert.ok(waited <= DEFAULT_TURN_TAKING.completeTurnSilenceMs + FRAME_MS, `ended ${waited} ms after "man"`);
  assert.ok(waited < DEFAULT_TURN_TAKING.endOfTurnSilenceMs);
});
