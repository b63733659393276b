// The SDK warns once per process that its 2027 releases will need Node 22; the tests run on Node 20 on purpose.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { seedCampaign } from "../../../../../tests/support/call-campaign.ts";
import { startS3Server } from "../../../../../tests/support/s3-server.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";
import { createServer } from "../../entry/server.ts";
import { openPostgres } from "../../platform/db.ts";
import { createLogger } from "../../platform/logger.ts";
import { retryDelayMs, startRecordingUploadLoop } from "./recording-uploads.ts";

/** A port nothing listens on yet: the bucket's address before its server is up. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

test("a pending recording is retried soon, then less often, never less than every 5 minutes", () => {
  assert.deepEqual([1, 2, 3, 4].map(retryDelayMs), [2000, 4000, 8000, 16_000]);
  assert.equal(retryDelayMs(30), 300_000);
});

const skip = (await dbKinds()).includes("postgres")
  ? false
  : "needs the PostgreSQL at 127.0.0.1:5432 (or TEST_DATABASE_URL)";

// The store is an S3 bucket that is down when the call ends: the call completes, the call log says the
// recording is pending, and once the bucket answers the recording lands and plays. Nothing is lost.
describe("a recording when the file store is unreachable (PostgreSQL + S3)", { skip }, () => {
  let t: TestApp;
  let owner: TestUser;
  let port: number;
  let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
  before(async () => {
    port = await freePort();
    t = await startTestApp("postgres", {
      env: {
        STORAGE_URL: `s3://parley-rec?endpoint=http://127.0.0.1:${port}`,
        AWS_ACCESS_KEY_ID: "S3RVER",
        AWS_SECRET_ACCESS_KEY: "S3RVER",
      },
      voice: {
        telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 50 }),
        stt: createScriptedStt(["ok bye", "ok bye"]),
        tts: createToneTts(300),
        brain: echoBrain,
        defaultVoiceId: "tone",
        recording: true,
      },
    });
    owner = await buildUser(t);
  });
  after(async () => {
    await t?.close();
    await s3?.close();
  });

  test("the call completes, says 'recording pending', and the recording lands once the store is back", async () => {
    const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["say:ok bye;hangup"]);
    const rung = await t.request("POST", "/api/calls", {
      token: owner.token,
      body: { campaign_id: campaignId, contact_id: contacts[0] },
    });
    assert.equal(rung.status, 202, rung.text);
    const id: string = rung.body.call.id;
    const detail = async () => (await t.request("GET", `/api/call-history/${id}`, { token: owner.token })).body.call;
    await until(async () => (await detail()).status !== "in_progress", { ms: 20_000, what: "the call ends" });

    const pending = await detail();
    assert.equal(pending.status, "interested", "the call reached its outcome");
    const [row] = await t.db.query<{ status: string; recording_key: string }>(
      "select status, recording_key from calls where id = $1",
      [id],
    );
    assert.equal(row!.status, "completed", "the call itself is not held up by the store");
    assert.ok(row!.recording_key);
    assert.equal(pending.recording_pending, true);
    assert.equal(pending.audio_url, null, "nothing to play yet");
    const list = await t.request("GET", "/api/call-history", { token: owner.token });
    assert.equal(list.body.call_history.find((c: { id: string }) => c.id === id).recording_pending, true);

    s3 = await startS3Server("parley-rec", port);
    const loop = startRecordingUploadLoop(t.services.calls.recordingUploads, {
      log: pino({ level: "silent" }),
      intervalMs: 100,
    });
    try {
      await until(async () => (await detail()).recording_pending === false, {
        ms: 15_000,
        what: "the pending recording is stored",
      });
    } finally {
      await loop.stop();
    }
    const landed = await detail();
    assert.ok(landed.audio_url, "the recording plays now");
    const wav = Buffer.from(await (await fetch(t.baseUrl + landed.audio_url)).arrayBuffer());
    assert.equal(wav.subarray(0, 4).toString(), "RIFF");
    assert.ok(wav.length > 1000);

    // Another API process on the same database and bucket (another machine, as far as it knows) plays it too.
    const db = await openPostgres(t.url!, 2);
    const other = await createServer({ config: t.config, db, logger: createLogger(t.config) });
    try {
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const { port: otherPort } = other.app.server.address() as net.AddressInfo;
      const part = await fetch(`http://127.0.0.1:${otherPort}${landed.audio_url}`, { headers: { range: "bytes=0-3" } });
      assert.equal(part.status, 206);
      assert.equal(Buffer.from(await part.arrayBuffer()).toString(), "RIFF");
    } finally {
      await other.app.close();
      await db.close();
    }
    assert.deepEqual(await t.db.query("select call_id from pending_recordings"), [], "the database copy is gone");
  });
});
