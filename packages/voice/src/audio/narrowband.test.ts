import assert from "node:assert/strict";
import { test } from "node:test";
import { mirrorToWideband, toEngineRate, toPhoneBand } from "./narrowband.ts";

const tone = (hz: number, rate: number, n: number) =>
  Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / rate)));
/** The amplitude of `hz` in `x` (a single-bin DFT). */
function level(x: Int16Array, hz: number, rate: number): number {
  let re = 0;
  let im = 0;
  for (let i = 0; i < x.length; i++) {
    re += x[i]! * Math.cos((2 * Math.PI * hz * i) / rate);
    im += x[i]! * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / x.length;
}

test("phone audio folded to 16 kHz keeps its band and mirrors it above 4 kHz, each frame on its own", () => {
  const wide = mirrorToWideband(tone(1000, 8000, 160));
  assert.equal(wide.length, 320);
  assert.ok(
    Math.abs(level(wide, 1000, 16_000) - level(wide, 7000, 16_000)) < 50,
    "1 kHz and its mirror image at 7 kHz, equally loud",
  );
  assert.ok(level(wide, 3000, 16_000) < 50, "nothing else");
  assert.deepEqual(toEngineRate(tone(1000, 8000, 160), 8000, 16_000, "interpolate").length, 320);
  assert.equal(
    toEngineRate(tone(1000, 16_000, 320), 16_000, 16_000, "mirror").length,
    320,
    "a 16 kHz leg is left as it is",
  );
});

test("the simulated phone line keeps speech's band and drops what a real line can't carry, not folding it in", () => {
  const line = (hz: number) => toPhoneBand(tone(hz, 16_000, 3200), 16_000);
  assert.ok(level(line(1000), 1000, 8000) > 7000, "1 kHz passes");
  // Plain decimation would bring 6 kHz back as 2 kHz at full level.
  assert.ok(level(line(6000), 2000, 8000) < 100, `6 kHz is not aliased to 2 kHz (${level(line(6000), 2000, 8000)})`);
});
