import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { decodeWav } from "./wav.ts";
import { decodeG722 } from "./g722.ts";
import { shareAbove4kHz } from "../../../../tests/support/wideband-audio.ts";

// One of Asterisk's prompts in both of Debian's packages (scripts/ensure-system-packages.sh installs them).
const PROMPT = "/usr/share/asterisk/sounds/en_US_f_Allison/vm-nonumber";

/** Loudness (log RMS) of each 20 ms of `samples` at `rate`. */
function envelope(samples: Int16Array, rate: number): number[] {
  const n = rate / 50;
  return Array.from({ length: Math.floor(samples.length / n) }, (_, k) =>
    Math.log1p(Math.sqrt(samples.subarray(k * n, (k + 1) * n).reduce((a, v) => a + v * v, 0) / n)),
  );
}

function correlation(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const mean = (xs: number[]) => xs.slice(0, n).reduce((s, x) => s + x, 0) / n;
  const [ma, mb] = [mean(a), mean(b)];
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

test("a G.722 prompt decodes to the same speech as its 8 kHz version, at 16 kHz, with the band a phone drops", () => {
  const wide = decodeG722(fs.readFileSync(`${PROMPT}.g722`));
  const phone = decodeWav(fs.readFileSync(`${PROMPT}.wav`));
  assert.equal(wide.length, phone.samples.length * 2, "the same duration at twice the rate");
  const same = correlation(envelope(wide, 16_000), envelope(phone.samples, phone.sampleRate));
  assert.ok(same > 0.9, `loudness moves with the 8 kHz version's, 20 ms by 20 ms: correlation ${same.toFixed(2)}`);
  const above = shareAbove4kHz(wide);
  assert.ok(above > 1e-3, `speech above 4 kHz: ${(10 * Math.log10(above)).toFixed(0)} dB of the whole`);
});

test("bytes that are not G.722 still decode to samples, two per byte, never a crash", () => {
  assert.equal(decodeG722(new Uint8Array(0)).length, 0);
  assert.equal(decodeG722(new Uint8Array(160).fill(0xff)).length, 320);
});
