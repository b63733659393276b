import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { decodeG722 } from "../../../audio/g722.ts";
import { decodeWav } from "../../../audio/wav.ts";
import { createOfflineTts } from "../../tts/offline-tts.ts";
import { buildArpa, tokenize } from "./domain-model/domain-lm.ts";
import { readDictionaryFile } from "./dictionary.ts";
import { pickPass } from "./passes/pick-pass.ts";
import { createPocketsphinxStt } from "./pocketsphinx-stt.ts";
import { parseDecode } from "./spawned/pocketsphinx-process.ts";

test("the domain model is valid ARPA: counts match, probabilities are log10, unknown words left out", () => {
  const arpa = buildArpa(["Book me Tuesday at 3 pm", "book me Friday", "zzyzx"], (w) => w !== "zzyzx");
  const count = (n: number) => Number(arpa.match(new RegExp(`ngram ${n}=(\\d+)`))![1]);
  const section = (name: string) => arpa.split(`\\${name}:\n`)[1]!.split("\n\n")[0]!.split("\n");
  assert.equal(section("1-grams").length, count(1));
  assert.equal(section("2-grams").length, count(2));
  assert.ok(!arpa.includes("zzyzx"));
  assert.ok(
    section("2-grams").includes(`${Math.log10((2 - 0.5) / 2).toFixed(4)} book me`),
    "seen twice out of two: discounted by half a count",
  );
  for (const line of section("1-grams")) assert.ok(Number(line.split(" ")[0]) <= 0, line);
  assert.deepEqual(tokenize("OK, book me Tuesday at 3 pm!"), ["ok", "book", "me", "tuesday", "at", "3", "pm"]);
});

test("a decode's text joins its segments, its likelihood sums theirs, confidence is the words' mean posterior", () => {
  const log =
    "INFO: ps_lattice.c(1380): Normalizer P(O) = alpha(</s>:100:110) = -1200\nINFO: " +
    "x\nINFO: ps_lattice.c(1380): Normalizer P(O) = alpha(</s>:10:20) = -300\n";
  const out =
    "Yes I am\n<s> 0.000 0.060 0.999400\nyes 0.07 0.3 0.9\n<sil> 0.3 0.4 0.5\ni 0.4 0.5 0.8\nam(2) 0.5 " +
    "0.7 0.7\n</s> 0.7 0.8 1.0\ninterested\n[NOISE] 0.8 0.9 0.1\ninterested 0.9 1.5 0.6\n";
  const pass = parseDecode(out, log);
  assert.deepEqual([pass.text, pass.logProb], ["yes i am interested", -1500]);
  assert.deepEqual(
    pass.words.map((w) => w.word),
    ["yes", "i", "am", "interested"],
    "spoken words only, alternative pronunciations as the word",
  );
  assert.ok(Math.abs(pass.confidence! - 0.75) < 1e-9);
  assert.deepEqual(parseDecode("", ""), { text: "", logProb: -Infinity, confidence: null, words: [] });
});

test("the domain pass's words stand only if they sound like the general's or explain the audio better", async () => {
  const dict = await readDictionaryFile("/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict");
  // Each word at the pass's mean posterior (word-choice.test.ts has passes with their own words' posteriors).
  const pass = (text: string, logProb: number, confidence: number) => ({
    text,
    logProb,
    confidence,
    words: text.split(" ").map((word) => ({ word, posterior: confidence })),
  });
  // pocketsphinx-testdata cards/001.wav, "ten of clubs": the domain model heard a price question nobody asked.
  assert.deepEqual(pickPass(pass("i've been up close", -352_173, 0.27), pass("that cost", -326_977, 0.5), dict), {
    text: "i've been up close",
    confidence: 0.27,
  });
  // flite over the phone round trip: the general model hears little, the domain model all of it.
  const phone = pickPass(
    pass("okay let me do it creepy and", -802_404, 0.41),
    pass("ok book me tuesday at three pm", -477_114, 0.91),
    dict,
  );
  assert.equal(phone.text, "ok book me tuesday at three pm");
  assert.ok(
    phone.confidence! < 0.55,
    `disagreeing passes are doubtful (${phone.confidence}): a booking is confirmed first`,
  );
  const alike = pickPass(
    pass("okay but the disney at three pm", -900, 0.4),
    pass("ok book me tuesday at three pm", -850, 0.9),
    dict,
  );
  assert.equal(alike.text, "ok book me tuesday at three pm");
  assert.ok(
    alike.confidence! < 0.9 && alike.confidence! > 0.55,
    `words only the domain pass heard lower the trust (${alike.confidence})`,
  );
  const same = pickPass(
    pass("ok book me tuesday at three pm", -900, 0.7),
    pass("ok book me tuesday at three pm", -850, 0.9),
    dict,
  ).confidence!;
  assert.ok(Math.abs(same - 0.9) < 1e-9, `words both passes heard keep the surer posterior (${same})`);
  assert.equal(
    pickPass(pass("yes", -500, 0.9), pass("yes", -520, 0.95), dict).confidence,
    0.9,
    "a worse explanation of the audio never wins",
  );
});

