import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCall } from "../../../../../tests/support/seed.ts";

for (const kind of await routeDbKinds()) {
  describe(`the owner deletes the organisation (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    const orgName = async (token: string) =>
      (await t.request("GET", "/api/auth/me", { token })).body.user.organization_name as string;
    const remove = (token: string, name: string) =>
      t.request("DELETE", "/api/organizations/current", { token, body: { name } });

    test("only the owner, with the name typed; data, files, sessions go; people land in their other org", async () => {
      const owner = await buildUser(t);
      const admin = await addTeamMember(t, owner, "admin");
      const member = await addTeamMember(t, owner, "member");
      const other = await t.request("POST", "/api/organizations", {
        token: owner.token,
        body: { name: "Second Branch" },
      });
      assert.equal(other.status, 201);
      const stranger = await buildUser(t);
      assert.equal(
        (await t.request("POST", "/api/dnc", { token: owner.token, body: { phone: "+14155550171" } })).status,
        201,
      );
      assert.equal(
        (await t.request("POST", "/api/dnc", { token: stranger.token, body: { phone: "+14155550172" } })).status,
        201,
      );
      const form = new FormData();
      form.set("name", "To be deleted");
      form.set("save_as_draft", "true");
      form.set("csv_file", new Blob(["name,phone\nAna,+14155550173\n"], { type: "text/csv" }), "list.csv");
      const campaign = await t.request("POST", "/api/create_campaign", { token: owner.token, body: form });
      assert.equal(campaign.status, 201, campaign.text);
      const [stored] = await t.db.query<{ key: string }>("select csv_storage_key as key from campaigns where id = $1", [
        campaign.body.campaign.id,
      ]);
      assert.ok(stored?.key && (await t.services.storage.size(stored.key)) !== null, "the contact list is in storage");
      const name = await orgName(owner.token);

      const byAdmin = await remove(admin.token, name);
      assert.equal(byAdmin.status, 403);
      assert.equal(byAdmin.body.error.message, "Your role (admin) cannot delete the organization. Ask the owner.");
      assert.equal((await remove(member.token, name)).status, 403);
      const wrong = await remove(owner.token, name.toUpperCase() + "x");
      assert.equal(wrong.status, 400);
      assert.deepEqual(
        wrong.body.error.details.map((d: { path: string }) => d.path),
        ["name"],
      );
      assert.match(wrong.body.error.message, new RegExp(`Type the organization's name, ${name}, exactly`));

      const done = await remove(owner.token, ` ${name} `);
      assert.equal(done.status, 200, done.text);
      assert.equal(
        done.body.next.user.organization_id,
        other.body.organization.id,
        "the owner lands in their other organisation",
      );
      assert.equal((await t.request("GET", "/api/dnc", { token: done.body.next.access_token })).body.numbers.length, 0);

      for (const table of ["organizations", "memberships", "campaigns", "contacts", "dnc_numbers", "refresh_tokens"]) {
        const column = table === "organizations" ? "id" : "org_id";
        const left = await t.db.query(`select 1 from ${table} where ${column} = $1`, [owner.orgId]);
        assert.equal(left.length, 0, `${table} keeps nothing of the deleted organisation`);
      }
      assert.equal(await t.services.storage.size(stored.key), null, "its files leave storage");
      // Tokens issued in it stop working (the session check caches a few seconds per process).
      for (const token of [owner.token, admin.token, member.token]) {
        await until(async () => (await t.request("GET", "/api/campaigns", { token })).status === 401, {
          ms: 15_000,
          what: "the deleted organisation's sessions",
        });
      }
      const login = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: member.username, password: member.password },
      });
      assert.equal(login.status, 403);
      assert.match(login.body.error.message, /does not belong to any organization/);
      const theirs = await t.request("GET", "/api/dnc", { token: stranger.token });
      assert.deepEqual(
        theirs.body.numbers.map((n: { phone: string }) => n.phone),
        ["+14155550172"],
        "another organisation keeps everything",
      );
    });

    test("refused while a call is on the line; once it ends, a one-org owner is left with none", async () => {
      const owner = await buildUser(t);
      const callId = await insertCall(t.db, owner.orgId, { lead_phone: "+14155550174" });
      const name = await orgName(owner.token);
      const busy = await remove(owner.token, name);
      assert.equal(busy.status, 409);
      assert.equal(
        busy.body.error.message,
        "A call is on the line. Pause or stop the campaigns, wait for the calls to end, then delete the organization.",
      );
      await t.db.query("update calls set ended_at = now(), status = 'completed' where id = $1", [callId]);
      const done = await remove(owner.token, name);
      assert.equal(done.status, 200, done.text);
      assert.equal(done.body.next, null);
    });
  });
}
