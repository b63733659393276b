import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { decodeWav } from "../../../../audio/wav.ts";
import { createLiveCmn } from "./live-cmn.ts";
import { loadSphinx } from "./sphinx-library.ts";
import { decoderFlags, DEFAULT_MODEL, generalModel } from "../settings/decoder-settings.ts";

// Real recorded speech from Debian's pocketsphinx-testdata (installed by scripts/ensure-system-packages.sh).
const clip = decodeWav(fs.readFileSync(path.join("/usr/share/pocketsphinx/test/data", "cards/005.wav"))).samples;

test("the cepstral mean moves every 100 ms from the model's to the caller's, the model's counting 400 frames", () => {
  const lib = loadSphinx();
  const g = generalModel(DEFAULT_MODEL);
  const ps = lib.init(decoderFlags(DEFAULT_MODEL, g.lm, g.dict))!;
  try {
    const cmn = lib.cmn(ps);
    const model = lib.readCmn(cmn).mean;
    assert.equal(model[0], 41, "the model's -cmninit, c0 first");
    const live = createLiveCmn(lib, ps, { priorFrames: 400, everyWrites: 5 });
    lib.startUtt(ps);
    const c0: number[] = [];
    for (let at = 0, writes = 1; at + 320 <= clip.length; at += 320, writes++) {
      lib.processRaw(ps, clip.subarray(at, at + 320));
      live.written();
      if (writes === 4) assert.equal(lib.readCmn(cmn).mean[0], 41, "not moved before its 5th write");
      if (writes % 5 === 0) c0.push(lib.readCmn(cmn).mean[0]!);
    }
    const { mean, sum, frames } = lib.readCmn(cmn);
    assert.ok(frames > 300, `sphinxbase summed the frames it normalised: ${frames}`);
    for (let i = 0; i < 13; i++)
      assert.ok(Math.abs(mean[i]! - (400 * model[i]! + sum[i]!) / (400 + frames)) < 1e-3, `c${i}: ${mean[i]}`);
    const heard = sum[0]! / frames;
    assert.ok(heard > 50, `this caller's c0 is far above the model's 41: ${heard}`);
    assert.ok(
      c0.every((v, i) => i === 0 || v >= c0[i - 1]! - 0.5) && c0.at(-1)! > 45 && c0.at(-1)! < heard,
      `c0 moved towards the caller's: ${c0.map((v) => v.toFixed(1))}`,
    );
    lib.endUtt(ps);
  } finally {
    lib.free(ps);
  }
});
