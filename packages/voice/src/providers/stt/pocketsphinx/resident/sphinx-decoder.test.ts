import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { decodeWav } from "../../../../audio/wav.ts";
import { createLikelihoodReader, normalizer } from "./lattice-likelihood.ts";
import { decodeWithProcesses } from "../spawned/pocketsphinx-process.ts";
import { createSphinxDecoder } from "./sphinx-decoder.ts";
import { loadSphinx } from "./sphinx-library.ts";
import { decoderFlags, DEFAULT_MODEL, generalModel } from "../settings/decoder-settings.ts";

// Real recorded speech from Debian's pocketsphinx-testdata (installed by scripts/ensure-system-packages.sh).
const DATA = "/usr/share/pocketsphinx/test/data";
const clip = (file: string) => decodeWav(fs.readFileSync(path.join(DATA, file))).samples;
const FRAME = 320; // 20 ms at 16 kHz, as the call writes them

function resident(followCaller = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-decoder-test-"));
  const log = path.join(dir, "sphinx.log");
  fs.writeFileSync(log, "");
  const lib = loadSphinx();
  lib.logTo(log);
  const g = generalModel(DEFAULT_MODEL);
  const decoder = createSphinxDecoder(
    lib,
    decoderFlags(DEFAULT_MODEL, g.lm, g.dict),
    createLikelihoodReader(log, new Int32Array(new SharedArrayBuffer(4)), lib.flushLog),
    { followCaller },
  );
  const done = () => {
    decoder.free();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { decoder, dir, done };
}

function feed(write: (f: Int16Array) => void, samples: Int16Array, onFrame: (i: number) => void = () => {}): void {
  for (let at = 0, i = 0; at < samples.length; at += FRAME, i++) {
    write(samples.subarray(at, at + FRAME));
    onFrame(i);
  }
}

test("the resident decoder hears a clip fed in 20 ms frames as pocketsphinx_continuous hears the file", async () => {
  const { decoder, dir, done } = resident();
  try {
    const samples = clip("cards/005.wav"); // "eight of spades four of clubs seven of hearts"
    feed(decoder.write, samples);
    const streamed = decoder.finish();
    const g = generalModel(DEFAULT_MODEL);
    const whole = await decodeWithProcesses({
      binary: "pocketsphinx_continuous",
      modelDir: DEFAULT_MODEL,
      workDir: dir,
      utterance: 0,
      samples,
      domain: g,
    });
    assert.equal(streamed.text, whole.general.text);
    assert.match(streamed.text, /^eight of spades .* seven of hearts$/);
    assert.ok(Number.isFinite(streamed.logProb) && streamed.logProb < 0, `a lattice likelihood: ${streamed.logProb}`);
    // The process reads the file in bigger blocks; the lattices differ only at the edges of the audio.
    assert.ok(
      Math.abs(streamed.logProb / whole.general.logProb - 1) < 0.01,
      `${streamed.logProb} vs ${whole.general.logProb}`,
    );
    assert.ok(
      Math.abs(streamed.confidence! - whole.general.confidence!) < 0.01,
      `${streamed.confidence} vs ${whole.general.confidence}`,
    );
  } finally {
    done();
  }
});

test("words are heard while the speaker talks, and utterances follow each other on one decoder", () => {
  const { decoder, done } = resident();
  try {
    const partials: string[] = [];
    // "he was not an ill disposed young man"
    const samples = clip("librivox/sense_and_sensibility_01_austen_64kb-0880.wav");
    feed(decoder.write, samples, (i) => i % 25 === 24 && partials.push(decoder.partial()));
    assert.ok(
      partials.some((p) => p.split(" ").length >= 2),
      `partial words before the end: ${JSON.stringify(partials)}`,
    );
    const first = decoder.finish();
    assert.match(first.text, /young man$/);
    assert.equal(decoder.partial(), "", "no utterance open after it finished");
    feed(decoder.write, clip("cards/001.wav")); // "ten of clubs"
    assert.match(decoder.finish().text, /clubs/);
    assert.deepEqual(
      decoder.finish(),
      { text: "", logProb: -Infinity, confidence: null, words: [] },
      "nothing written: nothing heard",
    );
    decoder.write(new Int16Array(FRAME * 2));
    assert.equal(decoder.finish().text, "", "40 ms is too short to hold a word");
  } finally {
    done();
  }
});

test("following the caller's cepstral mean, a decoder hears a short first utterance the fixed mean mishears", () => {
  const samples = clip("cards/003.wav"); // "seven of clubs", a speaker and a line far from the model's mean
  const heard = [false, true].map((followCaller) => {
    const { decoder, done } = resident(followCaller);
    try {
      feed(decoder.write, samples);
      return decoder.finish().text;
    } finally {
      done();
    }
  });
  assert.deepEqual(heard, ["son of close", "seven of clubs"]);
});

test("the likelihood is read from the lines the search itself logged", () => {
  const log = "INFO: x\nINFO: ps_lattice.c(1381): Normalizer P(O) = alpha(</s>:705:708) = -2424165\nINFO: y\n";
  assert.equal(normalizer(log), -2424165);
  assert.equal(normalizer("INFO: nothing\n"), -Infinity);
});
