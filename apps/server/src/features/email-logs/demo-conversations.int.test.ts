import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { seedDemo } from "../demo/seed-demo.ts";

for (const kind of await routeDbKinds()) {
  describe(`demo email and WhatsApp logs (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("the demo org's threads and chats are stored data read back through the API", async () => {
      const creds = await seedDemo({
        db: t.db,
        auth: t.services.auth.service,
        emailLogs: t.services.reports.emailLogs,
        whatsapp: t.services.reports.whatsapp,
      });
      assert.ok(creds);
      const login = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: creds.username, password: creds.password, refresh: true },
      });
      const token = login.body.access_token;
      const threads = (await t.request("GET", "/api/threads-above-threshold", { token })).body.thread_details;
      assert.deepEqual(
        threads.map((x: { email: string; hasReplies: boolean }) => [x.email, x.hasReplies]),
        [
          ["sofia@northgate.example", false],
          ["d.okafor@brightpath.example", true],
          ["maya.chen@lakeside-homes.example", true],
        ],
      );
      const conv = (await t.request("GET", `/api/thread/${threads[2].thread_id}/conversation`, { token })).body
        .conversation;
      assert.equal(conv.length, 3);
      const contacts = (await t.request("GET", "/api/whatsapp/contacts?include_last_message=true", { token })).body
        .data;
      assert.deepEqual(
        contacts.map((c: { name: string }) => c.name),
        ["Maya Chen", "Oliver Hughes", "Ananya Iyer"],
      );
      const chat = (
        await t.request("GET", `/api/whatsapp/messages/${encodeURIComponent(contacts[0].phone)}`, { token })
      ).body.data.messages;
      assert.equal(chat.length, 5);
    });
  });
}
