import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { mirrorToWideband } from "../../../../audio/narrowband.ts";
import { decodeWav } from "../../../../audio/wav.ts";
import { asLegAudio } from "../../../../listening/transcribe-recording.ts";
import { createPocketsphinxStt } from "../pocketsphinx-stt.ts";
import { loadSphinx } from "../resident/sphinx-library.ts";
import { decoderFlags, DEFAULT_MODEL, PHONE_MLLR } from "./decoder-settings.ts";

test("the phone line's transform is one global MLLR of the model's three 13-value streams, for phone legs only", () => {
  const t = fs.readFileSync(PHONE_MLLR, "utf8").trim().split(/\s+/).map(Number);
  assert.deepEqual(t.slice(0, 3), [1, 3, 13], "one class, three streams of 13");
  assert.equal(t.length, 2 + 3 * (1 + 13 * 13 + 13 + 13));
  assert.ok(t.every(Number.isFinite));
  const flags = (phone: boolean) => decoderFlags(DEFAULT_MODEL, null, "dict", phone).join(" ");
  assert.ok(flags(true).endsWith(`-mllr ${PHONE_MLLR}`));
  assert.doesNotMatch(flags(false), /-mllr/);
});

test("a real clip over a phone line is heard with the transform, by resident decoders and the fallback", async () => {
  // A hearing dev-set clip (pocketsphinx-testdata, LibriVox): without the transform the phone line's folded audio
  // is heard as "… made amiable him self".
  const leg = asLegAudio(
    decodeWav(
      fs.readFileSync("/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0930.wav"),
    ),
    true,
  );
  assert.equal(leg.rate, 8000);
  const hear = async (engine: "resident" | "processes") => {
    const stream = createPocketsphinxStt({ engine, threads: 1 }).openStream({ vocabulary: [], legRate: leg.rate });
    try {
      for (let at = 0; at < leg.samples.length; at += 160)
        stream.write(mirrorToWideband(leg.samples.subarray(at, at + 160)));
      return (await stream.flush()).text;
    } finally {
      stream.close();
    }
  };
  const said = "he might even have been made amiable himself";
  assert.equal(await hear("resident"), said);
  assert.ok(
    fs.readFileSync(loadSphinx().processLog(), "utf8").includes(`Reading MLLR transformation file '${PHONE_MLLR}'`),
    "the decoders read it",
  );
  assert.equal(await hear("processes"), said);
});
