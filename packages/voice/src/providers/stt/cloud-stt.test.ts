import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { startFakeDeepgram } from "../../../../../tests/support/voice/fake-deepgram-server.ts";
import { startFakeOpenAiStt, type FakeSttAnswer } from "../../../../../tests/support/voice/fake-openai-stt-server.ts";
import { createDeepgramStt, type DeepgramSttOptions } from "./deepgram/deepgram-stt.ts";
import { createOpenAiStt, vocabularyPrompt } from "./openai-stt.ts";
import type { SttStream } from "./stt-provider.ts";

const tone = (rate: number, ms: number) =>
  Int16Array.from({ length: (rate * ms) / 1000 }, (_, i) =>
    Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / rate)),
  );
const VOCAB = ["acme", "tuesday", "ten o'clock"];

/** Writes `pcm` as 20 ms frames, the way the session hands callee audio to STT. */
function speak(stream: SttStream, pcm: Int16Array, rate: number) {
  const n = rate / 50;
  for (let i = 0; i < pcm.length; i += n) stream.write(pcm.subarray(i, i + n));
}
/** The flush must be settled by the vendor's answer, not by its 60 s timeout. */
function answered<T>(p: Promise<T>): Promise<T> {
  const late = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error("flush waited for its timeout, not the Finalize answer")), 3000).unref(),
  );
  return Promise.race([p, late]);
}
async function until(cond: () => boolean, what: string) {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond(), `timed out waiting for ${what}`);
}

describe("Deepgram streaming STT against a local fake", () => {
  let dg: Awaited<ReturnType<typeof startFakeDeepgram>>;
  const script: string[] = [];
  before(async () => (dg = await startFakeDeepgram({ apiKey: "dg-key", utterances: script })));
  after(() => dg.close());
  const stt = (o: Partial<DeepgramSttOptions> = {}) => createDeepgramStt({ apiKey: "dg-key", baseUrl: dg.url, ...o });

  test("opens while ringing, streams the audio, and each flush answers that utterance's text", async () => {
    script.push("Yes Tuesday at ten works for me", "Bye now");
    const stream = stt({ finalizeTimeoutMs: 60_000 }).openStream({ vocabulary: VOCAB });
    await until(() => dg.connections.length === 1, "the socket to open before any audio");
    const conn = dg.connections[0]!;
    assert.equal(conn.headers.authorization, "Token dg-key");
    const q = conn.query;
    assert.deepEqual(
      [q.get("encoding"), q.get("sample_rate"), q.get("channels"), q.get("model")],
      ["linear16", "16000", "1", "nova-2"],
    );
    assert.deepEqual([q.get("interim_results"), q.get("punctuate")], ["true", "true"]);
    assert.deepEqual(q.getAll("keywords"), ["acme:1.5", "tuesday:1.5", "ten:1.5", "o'clock:1.5"]);

    speak(stream, tone(16000, 800), 16000);
    assert.deepEqual(await answered(stream.flush()), { text: "Yes Tuesday at ten works for me", confidence: 0.9 });
    assert.equal(conn.audioBytes[0], 16000 * 0.8 * 2, "every sample reached the vendor");
    speak(stream, tone(16000, 300), 16000); // short: only an interim before Finalize, the rest in its answer
    assert.equal((await answered(stream.flush())).text, "Bye now");
    assert.equal(conn.audioBytes[1], 16000 * 0.3 * 2);
    assert.deepEqual(
      await stream.flush(),
      { text: "", confidence: null },
      "no audio since the last flush: nothing to wait for",
    );
    stream.close();
    await until(() => conn.closed, "the vendor to close after CloseStream");
    assert.deepEqual(conn.controls, ["Finalize", "Finalize", "CloseStream"]);
  });

  test("a phone line at 8 kHz with nova-3 sends keyterms (whole phrases)", async () => {
    script.push("Ten o'clock is fine");
    const stream = stt({ model: "nova-3" }).openStream({ vocabulary: VOCAB, legRate: 8000 });
    assert.equal(stream.sampleRate, 8000, "the line's own rate: nothing upsampled");
    speak(stream, tone(8000, 600), 8000);
    assert.equal((await stream.flush()).text, "Ten o'clock is fine");
    const conn = dg.connections.at(-1)!;
    assert.equal(conn.query.get("sample_rate"), "8000");
    assert.deepEqual(conn.query.getAll("keyterm"), VOCAB);
    assert.deepEqual(conn.query.getAll("keywords"), []);
    assert.equal(conn.audioBytes[0], 8000 * 0.6 * 2);
    stream.close();
  });

  test("each call is heard at its line's rate up to 16 kHz: G.722 at 16 kHz, a web call's 48 kHz lowered", async () => {
    for (const legRate of [16_000, 48_000]) {
      const opened = dg.connections.length;
      const stream = stt().openStream({ vocabulary: [], legRate });
      await until(() => dg.connections.length > opened, `the socket for a ${legRate} Hz line`);
      assert.equal(dg.connections.at(-1)!.query.get("sample_rate"), "16000");
      assert.equal(stream.sampleRate, 16_000);
      stream.close();
    }
  });

  test("a rejected key fails flush with a clear message", async () => {
    const stream = stt({ apiKey: "wrong" }).openStream({ vocabulary: [] });
    speak(stream, tone(16000, 100), 16000);
    await assert.rejects(stream.flush(), /Deepgram rejected the API key \(HTTP 401\): Invalid credentials\./);
    stream.close();
  });

  test("KeepAlive goes out while the callee is silent", async () => {
    const stream = stt({ keepAliveMs: 100 }).openStream({ vocabulary: [] });
    await until(
      () => (dg.connections.at(-1)?.controls.filter((c) => c === "KeepAlive").length ?? 0) >= 2,
      "two KeepAlives",
    );
    stream.close();
  });

  test("a dropped stream is reopened on the next audio, up to a limit, then flush says why", async () => {
    script.push("still there");
    const before = dg.connections.length;
    const stream = stt().openStream({ vocabulary: [] });
    const dropNow = async () => {
      dg.drop(1011, "NET-0001 no audio received");
      await until(() => dg.connections.at(-1)!.closed, "the drop");
    };
    const dropNext = async (count: number) => {
      await until(() => dg.connections.length > count, "a socket to open");
      await dropNow();
    };
    await dropNext(before); // drop 1: the socket opened with the stream
    speak(stream, tone(16000, 600), 16000);
    assert.equal((await stream.flush()).text, "still there", "the next utterance went over a new socket");
    assert.equal(dg.connections.length, before + 2);
    await dropNow(); // drop 2
    for (let i = 0; i < 2; i++) {
      const n = dg.connections.length;
      speak(stream, tone(16000, 20), 16000);
      await dropNext(n); // drops 3 and 4: one too many
    }
    speak(stream, tone(16000, 100), 16000);
    await assert.rejects(stream.flush(), /Deepgram closed the stream \(1011: NET-0001 no audio received\)/);
    assert.equal(dg.connections.length, before + 4, "no socket after the last allowed reconnect");
    stream.close();
    script.length = 0;
  });

  test("aborting rejects the pending flush and closes the socket", async () => {
    script.push("never mind");
    const ac = new AbortController();
    const stream = stt({ finalizeTimeoutMs: 5000 }).openStream({ vocabulary: [], signal: ac.signal });
    const count = dg.connections.length;
    await until(() => dg.connections.length > count, "the socket to open");
    const conn = dg.connections.at(-1)!;
    speak(stream, tone(16000, 100), 16000);
    // Aborted in the same tick, before the fake's answer to Finalize can arrive.
    const pending = stream.flush();
    ac.abort();
    await assert.rejects(pending, (err: Error) => err.name === "AbortError");
    await assert.rejects(stream.flush(), (err: Error) => err.name === "AbortError");
    await until(() => conn.closed, "the vendor to see the socket close");
    script.length = 0;
  });
});

