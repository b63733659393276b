import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

type Thread = { thread_id: string; email: string; subject: string; date: string; hasReplies: boolean };

const mime = (headers: Record<string, string>, body: string) =>
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n") +
  "\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" +
  body +
  "\r\n";

for (const kind of await routeDbKinds()) {
  describe(`email logs (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    let hook: string;
    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
      const channel = await t.request("GET", "/api/channels/email", { token: u.token });
      assert.equal(channel.status, 200);
      hook = channel.body.webhook_path;
      assert.equal(hook, `/api/webhooks/email/${channel.body.token}`);
    });
    after(() => t.close());

    const postJson = (body: unknown, path = hook) => t.request("POST", path, { body });
    const postMime = (raw: string, path = hook) =>
      t.request("POST", path, { body: raw, headers: { "content-type": "message/rfc822" } });
    const threads = async (user = u): Promise<Thread[]> =>
      (await t.request("GET", "/api/threads-above-threshold", { token: user.token })).body.thread_details;

    test("JSON and MIME emails thread by References, In-Reply-To, subject; a replayed Message-ID is not", async () => {
      const first = await postJson({
        message_id: "<intro-1@northwind.example>",
        from: "Priya Shah <priya@northwind.example>",
        to: "sales@acme.example",
        subject: "Pricing for 20 seats",
        date: "2030-03-01T09:00:00Z",
        text: "Could you send pricing?",
      });
      assert.equal(first.status, 201);
      const threadId = first.body.thread_id;

      const reply = await postMime(
        mime(
          {
            From: "Sales <sales@acme.example>",
            To: "priya@northwind.example",
            Subject: "Re: Pricing for 20 seats",
            Date: "Sun, 02 Mar 2030 10:00:00 +0000",
            "Message-ID": "<offer-1@acme.example>",
            "In-Reply-To": "<intro-1@northwind.example>",
          },
          "The annual plan is $40 per seat.",
        ),
      );
      assert.equal(reply.status, 201, reply.text);
      assert.equal(reply.body.thread_id, threadId);

      // No references at all: the same subject from the same contact joins the thread.
      const third = await postJson({
        message_id: "follow-2@northwind.example",
        from: "priya@northwind.example",
        to: ["sales@acme.example"],
        subject: "RE: pricing for 20 seats",
        date: "2030-03-03T08:00:00Z",
        text: "",
      });
      assert.equal(third.body.thread_id, threadId);

      const replay = await postJson({
        message_id: "<intro-1@northwind.example>",
        from: "priya@northwind.example",
        to: "x@y.z",
        subject: "changed",
        text: "changed",
      });
      assert.equal(replay.status, 200);
      assert.deepEqual(replay.body, { thread_id: threadId, duplicate: true });

      const other = await postJson({
        message_id: "<q@other.example>",
        from: "sam@other.example",
        to: "sales@acme.example",
        subject: "Pricing for 20 seats",
        date: "2030-02-01T09:00:00Z",
        text: "Hi",
      });
      assert.notEqual(other.body.thread_id, threadId, "the same subject from someone else is a new thread");

      const list = await threads();
      assert.deepEqual(
        list.map((x) => [x.email, x.subject, x.hasReplies, x.date]),
        [
          ["priya@northwind.example", "Pricing for 20 seats", true, "2030-03-03T08:00:00.000Z"],
          ["sam@other.example", "Pricing for 20 seats", false, "2030-02-01T09:00:00.000Z"],
        ],
      );

      const conv = await t.request("GET", `/api/thread/${threadId}/conversation`, { token: u.token });
      assert.equal(conv.status, 200);
      assert.deepEqual(
        conv.body.conversation.map((m: { to: string; subject: string; body: string; from: string }) => [
          m.from,
          m.to,
          m.subject,
          m.body,
        ]),
        [
          ["priya@northwind.example", "sales@acme.example", "Pricing for 20 seats", "Could you send pricing?"],
          [
            "sales@acme.example",
            "priya@northwind.example",
            "Re: Pricing for 20 seats",
            "The annual plan is $40 per seat.",
          ],
          ["priya@northwind.example", "sales@acme.example", "RE: pricing for 20 seats", ""],
        ],
      );
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/thread/${threadId}/conversation` });
      assert.equal((await t.request("GET", "/api/thread/not-a-uuid/conversation", { token: u.token })).status, 404);
    });

    test("the webhook refuses a wrong token and bad input with clear messages and stores nothing", async () => {
      const before = (await threads()).length;
      const wrong = await postJson(
        { message_id: "<w@x>", from: "a@b.example", to: "c@d.example" },
        "/api/webhooks/email/not-the-right-token-at-all",
      );
      assert.equal(wrong.status, 404);
      assert.equal(wrong.body.error.message, "Unknown inbound email address.");
      const missing = await postJson({ from: "a@b.example", to: "c@d.example" });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.error.message, "message_id is required.");
      const noFrom = await postMime("Subject: hello\r\n\r\nbody\r\n");
      assert.equal(noFrom.status, 400);
      assert.equal(noFrom.body.error.message, "The email has no From address.");
      assert.equal((await threads()).length, before);
    });

    test("lists and channel endpoints are per organisation; rotating the token retires the old address", async () => {
      const stranger = await buildUser(t);
      assert.deepEqual(await threads(stranger), []);
      const theirs = await t.request("GET", "/api/channels/email", { token: stranger.token });
      assert.notEqual(theirs.body.token, hook.split("/").pop());
      assert.equal((await t.request("GET", "/api/threads-above-threshold")).status, 401);
      assert.equal((await t.request("GET", "/api/channels/email")).status, 401);

      const rotated = await t.request("POST", "/api/channels/email/rotate", { token: u.token });
      assert.equal(rotated.status, 200);
      assert.notEqual(rotated.body.webhook_path, hook);
      const email = {
        message_id: "<after-rotate@x.example>",
        from: "lee@x.example",
        to: "s@acme.example",
        subject: "Hello",
        text: "Hi",
      };
      assert.equal((await postJson(email)).status, 404);
      assert.equal((await postJson(email, rotated.body.webhook_path)).status, 201);
      hook = rotated.body.webhook_path;
      assert.equal(
        (await threads()).some((x) => x.email === "lee@x.example"),
        true,
      );
    });
  });
}
