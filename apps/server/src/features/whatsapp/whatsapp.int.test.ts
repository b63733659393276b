import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { signBody } from "./whatsapp-signature.ts";

const SECRET = "meta-app-secret-0123456789";
const NUMBER_ID = `10${Date.now()}`;

const inbound = (id: string, from: string, text: string, ts: number, name = "Kerry Fisher") => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "15550001111", phone_number_id: NUMBER_ID },
            contacts: [{ profile: { name }, wa_id: from }],
            messages: [{ from, id, timestamp: String(ts), type: "text", text: { body: text } }],
          },
        },
      ],
    },
  ],
});
const echo = (id: string, to: string, text: string, ts: number) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "smb_message_echoes",
          value: {
            metadata: { phone_number_id: NUMBER_ID },
            message_echoes: [
              { from: "15550001111", to, id, timestamp: String(ts), type: "text", text: { body: text } },
            ],
          },
        },
      ],
    },
  ],
});
const statusOf = (id: string, status: string, ts: number) => ({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "WABA",
      changes: [
        {
          field: "messages",
          value: { metadata: { phone_number_id: NUMBER_ID }, statuses: [{ id, status, timestamp: String(ts) }] },
        },
      ],
    },
  ],
});

for (const kind of await routeDbKinds()) {
  describe(`whatsapp logs (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
    });
    after(() => t.close());

    const deliver = (payload: unknown, secret = SECRET) => {
      const raw = JSON.stringify(payload);
      return t.request("POST", "/api/webhooks/whatsapp", {
        body: raw,
        headers: { "content-type": "application/json", "x-hub-signature-256": signBody(Buffer.from(raw), secret) },
      });
    };
    const contacts = async (user = u) =>
      (await t.request("GET", "/api/whatsapp/contacts?include_last_message=true", { token: user.token })).body.data;

    test("registering the number; the handshake echoes the challenge only for a registered verify token", async () => {
      const bad = await t.request("PUT", "/api/channels/whatsapp", {
        token: u.token,
        body: { phone_number_id: "abc", app_secret: SECRET, verify_token: "verify-me-123" },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.error.message, /phone_number_id must be the numeric id/);
      const put = await t.request("PUT", "/api/channels/whatsapp", {
        token: u.token,
        body: { phone_number_id: NUMBER_ID, app_secret: SECRET, verify_token: "verify-me-123" },
      });
      assert.equal(put.status, 200);
      assert.deepEqual(put.body, {
        configured: true,
        phone_number_id: NUMBER_ID,
        verify_token: "verify-me-123",
        webhook_path: "/api/webhooks/whatsapp",
      });
      assert.ok(
        !JSON.stringify((await t.request("GET", "/api/channels/whatsapp", { token: u.token })).body).includes(SECRET),
        "the secret is never sent back",
      );

      const stranger = await buildUser(t);
      assert.equal(
        (await t.request("GET", "/api/channels/whatsapp", { token: stranger.token })).body.configured,
        false,
      );
      const taken = await t.request("PUT", "/api/channels/whatsapp", {
        token: stranger.token,
        body: { phone_number_id: NUMBER_ID, app_secret: "another-secret-abcdefgh", verify_token: "verify-them-1" },
      });
      assert.equal(taken.status, 409);

      const ok = await t.request(
        "GET",
        "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me-123&hub.challenge=1158201444",
      );
      assert.equal(ok.status, 200);
      assert.equal(ok.text, "1158201444");
      assert.equal(
        (
          await t.request(
            "GET",
            "/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1",
          )
        ).status,
        403,
      );
      assert.equal(
        (
          await t.request(
            "GET",
            "/api/webhooks/whatsapp?hub.mode=unsubscribe&hub.verify_token=verify-me-123&hub.challenge=1",
          )
        ).status,
        403,
      );
    });

    test("signed deliveries are stored once; a bad or missing signature stores nothing", async () => {
      const t0 = Date.UTC(2030, 4, 1, 9, 0, 0) / 1000;
      const forged = await deliver(inbound("wamid.forged", "16315551181", "forged", t0), "not-the-app-secret-xyz");
      assert.equal(forged.status, 401);
      const raw = JSON.stringify(inbound("wamid.nosig", "16315551181", "unsigned", t0));
      assert.equal(
        (
          await t.request("POST", "/api/webhooks/whatsapp", {
            body: raw,
            headers: { "content-type": "application/json" },
          })
        ).status,
        401,
      );
      assert.deepEqual(await contacts(), []);
      const notJson = await t.request("POST", "/api/webhooks/whatsapp", {
        body: "{oops",
        headers: { "content-type": "application/json", "x-hub-signature-256": signBody(Buffer.from("{oops"), SECRET) },
      });
      assert.equal(notJson.status, 400);
      assert.equal(notJson.body.error.message, "The webhook body is not JSON.");
      assert.equal((await deliver({ object: "whatsapp_business_account" })).status, 400);

      assert.deepEqual((await deliver(inbound("wamid.A1", "16315551181", "Is the demo still on?", t0))).body, {
        stored: 1,
      });
      assert.deepEqual(
        (await deliver(inbound("wamid.A1", "16315551181", "Is the demo still on?", t0))).body,
        { stored: 0 },
        "replay ignored",
      );
      assert.deepEqual((await deliver(echo("wamid.B1", "16315551181", "Yes, 3 pm today.", t0 + 60))).body, {
        stored: 1,
      });
      await deliver(statusOf("wamid.B1", "read", t0 + 90));
      await deliver(statusOf("wamid.B1", "delivered", t0 + 80)); // late, must not move the tick back
      await deliver(inbound("wamid.C1", "447700900123", "Can I get a quote?", t0 - 3600, "Tom Baker"));
      const unknownNumber = { ...inbound("wamid.Z", "1", "x", t0) };
      unknownNumber.entry[0]!.changes[0]!.value.metadata.phone_number_id = "999999999";
      assert.equal((await deliver(unknownNumber)).status, 403);

      const list = await contacts();
      assert.deepEqual(
        list.map((c: Record<string, unknown>) => [c.phone, c.name, c.last_message, c.last_message_type, c.unreadCount]),
        [
          ["+16315551181", "Kerry Fisher", "Yes, 3 pm today.", "assistant", 1],
          ["+447700900123", "Tom Baker", "Can I get a quote?", "user", 1],
        ],
      );
      assert.equal(list[0].last_message_time, new Date((t0 + 60) * 1000).toISOString());

      const conv = await t.request("GET", "/api/whatsapp/messages/16315551181", { token: u.token });
      assert.equal(conv.status, 200);
      assert.deepEqual(
        conv.body.data.messages.map((m: Record<string, unknown>) => [m.role, m.content, m.status]),
        [
          ["user", "Is the demo still on?", null],
          ["assistant", "Yes, 3 pm today.", "read"],
        ],
      );
      assert.equal((await contacts())[0].unreadCount, 0, "opening the conversation marks it read");
      await assertOrgIsolation(t, u, { method: "GET", path: "/api/whatsapp/messages/+16315551181" });
      assert.equal((await t.request("GET", "/api/whatsapp/messages/123", { token: u.token })).status, 404);
    });

    test("messages recorded through the API join the conversation; another org sees none of it", async () => {
      const rec = await t.request("POST", "/api/whatsapp/messages/+44 7700 900123", {
        token: u.token,
        body: { content: "Sending it now.", message_id: "agent-1", timestamp: "2030-05-01T09:30:00Z" },
      });
      assert.equal(rec.status, 201, rec.text);
      assert.equal(rec.body.data.role, "assistant");
      assert.equal(
        (
          await t.request("POST", "/api/whatsapp/messages/447700900123", {
            token: u.token,
            body: { content: "Sending it now.", message_id: "agent-1" },
          })
        ).status,
        200,
      );
      const empty = await t.request("POST", "/api/whatsapp/messages/447700900123", {
        token: u.token,
        body: { content: "  " },
      });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.error.message, "content is required.");
      const conv = await t.request("GET", "/api/whatsapp/messages/447700900123", { token: u.token });
      assert.deepEqual(
        conv.body.data.messages.map((m: { content: string }) => m.content),
        ["Can I get a quote?", "Sending it now."],
      );

      const stranger = await buildUser(t);
      assert.deepEqual(await contacts(stranger), []);
      assert.equal((await t.request("GET", "/api/whatsapp/contacts")).status, 401);
      assert.equal(
        (await t.request("POST", "/api/whatsapp/messages/447700900123", { body: { content: "x" } })).status,
        401,
      );
      // A stranger recording to the same number creates their own conversation, never touching ours.
      await t.request("POST", "/api/whatsapp/messages/447700900123", {
        token: stranger.token,
        body: { content: "theirs", message_id: "agent-1" },
      });
      assert.deepEqual(
        (await t.request("GET", "/api/whatsapp/messages/447700900123", { token: u.token })).body.data.messages.length,
        2,
      );
    });
  });
}
