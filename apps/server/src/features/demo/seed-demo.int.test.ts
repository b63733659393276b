import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { seedDemo } from "./seed-demo.ts";

for (const kind of await dbKinds()) {
  describe(`demo seed (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("an empty instance gets the demo org 'parley' once, and its credentials sign in", async () => {
      const campaign = { campaigns: t.services.campaigns.service, storage: t.services.storage };
      const creds = await seedDemo({ db: t.db, auth: t.services.auth.service, campaign });
      assert.ok(creds);
      assert.equal(await seedDemo({ db: t.db, auth: t.services.auth.service }), null, "second start seeds nothing");
      const login = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: creds.username, password: creds.password, refresh: true },
      });
      assert.equal(login.status, 200);
      assert.equal(login.body.user.organization_slug_name, "parley");
      assert.equal(login.body.user.role, "owner");

      // The launched demo campaign: every contact imported with its persona, one queued call each.
      const token = login.body.access_token as string;
      const list = await t.request("GET", "/api/campaigns", { token });
      assert.equal(list.body.total, 1);
      const c = (await t.request("GET", `/api/campaigns/${list.body.campaigns[0].id}`, { token })).body.campaign;
      assert.equal(c.name, "Premium plan outreach");
      assert.equal(c.status, "active");
      assert.deepEqual(c.rejected_rows, []);
      assert.equal(c.contact_count, 8, JSON.stringify(c));
      const contacts = await t.request("GET", `/api/campaigns/${c.id}/contacts`, { token });
      assert.ok(
        contacts.body.contacts.every((x: { persona: string | null }) => x.persona),
        JSON.stringify(contacts.body.contacts[0]),
      );
      const [{ n }] = (await t.db.query<{ n: number }>(
        "select count(*)::int as n from call_attempts where campaign_id = $1 and status = 'pending'",
        [c.id],
      )) as [{ n: number }];
      assert.equal(n, 8);
    });
  });
}
