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
      const creds = await seedDemo({ db: t.db, auth: t.services.auth });
      assert.ok(creds);
      assert.equal(await seedDemo({ db: t.db, auth: t.services.auth }), null, "second start seeds nothing");
      const login = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: creds.username, password: creds.password, refresh: true },
      });
      assert.equal(login.status, 200);
      assert.equal(login.body.user.organization_slug_name, "parley");
      assert.equal(login.body.user.role, "owner");
    });
  });
}