describe("Deepgram flush when Finalize is never answered", () => {
  test("settles after the timeout with what it heard", async () => {
    const dg = await startFakeDeepgram({ apiKey: "k", utterances: ["sure that sounds good"], finalize: "ignore" });
    try {
      const stream = createDeepgramStt({ apiKey: "k", baseUrl: dg.url, finalizeTimeoutMs: 300 }).openStream({
        vocabulary: [],
      });
      speak(stream, tone(16000, 700), 16000);
      await until(
        () => dg.connections[0]?.controls.length === 0 && dg.connections[0].audioBytes[0] === 16000 * 0.7 * 2,
        "the audio",
      );
      const t0 = Date.now();
      const r = await stream.flush();
      assert.ok(Date.now() - t0 >= 250, "flush waited for the Finalize answer first");
      assert.deepEqual(r, { text: "sure that", confidence: 0.9 }, "the final segment heard before Finalize");
      stream.close();
    } finally {
      await dg.close();
    }
  });

  test("with only an interim guess heard, the timeout answers that guess", async () => {
    const dg = await startFakeDeepgram({ apiKey: "k", utterances: ["no thanks"], finalize: "ignore" });
    try {
      const stream = createDeepgramStt({ apiKey: "k", baseUrl: dg.url, finalizeTimeoutMs: 200 }).openStream({
        vocabulary: [],
      });
      speak(stream, tone(16000, 300), 16000);
      await until(() => dg.connections[0]?.audioBytes[0] === 16000 * 0.3 * 2, "the audio");
      await new Promise((r) => setTimeout(r, 50)); // the interim Result on its way back
      assert.deepEqual(await stream.flush(), { text: "no", confidence: null });
      stream.close();
    } finally {
      await dg.close();
    }
  });
});

