import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { resample } from "../../audio/resample.ts";
import { createTts } from "./create-tts.ts";
import { createElevenLabsTts } from "./elevenlabs-tts.ts";
import { createStreamResampler } from "./http-pcm-stream.ts";
import { createOpenAiTts } from "./openai-tts.ts";

const tone = (rate: number, ms: number) =>
  Int16Array.from({ length: (rate * ms) / 1000 }, (_, i) =>
    Math.round(9000 * Math.sin((2 * Math.PI * 300 * i) / rate)),
  );
const bytesOf = (pcm: Int16Array) => Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
const concat = (parts: Int16Array[]) => Int16Array.from(parts.flatMap((p) => [...p]));

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Handler = (req: Seen, res: http.ServerResponse) => unknown;

/** A local stand-in for a TTS vendor: records each request and answers with the current handler. */
async function fakeVendor() {
  const seen: Seen[] = [];
  let handler: Handler = (_r, res) => res.end();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const s = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(s);
      void handler(s, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    answer: (h: Handler) => {
      handler = h;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
/** Streams `pcm` in uneven pieces (odd byte counts), pausing between them, then ends. */
async function streamSlowly(res: http.ServerResponse, pcm: Int16Array, state: { done: boolean }) {
  res.writeHead(200, { "content-type": "application/octet-stream" });
  const bytes = bytesOf(pcm);
  for (const [a, b] of [
    [0, 1001],
    [1001, 2000],
    [2000, bytes.length],
  ] as const) {
    res.write(bytes.subarray(a, b));
    await new Promise((r) => setTimeout(r, 80));
  }
  state.done = true;
  res.end();
}

describe("cloud TTS against local fake vendors", () => {
  let vendor: Awaited<ReturnType<typeof fakeVendor>>;
  before(async () => (vendor = await fakeVendor()));
  after(() => vendor.close());

  test("ElevenLabs streams PCM chunks as they arrive, with its key, voice, model and format", async () => {
    const pcm = tone(16000, 300);
    const state = { done: false };
    vendor.answer((_r, res) => streamSlowly(res, pcm, state));
    const tts = createElevenLabsTts({ apiKey: "xi-secret", baseUrl: vendor.url, model: "eleven_turbo_v2_5" });
    const parts: Int16Array[] = [];
    let firstBeforeEnd = false;
    for await (const c of tts.synthesize("Hello there.", { voiceId: "elevenlabs:VoiceAbc", sampleRate: 16000 })) {
      if (parts.length === 0) firstBeforeEnd = !state.done;
      parts.push(c);
    }
    const req = vendor.seen.at(-1)!;
    assert.equal(req.method, "POST");
    assert.equal(req.url, "/v1/text-to-speech/VoiceAbc/stream?output_format=pcm_16000");
    assert.equal(req.headers["xi-api-key"], "xi-secret");
    assert.deepEqual(JSON.parse(req.body), { text: "Hello there.", model_id: "eleven_turbo_v2_5" });
    assert.ok(firstBeforeEnd, "the first chunk was yielded before the vendor finished");
    assert.ok(parts.length >= 3);
    assert.deepEqual(concat(parts), pcm); // odd byte boundaries lose nothing
  });

  test("ElevenLabs at 8 kHz asks for 16 kHz and resamples", async () => {
    vendor.answer((_r, res) => res.end(bytesOf(tone(16000, 200))));
    const tts = createElevenLabsTts({ apiKey: "k", baseUrl: vendor.url });
    const parts: Int16Array[] = [];
    for await (const c of tts.synthesize("Hi.", { voiceId: "VoiceAbc", sampleRate: 8000 })) parts.push(c);
    assert.match(vendor.seen.at(-1)!.url, /output_format=pcm_16000$/);
    assert.equal(JSON.parse(vendor.seen.at(-1)!.body).model_id, "eleven_flash_v2_5");
    const out = concat(parts);
    assert.ok(Math.abs(out.length - 1600) <= 1, `${out.length} samples`);
    const want = tone(8000, 200);
    for (let i = 0; i < out.length; i++) assert.ok(Math.abs(out[i]! - want[i]!) <= 2, `sample ${i}`);
  });

  test("ElevenLabs lists the account's voices", async () => {
    vendor.answer((_r, res) => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          voices: [
            { voice_id: "v1", name: "Rachel", labels: { gender: "female", accent: "american", description: "calm" } },
            { voice_id: "v2", name: "Robot", description: "Synthetic", labels: {} },
          ],
        }),
      );
    });
    const voices = await createElevenLabsTts({ apiKey: "xi-secret", baseUrl: vendor.url }).listVoices();
    assert.equal(vendor.seen.at(-1)!.url, "/v1/voices");
    assert.equal(vendor.seen.at(-1)!.headers["xi-api-key"], "xi-secret");
    assert.deepEqual(voices, [
      {
        id: "elevenlabs:v1",
        name: "Rachel",
        description: "calm, american",
        provider: "elevenlabs",
        language: "en",
        gender: "female",
      },
      {
        id: "elevenlabs:v2",
        name: "Robot",
        description: "Synthetic",
        provider: "elevenlabs",
        language: "en",
        gender: "neutral",
      },
    ]);
  });

  test("a rejected key, a rate limit and an outage give clear errors", async () => {
    const tts = createElevenLabsTts({ apiKey: "bad", baseUrl: vendor.url });
    const speak = async () => {
      for await (const _ of tts.synthesize("Hi.", { voiceId: "v", sampleRate: 16000 })) void _;
    };
    vendor.answer((_r, res) => {
      res.statusCode = 401;
      res.end(JSON.stringify({ detail: { status: "invalid_api_key", message: "Invalid API key" } }));
    });
    await assert.rejects(speak, /ElevenLabs rejected the API key \(HTTP 401\): Invalid API key/);
    const openai = createOpenAiTts({ apiKey: "k", baseUrl: vendor.url });
    vendor.answer((_r, res) => {
      res.statusCode = 429;
      res.end(JSON.stringify({ error: { message: "You exceeded your current quota" } }));
    });
    await assert.rejects(async () => {
      for await (const _ of openai.synthesize("Hi.", { voiceId: "alloy", sampleRate: 16000 })) void _;
    }, /OpenAI rate limit or quota reached \(HTTP 429\): You exceeded your current quota/);
    vendor.answer((_r, res) => {
      res.statusCode = 503;
      res.end("upstream down");
    });
    await assert.rejects(speak, /ElevenLabs is unavailable \(HTTP 503\): upstream down/);
  });

  test("OpenAI posts model, voice, input and pcm format, and resamples its 24 kHz to the asked rate", async () => {
    const state = { done: false };
    vendor.answer((_r, res) => streamSlowly(res, tone(24000, 300), state));
    const tts = createOpenAiTts({ apiKey: "sk-test", baseUrl: `${vendor.url}/v1`, model: "gpt-4o-mini-tts" });
    const parts: Int16Array[] = [];
    for await (const c of tts.synthesize("Good morning.", { voiceId: "openai:nova", sampleRate: 8000 })) parts.push(c);
    const req = vendor.seen.at(-1)!;
    assert.equal(req.url, "/v1/audio/speech");
    assert.equal(req.headers.authorization, "Bearer sk-test");
    assert.deepEqual(JSON.parse(req.body), {
      model: "gpt-4o-mini-tts",
      voice: "nova",
      input: "Good morning.",
      response_format: "pcm",
    });
    const out = concat(parts);
    assert.ok(parts.length >= 2);
    assert.ok(Math.abs(out.length - 2400) <= 1, `${out.length} samples`);
    const want = tone(8000, 300);
    for (let i = 0; i < out.length; i++) assert.ok(Math.abs(out[i]! - want[i]!) <= 2, `sample ${i}`);
    const voices = await tts.listVoices();
    assert.ok(voices.some((v) => v.id === "openai:alloy") && voices.every((v) => v.provider === "openai"));
  });

  test("aborting stops the stream quietly and drops the connection", async () => {
    let closed = false;
    vendor.answer((_r, res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write(bytesOf(tone(24000, 20))), 20);
      res.on("close", () => {
        closed = true;
        clearInterval(timer);
      });
    });
    const ac = new AbortController();
    let n = 0;
    for await (const _ of createOpenAiTts({ apiKey: "k", baseUrl: vendor.url }).synthesize("Long text.", {
      voiceId: "alloy",
      sampleRate: 24000,
      signal: ac.signal,
    })) {
      if (++n === 2) ac.abort();
    }
    assert.ok(n >= 2 && n < 5, `${n} chunks`);
    for (let i = 0; i < 50 && !closed; i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(closed, "the vendor saw the connection close");
  });
});

test("the streaming resampler matches resampling the whole signal", () => {
  const whole = tone(24000, 100);
  const chunked = createStreamResampler(24000, 8000);
  const out = concat([whole.subarray(0, 1001), whole.subarray(1001, 1002), whole.subarray(1002)].map(chunked));
  const ref = resample(whole, 24000, 8000);
  assert.deepEqual(out.subarray(0, ref.length), ref);
  const up = createStreamResampler(16000, 24000);
  const a = concat([tone(16000, 100).subarray(0, 333), tone(16000, 100).subarray(333)].map(up));
  assert.deepEqual(a.subarray(0, 2398), resample(tone(16000, 100), 16000, 24000).subarray(0, 2398));
});

test("createTts picks the engine and insists on a key for cloud ones", () => {
  assert.match(createTts({ provider: "offline" }).name, /flite/);
  assert.throws(() => createTts({ provider: "elevenlabs" }), /TTS_PROVIDER=elevenlabs needs TTS_API_KEY/);
  assert.equal(createTts({ provider: "openai", apiKey: "k" }).name, "openai");
  assert.equal(createTts({ provider: "elevenlabs", apiKey: "k" }).name, "elevenlabs");
});
