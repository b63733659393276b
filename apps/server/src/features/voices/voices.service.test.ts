import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { TtsProvider, VoiceInfo } from "@parley/voice/providers/tts/tts-provider";
import { createLocalStorage } from "../../platform/storage.ts";
import { createVoicesService } from "./voices.service.ts";

/** A fake engine: each voice "speaks" a fixed tone; `broken` voices fail. Counts syntheses. */
function fakeTts(name: string, ids: string[], broken: string[] = []) {
  const calls: string[] = [];
  const tts: TtsProvider = {
    name,
    listVoices: async () =>
      ids.map(
        (id): VoiceInfo => ({
          id,
          name: `Voice ${id}`,
          description: "",
          provider: name,
          language: "en-US",
          gender: "female",
        }),
      ),
    async *synthesize(_text, opts) {
      calls.push(opts.voiceId);
      if (broken.includes(opts.voiceId)) throw new Error("engine crashed");
      yield new Int16Array(160).fill(1000);
      yield new Int16Array(160).fill(-1000);
    },
  };
  return { tts, calls };
}
const fakeWav = (pcm: Int16Array) => new Uint8Array([...Buffer.from("RIFF"), ...new Uint8Array(pcm.buffer)]);
const silent = pino({ level: "silent" });
const drain = async (stream: AsyncIterable<unknown>) => {
  for await (const _ of stream);
};

test("previews are made once, cached in storage, and served with a versioned URL", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voices-"));
  const { tts, calls } = fakeTts("fake", ["a", "b"]);
  const voices = createVoicesService({ tts, storage: createLocalStorage(dir), logger: silent, encodeWav: fakeWav });
  const list = await voices.list();
  assert.deepEqual(
    list.map((v) => [v.id, v.voice_id]),
    [
      ["a", "a"],
      ["b", "b"],
    ],
  );
  assert.match(list[0]!.preview_url!, /^\/api\/voices\/a\/preview\.wav\?v=[0-9a-f]{12}$/);
  const [one, two] = await Promise.all([voices.preview("a"), voices.preview("a")]);
  assert.equal(one!.size, 4 + 640);
  assert.equal(two!.size, 4 + 640);
  // The bodies are file streams that open lazily (even a destroyed one opens, then closes): read them to the
  // end, so no open is still pending when the folder is removed.
  await drain(one!.body);
  await drain(two!.body);
  assert.deepEqual(calls, ["a"], "two requests at once synthesise once");
  await voices.warmUp();
  assert.deepEqual(calls, ["a", "b"]);
  const again = createVoicesService({ tts, storage: createLocalStorage(dir), logger: silent, encodeWav: fakeWav });
  await drain((await again.preview("b"))!.body);
  assert.deepEqual(calls, ["a", "b"], "a restart reuses the stored clip");
  assert.equal(await voices.preview("zzz"), null);
  assert.equal(await voices.exists("b"), true);
  assert.equal(await voices.exists("zzz"), false);
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a voice whose clip cannot be made answers preview_url null, the others still play", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "voices-"));
  const { tts } = fakeTts("fake", ["ok", "bad"], ["bad"]);
  const voices = createVoicesService({ tts, storage: createLocalStorage(dir), logger: silent, encodeWav: fakeWav });
  await voices.warmUp();
  assert.deepEqual(
    (await voices.list()).map((v) => [v.id, v.preview_url === null]),
    [
      ["ok", false],
      ["bad", true],
    ],
  );
  fs.rmSync(dir, { recursive: true, force: true });
});
