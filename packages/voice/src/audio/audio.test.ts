import assert from "node:assert/strict";
import { test } from "node:test";
import { resample } from "./resample.ts";
import { decodeWav, encodeWav } from "./wav.ts";

test("a WAV round-trips its samples, rate and channels", () => {
  const samples = Int16Array.from({ length: 160 }, (_, i) => Math.round(Math.sin(i / 5) * 10000));
  const back = decodeWav(encodeWav(samples, 16000));
  assert.equal(back.sampleRate, 16000);
  assert.equal(back.channels, 1);
  assert.deepEqual([...back.samples], [...samples]);
});

test("non-WAV input is refused", () => {
  assert.throws(() => decodeWav(Buffer.from("hello world, not a wav at all!!!!!!!!!!!!!!!")), /not a WAV/);
});

test("resampling keeps duration and the shape of the signal", () => {
  const tone = Int16Array.from({ length: 22050 }, (_, i) =>
    Math.round(Math.sin((2 * Math.PI * 440 * i) / 22050) * 8000),
  );
  const out = resample(tone, 22050, 16000);
  assert.equal(out.length, 16000);
  const peak = out.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  assert.ok(peak > 7500 && peak <= 8000, `peak ${peak}`);
  assert.equal(resample(tone, 16000, 16000), tone);
});
