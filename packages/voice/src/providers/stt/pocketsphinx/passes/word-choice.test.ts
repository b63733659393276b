import assert from "node:assert/strict";
import { test } from "node:test";
import { readDictionaryFile } from "../dictionary.ts";
import type { Pass } from "./pass.ts";
import { pickPass } from "./pick-pass.ts";
import { align } from "./word-choice.ts";

const dict = readDictionaryFile("/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict");

/** A pass as the recognizer threads report it: "word:posterior …" and the lattice log-likelihood. */
function pass(heard: string, logProb: number): Pass {
  const words = heard.split(" ").map((w) => ({ word: w.split(":")[0]!, posterior: Number(w.split(":")[1]) }));
  return {
    text: words.map((w) => w.word).join(" "),
    logProb,
    confidence: words.reduce((n, w) => n + w.posterior, 0) / words.length,
    words,
  };
}

test("the passes are aligned word by word, the stretches where they differ gathered", () => {
  const steps = align("ok that is all i want it to know".split(" "), "ok that is all at one today nope".split(" "));
  assert.deepEqual(
    steps.filter((s) => s.same).map((s) => s.g[0]),
    [0, 1, 2, 3],
  );
  assert.deepEqual(
    steps.filter((s) => !s.same),
    [{ same: false, g: [4, 5, 6, 7, 8], b: [4, 5, 6, 7] }],
  );
  assert.deepEqual(align([], ["am"]), [{ same: false, g: [], b: [0] }]);
  assert.deepEqual(
    align(["five", "five"], ["five", "five", "am"]).map((s) => s.same),
    [true, true, false],
  );
});

test("the domain pass slips none of its phrases into a sentence the passes otherwise agree on", async () => {
  // flite "OK, that is all I wanted to know." at 16 kHz, as the recognizer threads heard it: the domain pass
  // explains the audio about as well, and makes the end of the sentence a booking time.
  const heard = pickPass(
    pass("okay:0.74 that:0.96 is:0.97 all:0.89 i:0.59 want:0.52 it:0.15 to:0.10 know:0.84", -820_255),
    pass("ok:1.00 that:0.90 is:1.00 all:1.00 at:0.99 one:1.00 today:0.16 nope:0.00", -819_000),
    await dict,
  );
  assert.equal(heard.text, "okay that is all i want it to know");
});

test("words the general pass did not hear are not added; the domain pass's unsure words replace none", async () => {
  // pocketsphinx-testdata cards/004.wav "five five" at 16 kHz: the domain model adds "am".
  assert.equal(
    pickPass(pass("five:1.00 five:0.97", -383_545), pass("five:0.29 five:1.00 am:0.45", -350_006), await dict).text,
    "five five",
  );
  // cards/003.wav "seven of clubs" over the phone round trip: the domain model hears "o'clock", unsure of it,
  // though it explains the audio 21% better.
  assert.equal(
    pickPass(pass("the:0.08 club:0.41", -452_231), pass("o'clock:0.00", -359_349), await dict).text,
    "the club",
  );
});

test("the domain pass corrects the general pass's unsure words where sure and alike; trusted less there", async () => {
  const heard = pickPass(
    pass("okay:0.40 but:0.30 the:0.35 disney:0.20 at:0.90 three:0.80 pm:0.85", -900),
    pass("ok:1.00 book:1.00 me:1.00 tuesday:0.95 at:1.00 three:1.00 pm:1.00", -850),
    await dict,
  );
  assert.equal(heard.text, "ok book me tuesday at three pm");
  assert.ok(
    heard.confidence! > 0.55 && heard.confidence! < 0.9,
    `words only the domain pass heard lower the trust (${heard.confidence})`,
  );
  // The general pass sure of its words: they stand.
  const sure = pickPass(
    pass("okay:0.90 but:0.90 the:0.90 disney:0.90 at:0.90 three:0.80 pm:0.85", -900),
    pass("ok:1.00 book:1.00 me:1.00 tuesday:0.95 at:1.00 three:1.00 pm:1.00", -850),
    await dict,
  );
  assert.equal(sure.text, "okay but the disney at three pm");
});
