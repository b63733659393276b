import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

for (const kind of await routeDbKinds()) {
  describe(`organizations over HTTP (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("lists the user's organisations with their role; creating one makes them owner", async () => {
      const u = await buildUser(t, { organization_name: "First Org" });
      const created = await t.request("POST", "/api/organizations", {
        token: u.token,
        body: {
          name: "Second Org",
          website: "https://second.example",
          contact_email: "hi@second.example",
          contact_phone: "",
          address: "Main St",
        },
      });
      assert.equal(created.status, 201);
      assert.equal(created.body.organization.slug, "second-org");
      assert.equal(created.body.organization.role, "owner");
      const list = await t.request("GET", "/api/organizations", { token: u.token });
      assert.deepEqual(
        list.body.organizations.map((o: { name: string }) => o.name),
        ["First Org", "Second Org"],
      );
    });

    test("the form's rules are enforced with the spec's messages", async () => {
      const u = await buildUser(t);
      const cases: [Record<string, string>, string][] = [
        [{ name: "  " }, "Organization name is required."],
        [{ name: "X", contact_email: "not-an-email" }, "Please enter a valid email address."],
        [{ name: "X", website: "www.example.com" }, "Please enter a valid website URL (include http:// or https://)."],
      ];
      for (const [body, message] of cases) {
        const res = await t.request("POST", "/api/organizations", { token: u.token, body });
        assert.equal(res.status, 400);
        assert.equal(res.body.error.message, message);
      }
      const list = await t.request("GET", "/api/organizations", { token: u.token });
      assert.equal(list.body.organizations.length, 1, "nothing was created by the bad requests");
    });

    test("another user's organisations are invisible and cannot be switched into", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      const listB = await t.request("GET", "/api/organizations", { token: b.token });
      assert.ok(!JSON.stringify(listB.body).includes(a.orgId));
      const sw = await t.request("POST", "/api/auth/switch-organization", {
        token: b.token,
        body: { organization_slug: a.orgSlug },
      });
      assert.equal(sw.status, 404);
      assert.equal(sw.body.error.code, "not_found");
    });

    test("switching organisation issues tokens scoped to it", async () => {
      const u = await buildUser(t);
      const created = await t.request("POST", "/api/organizations", {
        token: u.token,
        body: { name: "Branch Office" },
      });
      const sw = await t.request("POST", "/api/auth/switch-organization", {
        token: u.token,
        body: { organization_slug: created.body.organization.slug },
      });
      assert.equal(sw.status, 200);
      assert.equal(sw.body.user.organization_id, created.body.organization.id);
      const me = await t.request("GET", "/api/auth/me", { token: sw.body.access_token });
      assert.equal(me.body.user.organization_slug_name, created.body.organization.slug);
      assert.equal((await t.request("GET", "/api/organizations")).status, 401);
    });
  });
}