describe("OpenAI batch STT against a local fake", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAiStt>>;
  const answers: FakeSttAnswer[] = [];
  before(async () => (fake = await startFakeOpenAiStt({ apiKey: "sk-stt", answers })));
  after(() => fake.close());
  const stt = (o: { apiKey?: string; model?: string; timeoutMs?: number } = {}) =>
    createOpenAiStt({ apiKey: "sk-stt", baseUrl: fake.baseUrl, ...o });

  test("posts each utterance as a 16 kHz mono WAV with model, language and the vocabulary as prompt", async () => {
    answers.push({ kind: "text", text: " Yes, Tuesday works. " }, { kind: "text", text: "Bye." });
    const stream = stt().openStream({ vocabulary: VOCAB });
    const first = tone(16000, 1000);
    speak(stream, first, 16000);
    assert.deepEqual(await stream.flush(), { text: "Yes, Tuesday works.", confidence: null });
    const req = fake.seen[0]!;
    assert.equal(req.headers.authorization, "Bearer sk-stt");
    assert.deepEqual(req.fields, {
      model: "gpt-4o-mini-transcribe",
      language: "en",
      prompt: "acme, tuesday, ten o'clock",
      response_format: "json",
    });
    assert.deepEqual([req.fileName, req.fileType], ["utterance.wav", "audio/wav"]);
    assert.deepEqual([req.wav.sampleRate, req.wav.channels], [16000, 1]);
    assert.deepEqual(req.wav.samples, first);
    speak(stream, tone(16000, 400), 16000);
    assert.equal((await stream.flush()).text, "Bye.");
    assert.equal(fake.seen[1]!.wav.samples.length, 6400, "the second request holds only the second utterance");
    stream.close();
  });

  test("a phone line's utterance is posted at 8 kHz, as the line carried it", async () => {
    answers.push({ kind: "text", text: "Yes." });
    const stream = stt().openStream({ vocabulary: [], legRate: 8000 });
    assert.equal(stream.sampleRate, 8000);
    speak(stream, tone(8000, 500), 8000);
    assert.equal((await stream.flush()).text, "Yes.");
    assert.deepEqual([fake.seen.at(-1)!.wav.sampleRate, fake.seen.at(-1)!.wav.samples.length], [8000, 4000]);
    stream.close();
  });

  test("audio too short for OpenAI is not sent; whisper-1 can be chosen", async () => {
    answers.push({ kind: "text", text: "Okay." });
    const stream = stt({ model: "whisper-1" }).openStream({ vocabulary: [] });
    const before = fake.seen.length;
    speak(stream, tone(16000, 60), 16000);
    assert.deepEqual(await stream.flush(), { text: "", confidence: null });
    assert.equal(fake.seen.length, before);
    speak(stream, tone(16000, 200), 16000);
    assert.equal((await stream.flush()).text, "Okay.");
    assert.equal(fake.seen.at(-1)!.fields.model, "whisper-1");
    assert.equal(fake.seen.at(-1)!.fields.prompt, undefined, "no vocabulary, no prompt");
  });

  test("a rejected key fails with the vendor's message", async () => {
    const stream = stt({ apiKey: "sk-wrong" }).openStream({ vocabulary: [] });
    speak(stream, tone(16000, 200), 16000);
    await assert.rejects(stream.flush(), /OpenAI rejected the API key \(HTTP 401\): Incorrect API key provided\./);
  });

  test("aborting cancels the request in flight", async () => {
    answers.push({ kind: "hang" });
    const ac = new AbortController();
    const stream = stt().openStream({ vocabulary: [], signal: ac.signal });
    speak(stream, tone(16000, 200), 16000);
    const pending = stream.flush();
    setTimeout(() => ac.abort(), 50);
    await assert.rejects(pending, (err: Error) => err.name === "AbortError");
  });

  test("a vendor that never answers times out with a clear message", async () => {
    answers.push({ kind: "hang" });
    const stream = stt({ timeoutMs: 300 }).openStream({ vocabulary: [] });
    speak(stream, tone(16000, 200), 16000);
    await assert.rejects(stream.flush(), /OpenAI transcription timed out after 0\.3 s/);
  });
});

test("the vocabulary prompt keeps whole terms under the prompt limit", () => {
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`);
  const prompt = vocabularyPrompt([...words, "word1", " "]);
  assert.ok(prompt.length <= 800 && prompt.length > 700, `${prompt.length} chars`);
  assert.ok(prompt.split(", ").every((w) => /^word\d+$/.test(w)));
  assert.equal(new Set(prompt.split(", ")).size, prompt.split(", ").length);
});
