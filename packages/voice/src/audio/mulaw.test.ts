import { test } from "node:test";
import assert from "node:assert/strict";
import { decodeMulaw, decodeMulawSample, encodeMulaw, encodeMulawSample } from "./mulaw.ts";

test("known G.711 mu-law code points", () => {
  assert.equal(encodeMulawSample(0), 0xff);
  assert.equal(encodeMulawSample(-1), 0x7f);
  assert.equal(encodeMulawSample(32767), 0x80);
  assert.equal(encodeMulawSample(-32768), 0x00);
  assert.equal(decodeMulawSample(0xff), 0);
  assert.equal(decodeMulawSample(0x80), 32124);
  assert.equal(decodeMulawSample(0x00), -32124);
  assert.equal(decodeMulawSample(0xfe), 8); // first step of segment 0
  assert.equal(decodeMulawSample(0xef), 132); // first level of segment 1
});

test("decoding is symmetric around zero and monotonic across the code book", () => {
  for (let b = 0; b < 128; b++) assert.equal(decodeMulawSample(b), -decodeMulawSample(b | 0x80));
  for (let b = 0x80; b < 0xff; b++) assert.ok(decodeMulawSample(b) > decodeMulawSample(b + 1), `code ${b}`);
});

test("round trip stays within the codec's quantisation step (about 3% of the level)", () => {
  const pcm = new Int16Array(4000);
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(30000 * Math.sin((2 * Math.PI * 440 * i) / 8000) * (i / pcm.length));
  const back = decodeMulaw(encodeMulaw(pcm));
  assert.equal(back.length, pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    const err = Math.abs(back[i]! - pcm[i]!);
    assert.ok(err <= Math.max(8, Math.abs(pcm[i]!) * 0.035), `sample ${i}: ${pcm[i]} → ${back[i]}`);
  }
});

test("encoding a decoded byte gives the same byte back", () => {
  for (let b = 0; b < 256; b++) {
    if (b === 0x7f) continue; // negative zero decodes to 0, which encodes as positive zero
    assert.equal(encodeMulawSample(decodeMulawSample(b)), b, `code ${b}`);
  }
});