test("real speech: short answers and booking times are heard, out-of-domain speech too", async () => {
  const tts = createOfflineTts();
  const stt = createPocketsphinxStt();
  const stream = stt.openStream({ vocabulary: ["What does the premium plan cost?"] });
  const hear = async (text: string) => {
    for await (const chunk of tts.synthesize(text, { voiceId: "flite:slt", sampleRate: stream.sampleRate }))
      stream.write(chunk);
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

test("resident recognition: partial words while the caller speaks; two calls at once hear as each alone", async () => {
  const stt = createPocketsphinxStt({ engine: "resident", threads: 1 });
  assert.match(stt.engine, /^resident/);
  const clip = (file: string) => decodeWav(fs.readFileSync(`/usr/share/pocketsphinx/test/data/${file}`)).samples;
  const hear = async (samples: Int16Array, expected: RegExp) => {
    const stream = stt.openStream({ vocabulary: [] });
    const write = (from: number, to: number) => {
      for (let at = from; at < to; at += 320) stream.write(samples.subarray(at, Math.min(at + 320, to)));
    };
    try {
      const half = Math.floor(samples.length / 640) * 320;
      write(0, half);
      // While the utterance is still open, the words heard so far arrive (the thread may be busy: wait for them;
      // the first partials of an utterance are often a guess the later audio corrects).
      let partial = "";
      for (let waited = 0; !expected.test(partial) && waited < 60_000; waited += 50) {
        await new Promise((r) => setTimeout(r, 50));
        partial = stream.partial?.() ?? "";
      }
      write(half, samples.length);
      return { heard: await stream.flush(), partial };
    } finally {
      stream.close();
    }
  };
  const man = clip("librivox/sense_and_sensibility_01_austen_64kb-0880.wav"); // "he was not an ill disposed young man"
  const clubs = clip("cards/005.wav"); // "eight of spades four of clubs seven of hearts"
  const alone = [await hear(man, /^he was/), await hear(clubs, /^eight of/)];
  const together = await Promise.all([hear(man, /^he was/), hear(clubs, /^eight of/)]);
  assert.match(alone[0]!.heard.text, /^he was not .* young man$/);
  assert.match(alone[1]!.heard.text, /^eight of spades .* seven of hearts$/);
  assert.deepEqual(
    together.map((t) => t.heard.text),
    alone.map((a) => a.heard.text),
  );
  assert.match(alone[0]!.partial, /^he was/, "words arrive before the end of the utterance");
  assert.match(together[1]!.partial, /^eight of/, "and for each of two calls at once");
  for (const { heard } of alone) assert.ok(heard.confidence! > 0 && heard.confidence! <= 1, String(heard.confidence));
});

test("the fallback engine (a process per pass) hears a real clip as the resident one does", async () => {
  // "ten of clubs"
  const samples = decodeWav(fs.readFileSync("/usr/share/pocketsphinx/test/data/cards/001.wav")).samples;
  const hear = async (engine: "resident" | "processes") => {
    const stream = createPocketsphinxStt({ engine, threads: 1 }).openStream({
      vocabulary: ["What does the premium plan cost?"],
    });
    for (let at = 0; at < samples.length; at += 320) stream.write(samples.subarray(at, at + 320));
    try {
      return await stream.flush();
    } finally {
      stream.close();
    }
  };
  const [resident, processes] = [await hear("resident"), await hear("processes")];
  assert.equal(resident.text, processes.text);
  assert.doesNotMatch(resident.text, /cost/, "the domain model's price question is not what was said");
});

test("resident recognition: words finished at a pause and the words after it make one utterance", async () => {
  // "eight of spades four of clubs seven of hearts"
  const samples = decodeWav(fs.readFileSync("/usr/share/pocketsphinx/test/data/cards/005.wav")).samples;
  const stream = createPocketsphinxStt({ engine: "resident", threads: 2 }).openStream({ vocabulary: [] });
  try {
    const cut = Math.floor(samples.length / 640) * 320;
    for (let at = 0; at < cut; at += 320) stream.write(samples.subarray(at, at + 320));
    stream.pause?.();
    let partial = "";
    for (let waited = 0; !/^eight of/.test(partial) && waited < 60_000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50));
      partial = stream.partial?.() ?? "";
    }
    for (let at = cut; at < samples.length; at += 320)
      stream.write(samples.subarray(at, Math.min(at + 320, samples.length)));
    const heard = await stream.flush();
    assert.match(partial, /^eight of/, "the words before the pause are the partial text");
    assert.match(heard.text, /^eight of spades .* of hearts$/);
    assert.ok(heard.confidence! > 0 && heard.confidence! <= 1, String(heard.confidence));
  } finally {
    stream.close();
  }
});

test("under an expectation, a real spoken number is taken and a real sentence is heard as open speech", async () => {
  // Asterisk's English prompts (asterisk-core-sounds-en-g722): a real speaker at 16 kHz.
  const prompt = (file: string) => decodeG722(fs.readFileSync(`/usr/share/asterisk/sounds/en_US_f_Allison/${file}`));
  const stream = createPocketsphinxStt({ engine: "resident", threads: 1 }).openStream({ vocabulary: [] });
  const hear = async (samples: Int16Array) => {
    const padded = new Int16Array(samples.length + 6400);
    padded.set(samples, 3200);
    for (let at = 0; at < padded.length; at += 320) stream.write(padded.subarray(at, at + 320));
    return stream.flush();
  };
  try {
    stream.expect?.({ kind: "number" });
    const seven = await hear(prompt("digits/7.g722"));
    assert.deepEqual([seven.answer, seven.askAgain], [{ kind: "number", value: "7" }, false], seven.text);
    const sentence = await hear(prompt("hello-world.g722"));
    assert.deepEqual([sentence.answer, sentence.askAgain], [null, false], "no number forced onto it");
    stream.expect?.({ kind: "open" });
    const open = await hear(prompt("digits/7.g722"));
    assert.equal(open.answer, undefined, "open speech: no answer listened for");
  } finally {
    stream.close();
  }
});
