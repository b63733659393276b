import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../../../tests/support/webhook-receiver.ts";
import { createLogger } from "../../platform/logger.ts";
import { startWebhookLoop } from "./webhook-loop.ts";
import { RETRY_DELAYS_MS } from "./webhook-retry.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "parley-webhooks-"));
// The receiver listens on 127.0.0.1: the tests-only switch lets endpoints be private addresses.
const ENV = { WEBHOOKS_ALLOW_PRIVATE_URLS: "1", VOICE_MODE: "instant", SIMULATED_RING_MS: "100" };
const log = createLogger({ logLevel: "silent" } as never);

type Delivery = {
  id: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_response: string | null;
  event_type: string;
};

async function createEndpoint(t: TestApp, user: TestUser, url: string, events: string[]) {
  const res = await t.request("POST", "/api/webhooks", {
    token: user.token,
    body: { url, description: "CRM", events },
  });
  assert.equal(res.status, 201, res.text);
  return res.body as { endpoint: { id: string; failing_since: string | null }; secret: string };
}

for (const kind of await dbKinds()) {
  describe(`webhooks (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let rx: WebhookReceiver;
    let loop: ReturnType<typeof startWebhookLoop>;
    before(async () => {
      t = await startTestApp(kind, { env: { ...ENV, DATA_DIR: tmpDir() } });
      owner = await buildUser(t);
      rx = await startWebhookReceiver();
      loop = startWebhookLoop(t.services.webhooks.delivery, { log, intervalMs: 50 });
    });
    after(async () => {
      await loop.stop();
      await rx.close();
      await t.close();
    });
    const deliveries = async (id: string, user = owner) =>
      (await t.request("GET", `/api/webhooks/${id}/deliveries`, { token: user.token })).body.deliveries as Delivery[];

    test("an endpoint is created with a whsec_ secret, listed without it, edited; its test is signed", async () => {
      const { endpoint, secret } = await createEndpoint(t, owner, rx.url, ["call.completed"]);
      assert.match(secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      const list = await t.request("GET", "/api/webhooks", { token: owner.token });
      assert.equal(list.status, 200);
      assert.deepEqual(
        list.body.endpoints.map((e: { id: string }) => e.id),
        [endpoint.id],
      );
      assert.ok(!list.text.includes(secret), "the secret is shown once, at creation");
      const put = await t.request("PUT", `/api/webhooks/${endpoint.id}`, {
        token: owner.token,
        body: { url: rx.url, events: ["call.completed", "meeting.booked"] },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.body.endpoint.events, ["call.completed", "meeting.booked"]);

      const sent = await t.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: owner.token });
      assert.equal(sent.status, 202, sent.text);
      await until(async () => (await deliveries(endpoint.id))[0]?.status === "delivered", {
        what: "test event delivered",
        ms: 20_000,
      });
      const [got] = rx.of("webhook.test");
      assert.equal(rx.verified(got!, secret).type, "webhook.test");
      assert.throws(
        () => rx.verified(got!, "whsec_" + Buffer.alloc(24).toString("base64")),
        /signature/i,
        "another secret does not verify",
      );
      const [d] = await deliveries(endpoint.id);
      assert.deepEqual([d!.attempts, d!.last_status_code, d!.last_response], [1, 200, "thanks"]);
      assert.equal(got!.headers["webhook-id"], sent.body.delivery.message_id);
    });

    test("a secret is stored encrypted; a rotated one is shown once, and for the grace period both sign", async () => {
      const { endpoint, secret: old } = await createEndpoint(t, owner, rx.url, ["call.completed"]);
      const stored = async () =>
        (
          await t.db.query<{ secret: string; previous_secret: string | null }>(
            "select secret, previous_secret from webhook_endpoints where id = $1",
            [endpoint.id],
          )
        )[0]!;
      assert.match((await stored()).secret, /^v1\./, "sealed like the integrations' secrets");
      assert.ok(!(await stored()).secret.includes(old.slice(6)));

      const before = Date.now();
      const rotated = await t.request("POST", `/api/webhooks/${endpoint.id}/rotate-secret`, { token: owner.token });
      assert.equal(rotated.status, 200, rotated.text);
      const fresh = rotated.body.secret as string;
      assert.match(fresh, /^whsec_/);
      assert.notEqual(fresh, old);
      const graceMs = Date.parse(rotated.body.previous_secret_expires_at) - before;
      assert.ok(Math.abs(graceMs - 24 * 3_600_000) < 60_000, `grace of ${graceMs} ms`);
      assert.match((await stored()).previous_secret ?? "", /^v1\./);
      assert.ok(!(await t.request("GET", "/api/webhooks", { token: owner.token })).text.includes(fresh));

      const sendTest = async () => {
        const sent = await t.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: owner.token });
        assert.equal(sent.status, 202, sent.text);
        await until(
          async () => rx.of("webhook.test").some((r) => r.headers["webhook-id"] === sent.body.delivery.message_id),
          {
            what: "test event received",
            ms: 20_000,
          },
        );
        return rx.of("webhook.test").find((r) => r.headers["webhook-id"] === sent.body.delivery.message_id)!;
      };
      const during = await sendTest();
      assert.equal(String(during.headers["webhook-signature"]).split(" ").length, 2, "two v1 signatures");
      assert.equal(rx.verified(during, fresh).type, "webhook.test");
      assert.equal(rx.verified(during, old).type, "webhook.test", "the old secret still verifies");

      await t.db.query(
        "update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1",
        [endpoint.id],
      );
      const afterGrace = await sendTest();
      assert.equal(String(afterGrace.headers["webhook-signature"]).split(" ").length, 1);
      assert.equal(rx.verified(afterGrace, fresh).type, "webhook.test");
      assert.throws(() => rx.verified(afterGrace, old), /signature/i, "the old secret no longer verifies");

      const other = await buildUser(t);
      const foreign = await t.request("POST", `/api/webhooks/${endpoint.id}/rotate-secret`, { token: other.token });
      assert.equal(foreign.status, 404);
    });

    test("a secret stored in clear by an older version is sealed at start and still signs", async () => {
      const plain = `whsec_${Buffer.alloc(24, 7).toString("base64")}`;
      const [row] = await t.db.query<{ id: string }>(
        `insert into webhook_endpoints (org_id, url, description, events, secret)
         values ($1, $2, '', $3, $4) returning id`,
        [owner.orgId, rx.url, ["call.completed"], plain],
      );
      await t.services.webhooks.sealStoredSecrets();
      const [sealed] = await t.db.query<{ secret: string }>("select secret from webhook_endpoints where id = $1", [
        row!.id,
      ]);
      assert.match(sealed!.secret, /^v1\./);
      const sent = await t.request("POST", `/api/webhooks/${row!.id}/test`, { token: owner.token });
      assert.equal(sent.status, 202, sent.text);
      await until(
        async () => rx.of("webhook.test").some((r) => r.headers["webhook-id"] === sent.body.delivery.message_id),
        {
          what: "test event received",
          ms: 20_000,
        },
      );
      const got = rx.of("webhook.test").find((r) => r.headers["webhook-id"] === sent.body.delivery.message_id)!;
      assert.equal(rx.verified(got, plain).type, "webhook.test");
    });

    test("a simulated call sends call.started and call.completed with outcome, transcript, recording", async () => {
      const { secret } = await createEndpoint(t, owner, rx.url, ["call.started", "call.completed"]);
      const campaignId = await insertCampaign(t.db, owner.orgId, {
        name: "Hooks",
        service: "sales",
        timezone: "UTC",
        business_hours_start: "00:00",
        business_hours_end: "00:00",
      });
      const contactId = await insertContact(t.db, owner.orgId, campaignId, {
        name: "Maya Patel",
        phone_e164: numbersInHoursNow(1, 7)[0]!,
        persona: "say:hello;hangup",
      });
      const ring = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: contactId },
      });
      assert.equal(ring.status, 202, ring.text);
      const callId = ring.body.call.id;
      const ours = (type: string) =>
        rx.signedWith(secret).find((r) => r.json.type === type && r.json.data.call_id === callId);
      await until(() => ours("call.completed") !== undefined, { what: "call.completed received", ms: 60_000 });
      assert.equal(ours("call.started")!.json.data.contact_name, "Maya Patel");
      const done = ours("call.completed")!.json.data;
      const [row] = await t.db.query<{
        outcome: string;
        summary: string;
        duration_secs: number;
        transcript: unknown[];
      }>("select outcome, summary, duration_secs, transcript from calls where id = $1", [callId]);
      assert.deepEqual(
        [done.outcome, done.summary, done.duration_secs, done.campaign_name],
        [row!.outcome, row!.summary, row!.duration_secs, "Hooks"],
      );
      assert.ok(
        done.transcript.some((x: { speaker: string }) => x.speaker === "callee"),
        JSON.stringify(done.transcript),
      );
      assert.deepEqual(done.transcript, row!.transcript);
      assert.equal(typeof done.extracted, "object");
      assert.match(done.recording_url, /^\/api\/recordings\/[0-9a-f-]+\?exp=\d+&sig=/);
      const audio = await fetch(t.baseUrl + done.recording_url);
      assert.equal(audio.status, 200, "the signed recording link plays without a token");
    });

    test("a 500 is retried on the schedule with the same webhook-id, and a 200 then delivers it", async () => {
      const { endpoint, secret } = await createEndpoint(t, owner, rx.url, ["meeting.booked"]);
      rx.answers.push(500);
      await t.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: owner.token });
      await until(async () => (await deliveries(endpoint.id))[0]?.attempts === 1, {
        what: "first attempt",
        ms: 20_000,
      });
      const [first] = await t.db.query<{
        status: string;
        last_status_code: number;
        wait: number;
        last_response: string;
      }>(
        `select status, last_status_code, last_response, extract(epoch
          from next_attempt_at - last_attempt_at) * 1000 as wait
           from webhook_deliveries where endpoint_id = $1`,
        [endpoint.id],
      );
      assert.deepEqual(
        [first!.status, first!.last_status_code, first!.last_response, Math.round(first!.wait)],
        ["pending", 500, "receiver says 500", RETRY_DELAYS_MS[0]],
      );
      // Time moves on: the retry falls due (the schedule itself is checked above and in webhook-retry.test.ts).
      await t.db.query("update webhook_deliveries set next_attempt_at = now() where endpoint_id = $1", [endpoint.id]);
      await until(async () => (await deliveries(endpoint.id))[0]?.status === "delivered", {
        what: "retry delivered",
        ms: 20_000,
      });
      const mine = rx.received.filter((r) => r.headers["webhook-id"] === rx.received.at(-1)!.headers["webhook-id"]);
      assert.equal(mine.length, 2, "two sends of one message");
      for (const r of mine) rx.verified(r, secret);
      assert.notEqual(mine[0]!.headers["webhook-signature"], undefined);
    });

    test("delivered and failed deliveries older than 30 days are pruned; pending and newer ones stay", async () => {
      const { endpoint } = await createEndpoint(t, owner, rx.url, ["contact.opted_out"]);
      // Deliveries aged past the retention window: only the clock makes those through the API.
      const insert = (id: string, status: string, ageDays: number) =>
        t.db.query(
          `insert into webhook_deliveries (org_id, endpoint_id, message_id, event_type, body, status, next_attempt_at,
            created_at)
         values ($1, $2, $3, 'contact.opted_out', '{}', $4, now() + interval '1 day', now() - make_interval(days =>
           $5))`,
          [owner.orgId, endpoint.id, id, status, ageDays],
        );
      await insert("old_ok", "delivered", 31);
      await insert("old_failed", "failed", 45);
      await insert("old_pending", "pending", 31);
      await insert("recent_ok", "delivered", 29);
      assert.ok((await t.services.webhooks.delivery.prune()) >= 2);
      const left = await t.db.query<{ message_id: string }>(
        "select message_id from webhook_deliveries where endpoint_id = $1 order by message_id",
        [endpoint.id],
      );
      assert.deepEqual(
        left.map((r) => r.message_id),
        ["old_pending", "recent_ok"],
      );
    });

    test("after the last retry a delivery fails, the endpoint is failing; Resend or a success clear it", async () => {
      const { endpoint } = await createEndpoint(t, owner, rx.url, ["campaign.completed"]);
      rx.answers.push(503);
      // A delivery on its last try, without waiting out the real retry delays.
      await t.db.query(
        `insert into webhook_deliveries (org_id, endpoint_id, message_id, event_type, body, attempts, next_attempt_at)
         values ($1, $2, 'msg_last_try', 'campaign.completed',
           '{"type":"campaign.completed","timestamp":"2026-01-01T00:00:00Z","data":{}}', $3, now())`,
        [owner.orgId, endpoint.id, RETRY_DELAYS_MS.length],
      );
      await until(async () => (await deliveries(endpoint.id))[0]?.status === "failed", {
        what: "delivery given up",
        ms: 20_000,
      });
      const listed = (await t.request("GET", "/api/webhooks", { token: owner.token })).body.endpoints.find(
        (e: { id: string }) => e.id === endpoint.id,
      );
      assert.ok(listed.failing_since, "the endpoint shows as failing");

      const [failed] = await deliveries(endpoint.id);
      const resend = await t.request("POST", `/api/webhooks/${endpoint.id}/deliveries/${failed!.id}/resend`, {
        token: owner.token,
      });
      assert.equal(resend.status, 202, resend.text);
      await until(async () => (await deliveries(endpoint.id))[0]?.status === "delivered", {
        what: "resend delivered",
        ms: 20_000,
      });
      assert.equal(rx.received.at(-1)!.headers["webhook-id"], "msg_last_try", "a resend keeps the message id");
      const after = (await t.request("GET", "/api/webhooks", { token: owner.token })).body.endpoints.find(
        (e: { id: string }) => e.id === endpoint.id,
      );
      assert.equal(after.failing_since, null);
    });

    test("every endpoint is scoped to the organisation: another organisation gets 404", async () => {
      const { endpoint } = await createEndpoint(t, owner, rx.url, ["contact.opted_out"]);
      const base = `/api/webhooks/${endpoint.id}`;
      await t.request("POST", `${base}/test`, { token: owner.token });
      const [d] = await deliveries(endpoint.id);
      await assertOrgIsolation(t, owner, { method: "GET", path: `${base}/deliveries` });
      await assertOrgIsolation(t, owner, {
        method: "PUT",
        path: base,
        body: { url: rx.url, events: ["contact.opted_out"] },
      });
      await assertOrgIsolation(t, owner, { method: "POST", path: `${base}/test` }, { ownerStatus: 202 });
      await assertOrgIsolation(
        t,
        owner,
        { method: "POST", path: `${base}/deliveries/${d!.id}/resend` },
        { ownerStatus: 202 },
      );
      await assertOrgIsolation(t, owner, { method: "DELETE", path: base }, { ownerStatus: 204 });
      const stranger = await buildUser(t);
      const theirs = await t.request("GET", "/api/webhooks", { token: stranger.token });
      assert.deepEqual(theirs.body.endpoints, [], "another organisation lists none of ours");
    });

    test("admins and the owner manage webhooks; a member gets 403 saying who can; the API docs list them", async () => {
      const { endpoint } = await createEndpoint(t, owner, rx.url, ["campaign.completed"]);
      const admin = await addTeamMember(t, owner, "admin");
      const member = await addTeamMember(t, owner, "member");
      assert.equal((await t.request("GET", "/api/webhooks", { token: admin.token })).status, 200);
      assert.equal((await t.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: admin.token })).status, 202);
      for (const [method, url] of [
        ["GET", "/api/webhooks"],
        ["POST", "/api/webhooks"],
        ["GET", `/api/webhooks/${endpoint.id}/deliveries`],
        ["DELETE", `/api/webhooks/${endpoint.id}`],
      ] as const) {
        const res = await t.request(method, url, {
          token: member.token,
          body: method === "POST" ? { url: rx.url, events: ["call.completed"] } : undefined,
        });
        assert.equal(res.status, 403, `${method} ${url} as a member`);
        assert.match(res.body.error.message, /Ask an admin or the owner/);
      }
      const doc = await t.request("GET", "/api/openapi.json");
      assert.ok(doc.body.paths["/api/webhooks"].post.requestBody);
      assert.ok(doc.body.paths["/api/webhooks/{id}/deliveries/{deliveryId}/resend"].post);
    });

    test("an opt-out, a booked and a cancelled meeting, a completed campaign: sent to subscribers only", async () => {
      const { endpoint, secret } = await createEndpoint(t, owner, rx.url, [
        "meeting.booked",
        "meeting.cancelled",
        "contact.opted_out",
      ]);
      const start = new Date(Date.now() + 86_400_000);
      const ev = await t.request("POST", "/api/calendar/events", {
        token: owner.token,
        body: {
          title: "Demo",
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 1800_000).toISOString(),
          timezone: "UTC",
        },
      });
      assert.equal(ev.status, 201, ev.text);
      const eventId = ev.body.event.id;
      assert.equal(
        (await t.request("POST", `/api/calendar/events/${eventId}/cancel`, { token: owner.token })).status,
        200,
      );
      await t.services.dnc.markFromCall(owner.orgId, "+14155550199", "Asked not to be called again during a call.");
      await t.services.webhooks.events.emit(owner.orgId, "campaign.completed", {
        campaign_id: "x",
        name: "not subscribed",
      });
      await until(async () => (await deliveries(endpoint.id)).filter((x) => x.status === "delivered").length === 3, {
        what: "three events",
        ms: 20_000,
      });
      const types = (await deliveries(endpoint.id)).map((x) => x.event_type).sort();
      assert.deepEqual(types, ["contact.opted_out", "meeting.booked", "meeting.cancelled"]);
      const cancelled = rx.of("meeting.cancelled").find((r) => r.json.data.meeting.id === eventId)!;
      assert.equal(rx.verified(cancelled, secret).data.meeting.status, "cancelled");
      assert.equal(rx.of("contact.opted_out").at(-1)!.json.data.phone, "+14155550199");
    });
  });

  describe(`webhook addresses (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind); // no tests-only switch: the knowledge base's address rules apply
      owner = await buildUser(t);
    });
    after(() => t.close());

    for (const [url, why] of [
      ["http://127.0.0.1:8080/hook", /private, loopback or reserved/],
      ["http://localhost/hook", /private, loopback or reserved|could not be resolved/],
      ["http://169.254.169.254/latest/meta-data", /private, loopback or reserved/],
      ["http://[::1]/hook", /private, loopback or reserved/],
      ["http://10.0.0.7/hook", /private, loopback or reserved/],
      ["ftp://example.com/hook", /must start with https:\/\//],
      ["https://user:pw@93.184.215.14/hook", /user name or password/],
    ] as const) {
      test(`${url} is refused with a 400 saying why`, async () => {
        const res = await t.request("POST", "/api/webhooks", {
          token: owner.token,
          body: { url, events: ["call.completed"] },
        });
        assert.equal(res.status, 400, res.text);
        assert.equal(res.body.error.code, "validation_failed");
        assert.match(res.body.error.message, why);
        assert.equal(res.body.error.details[0].path, "url");
      });
    }

    test("an endpoint needs at least one event", async () => {
      const res = await t.request("POST", "/api/webhooks", {
        token: owner.token,
        body: { url: "https://93.184.215.14/hook", events: [] },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /at least one event/);
    });
  });

  describe(`webhook deliveries survive a restart (${kind})`, () => {
    test("deliveries queued by a stopped server are sent by the next one on the same database", async () => {
      const rx = await startWebhookReceiver();
      const dir = kind === "pglite" ? tmpDir() : undefined;
      const first = await startTestApp(kind, { env: { ...ENV, DATA_DIR: tmpDir() }, pgliteDir: dir });
      const owner = await buildUser(first);
      const { endpoint, secret } = await createEndpoint(first, owner, rx.url, ["contact.opted_out"]);
      // No delivery loop runs here: the events wait in the database when this server stops.
      await first.services.dnc.markFromCall(owner.orgId, "+14155550111", "Asked not to be called again during a call.");
      await first.request("POST", `/api/webhooks/${endpoint.id}/test`, { token: owner.token });
      const second = await restartOnSameDb(kind, first, dir);
      const loop = startWebhookLoop(second.services.webhooks.delivery, { log, intervalMs: 50 });
      try {
        await until(() => rx.received.length === 2, { what: "both queued events", ms: 20_000 });
        assert.deepEqual(rx.received.map((r) => rx.verified(r, secret).type).sort(), [
          "contact.opted_out",
          "webhook.test",
        ]);
      } finally {
        await loop.stop();
        await second.close();
        await rx.close();
      }
    });
  });
}

/** Stops `first` and starts a new server over its database (PGlite: the same folder; PostgreSQL: the same database). */
async function restartOnSameDb(kind: DbKind, first: TestApp, dir: string | undefined): Promise<TestApp> {
  if (kind === "pglite") {
    await first.close();
    return startTestApp(kind, { env: { ...ENV, DATA_DIR: tmpDir() }, pgliteDir: dir });
  }
  await first.app.close(); // the database stays; `first.close()` drops it once the second server is done
  const { openPostgres } = await import("../../platform/db.ts");
  const { loadConfig } = await import("../../platform/config.ts");
  const { createServer } = await import("../../entry/server.ts");
  const db = await openPostgres(first.url!, 3);
  const config = loadConfig({ LOG_LEVEL: "silent", DEMO: "0", WEB_DIST: "/nonexistent", ...ENV, DATA_DIR: tmpDir() });
  const { app, services } = await createServer({ config, db, logger: log });
  return {
    ...first,
    app,
    services,
    db,
    close: async () => {
      await app.close();
      await db.close();
      await first.close();
    },
  };
}
