import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { KbTranscribeResponse } from "@parley/shared/knowledge-base";
import { encodeWav } from "@parley/voice/audio/wav";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

// Real recorded speech from Debian's pocketsphinx-testdata.
const DATA = "/usr/share/pocketsphinx/test/data";
/** "go forward ten meters": headerless 16 kHz PCM16, wrapped in a WAV header as a browser sends it. */
const goForwardSamples = () => {
  const raw = fs.readFileSync(`${DATA}/goforward.raw`);
  return new Int16Array(raw.buffer, raw.byteOffset, raw.length / 2);
};
const goForward = () => encodeWav(goForwardSamples(), 16_000);
/** A WAV file as recorded: "he was not an ill disposed young man". */
const librivox = () => fs.readFileSync(`${DATA}/librivox/sense_and_sensibility_01_austen_64kb-0880.wav`);
const wav = (bytes: Uint8Array, type = "audio/wav") => new Blob([new Uint8Array(bytes)], { type });

for (const kind of await dbKinds()) {
  describe(`POST /api/voice/KB/transcribe (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    const transcribe = (body: unknown, query = "", u: TestUser | null = owner) =>
      t.request("POST", `/api/voice/KB/transcribe${query}`, { token: u?.token, body });

    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: {
          name: "Robot moves",
          description: "Go forward and turn",
          direction: "outbound",
          channel: "voice",
          save_as_draft: true,
          start_immediately: true,
        },
      });
      assert.equal(created.status, 201, created.text);
      campaignId = created.body.campaign.id;
    });
    after(() => t.close());

    test("a real recording comes back as the words said, through the calls' speech recognition", async () => {
      const res = await transcribe(wav(goForward()));
      assert.equal(res.status, 200, res.text);
      const body = KbTranscribeResponse.parse(res.body);
      assert.equal(body.text, "go forward ten meters");
      assert.equal(body.utterances.length, 1);
      assert.ok(body.duration_ms > 2700 && body.duration_ms < 2900, String(body.duration_ms));

      const book = KbTranscribeResponse.parse((await transcribe(wav(librivox(), "audio/x-wav"))).body);
      assert.match(book.text, /^he was not .* young man$/);
    });

    test("silence is heard as nothing, not as words", async () => {
      const res = await transcribe(wav(encodeWav(new Int16Array(16_000 * 2), 16_000)));
      assert.equal(res.status, 200, res.text);
      assert.deepEqual({ text: res.body.text, utterances: res.body.utterances }, { text: "", utterances: [] });
    });

    test("a campaign's vocabulary is used only for the organisation's own campaigns", async () => {
      const ok = await transcribe(wav(goForward()), `?campaign_id=${campaignId}`);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.text, "go forward ten meters");
      await assertOrgIsolation(t, owner, {
        method: "POST",
        path: `/api/voice/KB/transcribe?campaign_id=${campaignId}`,
        body: wav(goForward()),
      });
      const missing = await transcribe(wav(goForward()), "?campaign_id=nope");
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error.message, "campaign_id must be a campaign's id.");
    });

    test("bad input is refused in the API's error shape", async () => {
      const noAuth = await transcribe(wav(goForward()), "", null);
      assert.equal(noAuth.status, 401);

      const notAudio = await transcribe(wav(Buffer.from("Is zlib thread safe?\n".repeat(20))));
      assert.equal(notAudio.status, 400);
      assert.equal(notAudio.body.error.code, "validation_failed");
      assert.equal(notAudio.body.error.message, "The recording is not a PCM16 WAV file (not a WAV file).");
      assert.ok(notAudio.body.error.requestId);

      const json = await transcribe({ audio: "go forward" });
      assert.equal(json.status, 415);
      assert.equal(json.body.error.code, "unsupported_media_type");

      const headerOnly = await transcribe(wav(encodeWav(new Int16Array(0), 16_000)));
      assert.equal(headerOnly.status, 400);
      assert.equal(headerOnly.body.error.message, "The recording is empty.");

      // Twelve times the real recording: 33 s, more than a question.
      const one = goForwardSamples();
      const twelve = new Int16Array(one.length * 12);
      for (let i = 0; i < 12; i++) twelve.set(one, i * one.length);
      const long = await transcribe(wav(encodeWav(twelve, 16_000)));
      assert.equal(long.status, 413);
      assert.equal(long.body.error.code, "payload_too_large");
      assert.equal(
        long.body.error.message,
        "A spoken question can be at most 30 seconds long; this recording is 33 seconds.",
      );

      const huge = await transcribe(wav(Buffer.alloc(7 * 1024 * 1024)));
      assert.equal(huge.status, 413);
      assert.match(
        huge.body.error.message,
        /^The recording is too large: a spoken question can be at most 30 seconds long\.$/,
      );
    });
  });
}
