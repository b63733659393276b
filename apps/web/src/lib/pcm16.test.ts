import { test } from "node:test";
import assert from "node:assert/strict";
import {
  bytesToPcm16,
  createDownsampler,
  createFrameChunker,
  floatToPcm16,
  joinPcm16,
  meterLevel,
  pcm16ToBytes,
  pcm16ToFloat,
  pcm16ToWav,
} from "./pcm16.ts";

const sine = (rate: number, freq: number, ms: number) =>
  Float32Array.from({ length: (rate * ms) / 1000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * freq * i) / rate));
const rms = (a: Float32Array) => Math.sqrt(a.reduce((s, x) => s + x * x, 0) / a.length);

test("48 kHz and 44.1 kHz become exactly 16 kHz, however the blocks are cut", () => {
  for (const rate of [48_000, 44_100]) {
    const down = createDownsampler(rate);
    const input = sine(rate, 440, 1000);
    let total = 0;
    for (let at = 0; at < input.length; at += 128) total += down(input.subarray(at, at + 128)).length;
    assert.equal(total, 16_000, `from ${rate}`);
  }
});

test("speech-band tones pass; a tone above 8 kHz is strongly attenuated instead of aliasing at full level", () => {
  const pass = createDownsampler(48_000)(sine(48_000, 1000, 200));
  assert.ok(rms(pass) > 0.33, `1 kHz rms ${rms(pass)}`); // 0.5 amplitude sine: rms 0.354
  const high = createDownsampler(48_000)(sine(48_000, 15_000, 200));
  assert.ok(rms(high) < 0.1, `15 kHz rms ${rms(high)}`);
});

test("PCM16 conversions clamp, round-trip and are little-endian on the wire", () => {
  const pcm = floatToPcm16(Float32Array.from([0, 1, -1, 2, -2, 0.5]));
  assert.deepEqual([...pcm], [0, 32767, -32768, 32767, -32768, 16384]);
  const bytes = pcm16ToBytes(Int16Array.from([1, -2]));
  assert.deepEqual([...new Uint8Array(bytes)], [1, 0, 0xfe, 0xff]);
  assert.deepEqual([...bytesToPcm16(bytes)], [1, -2]);
  assert.equal(pcm16ToFloat(Int16Array.from([-32768]))[0], -1);
});

test("the chunker emits whole 20 ms frames and keeps the rest", () => {
  const chunk = createFrameChunker();
  assert.equal(chunk(new Int16Array(300)).length, 0);
  const frames = chunk(Int16Array.from({ length: 400 }, (_, i) => i + 1));
  assert.equal(frames.length, 2);
  assert.ok(frames.every((f) => f.length === 320));
  assert.equal(frames[0]![299], 0);
  assert.equal(frames[0]![300], 1);
  assert.equal(frames[1]![0], 21);
  // 60 samples wait; 260 more make one frame that starts with them.
  const next = chunk(Int16Array.from({ length: 260 }, () => -1));
  assert.equal(next.length, 1);
  assert.equal(next[0]![0], 341);
  assert.equal(next[0]![60], -1);
});

test("the meter reads silence as 0 and full scale as 1", () => {
  assert.equal(meterLevel(new Float32Array(128)), 0);
  assert.equal(meterLevel(Float32Array.from([1, -1])), 1);
  const mid = meterLevel(Float32Array.from([0.03]));
  assert.ok(mid > 0.4 && mid < 0.6, String(mid));
});

test("frames joined and written as a WAV read back as the same 16 kHz mono samples", async () => {
  const { decodeWav } = await import("../../../../packages/voice/src/audio/wav.ts");
  const frames = [Int16Array.from([1, -2, 3]), Int16Array.from([32767, -32768])];
  const wav = Buffer.from(pcm16ToWav(joinPcm16(frames)));
  assert.equal(wav.length, 44 + 10);
  const pcm = decodeWav(wav);
  assert.deepEqual(
    { sampleRate: pcm.sampleRate, channels: pcm.channels, samples: [...pcm.samples] },
    { sampleRate: 16_000, channels: 1, samples: [1, -2, 3, 32767, -32768] },
  );
});

test("a tone recorded at 44.1 kHz comes out as that tone alone (no tones added by uneven windows)", () => {
  for (const freq of [1000, 3000]) {
    const out = createDownsampler(44_100)(sine(44_100, freq, 1000)).subarray(100, 15_900);
    // Least-squares fit of the tone at 16 kHz; what is left is distortion.
    let [ss, cc, sc, ys, yc] = [0, 0, 0, 0, 0];
    const w = (2 * Math.PI * freq) / 16_000;
    out.forEach((y, i) => {
      const [s, c] = [Math.sin(w * i), Math.cos(w * i)];
      [ss, cc, sc, ys, yc] = [ss + s * s, cc + c * c, sc + s * c, ys + y * s, yc + y * c];
    });
    const det = ss * cc - sc * sc;
    const [a, b] = [(ys * cc - yc * sc) / det, (yc * ss - ys * sc) / det];
    const residual = Float32Array.from(out, (y, i) => y - a * Math.sin(w * i) - b * Math.cos(w * i));
    const db = 20 * Math.log10(rms(residual) / Math.hypot(a, b) / Math.SQRT1_2);
    assert.ok(db < -60, `${freq} Hz: distortion ${db.toFixed(1)} dB`);
  }
});
