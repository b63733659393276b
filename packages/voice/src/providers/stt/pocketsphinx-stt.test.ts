import assert from "node:assert/strict";
import { test } from "node:test";
import { createOfflineTts } from "../tts/offline-tts.ts";
import { buildArpa, tokenize } from "./domain-lm.ts";
import { createPocketsphinxStt, parseDecode } from "./pocketsphinx-stt.ts";

test("the domain model is valid ARPA: counts match, probabilities are log10, unknown words left out", () => {
  const arpa = buildArpa(["Book me Tuesday at 3 pm", "book me Friday", "zzyzx"], (w) => w !== "zzyzx");
  const count = (n: number) => Number(arpa.match(new RegExp(`ngram ${n}=(\\d+)`))![1]);
  const section = (name: string) => arpa.split(`\\${name}:\n`)[1]!.split("\n\n")[0]!.split("\n");
  assert.equal(section("1-grams").length, count(1));
  assert.equal(section("2-grams").length, count(2));
  assert.ok(!arpa.includes("zzyzx"));
  assert.ok(section("2-grams").includes(`${Math.log10((2 - 0.5) / 2).toFixed(4)} book me`), "seen twice out of two: discounted by half a count");
  for (const line of section("1-grams")) assert.ok(Number(line.split(" ")[0]) <= 0, line);
  assert.deepEqual(tokenize("OK, book me Tuesday at 3 pm!"), ["ok", "book", "me", "tuesday", "at", "3", "pm"]);
});

test("a decode's text joins its segments and its likelihood sums theirs", () => {
  const log = "INFO: ps_lattice.c(1380): Normalizer P(O) = alpha(</s>:100:110) = -1200\nINFO: x\nINFO: ps_lattice.c(1380): Normalizer P(O) = alpha(</s>:10:20) = -300\n";
  assert.deepEqual(parseDecode("yes i am\ninterested\n", log), { text: "yes i am interested", logProb: -1500 });
  assert.equal(parseDecode("", "").logProb, -Infinity);
});

test("real speech: short answers and booking times are heard, out-of-domain speech too", async () => {
  const tts = createOfflineTts();
  const stt = createPocketsphinxStt();
  const stream = stt.openStream({ vocabulary: ["What does the premium plan cost?"] });
  const hear = async (text: string) => {
    for await (const chunk of tts.synthesize(text, { voiceId: "flite:slt", sampleRate: stt.sampleRate })) stream.write(chunk);
    return (await stream.flush()).text;
  };
  try {
    assert.equal(await hear("Yes."), "yes");
    assert.equal(await hear("OK, book me Tuesday at 3 pm."), "ok book me tuesday at three pm");
    assert.equal(await hear("What does the premium plan cost?"), "what does the premium plan cost");
    assert.equal(await hear("Do you have an office in Chicago?"), "do you have an office in chicago");
    assert.equal((await stream.flush()).text, "", "nothing written: nothing heard");
  } finally {
    stream.close();
  }
});
