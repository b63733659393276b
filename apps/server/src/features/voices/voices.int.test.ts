import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";

// Voices come from the offline TTS (Debian flite and espeak-ng), the same on PGlite and PostgreSQL: one run.
describe("voices over HTTP", () => {
  let t: TestApp;
  let u: TestUser;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-voices-"));
  before(async () => {
    t = await startTestApp("pglite", { env: { DATA_DIR: dataDir } });
    u = await buildUser(t);
  });
  after(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the offline TTS's voices are listed, each with a preview clip that is a real WAV", async () => {
    assert.equal((await t.request("GET", "/api/voices")).status, 401);
    const res = await t.request("GET", "/api/voices", { token: u.token });
    assert.equal(res.status, 200);
    const voices = res.body.voices as Array<{
      id: string;
      voice_id: string;
      name: string;
      preview_url: string;
      provider: string;
    }>;
    assert.ok(voices.length >= 2, "flite and espeak-ng each offer voices");
    assert.ok(new Set(voices.map((v) => v.provider)).size >= 2, "both engines are offered");
    for (const v of voices) assert.equal(v.id, v.voice_id);

    const first = voices[0]!;
    const started = Date.now();
    const clip = await fetch(t.baseUrl + first.preview_url); // no token: an <audio> element sends none
    assert.equal(clip.status, 200);
    assert.equal(clip.headers.get("content-type"), "audio/wav");
    assert.match(clip.headers.get("cache-control") ?? "", /max-age=\d+/);
    const wav = Buffer.from(await clip.arrayBuffer());
    assert.equal(wav.subarray(0, 4).toString(), "RIFF");
    assert.equal(wav.subarray(8, 12).toString(), "WAVE");
    const dataBytes = wav.length - 44;
    assert.ok(dataBytes > 16000 * 2, `a sentence lasts more than a second (${dataBytes} bytes of audio)`);
    const peak = Math.max(
      ...Array.from(new Int16Array(wav.buffer, wav.byteOffset + 44, Math.floor(dataBytes / 2)), Math.abs),
    );
    assert.ok(peak > 1000, "the clip is not silence");

    const cached = path.join(dataDir, "files", "voices", "previews");
    assert.ok(
      fs.readdirSync(cached).some((f) => f.endsWith(".wav")),
      "the clip is kept under the data folder",
    );
    const again = await fetch(t.baseUrl + first.preview_url);
    assert.deepEqual(Buffer.from(await again.arrayBuffer()), wav);
    assert.ok(Date.now() - started < 60_000);
  });

  test("an unknown voice has no preview (404)", async () => {
    const res = await t.request("GET", "/api/voices/no-such-voice/preview.wav");
    assert.equal(res.status, 404);
    assert.equal(res.body.error.code, "not_found");
  });
});
