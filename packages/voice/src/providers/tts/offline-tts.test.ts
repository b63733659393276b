import assert from "node:assert/strict";
import { test } from "node:test";
import { createOfflineTts } from "./offline-tts.ts";

async function collect(chunks: AsyncIterable<Int16Array>): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const c of chunks) parts.push(c);
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) out.set(p, o), (o += p.length);
  return out;
}

test("every offline voice speaks: about a second of non-silent audio at the asked rate", async () => {
  const tts = createOfflineTts();
  const voices = await tts.listVoices();
  assert.equal(voices.length, 8);
  for (const v of voices) {
    const pcm = await collect(tts.synthesize("Hello, this is Parley.", { voiceId: v.id, sampleRate: 16000 }));
    const seconds = pcm.length / 16000;
    assert.ok(seconds > 0.6 && seconds < 4, `${v.id}: ${seconds}s`);
    const rms = Math.sqrt(pcm.reduce((s, x) => s + x * x, 0) / pcm.length);
    assert.ok(rms > 300, `${v.id} is audible (rms ${rms.toFixed(0)})`);
  }
});

test("an unknown voice is refused", async () => {
  await assert.rejects(
    collect(createOfflineTts().synthesize("hi", { voiceId: "flite:nope", sampleRate: 16000 })),
    /Unknown/,
  );
});
