import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// The clock only moves when a test moves it, so "at most one last-used write a minute" and the rate limit's
// window are checked without waiting.
function movableClock() {
  let at = Date.UTC(2026, 10, 25, 12, 0, 0);
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

type Key = {
  id: string;
  name: string;
  scope: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

async function createKey(t: TestApp, user: TestUser, name: string, scope: "read" | "write") {
  const res = await t.request("POST", "/api/api-keys", { token: user.token, body: { name, scope } });
  assert.equal(res.status, 201, res.text);
  return res.body as { key: Key; secret: string };
}
const listKeys = async (t: TestApp, user: TestUser) => {
  const res = await t.request("GET", "/api/api-keys", { token: user.token });
  assert.equal(res.status, 200, res.text);
  return { keys: res.body.keys as Key[], text: res.text };
};
function campaignForm(name: string): FormData {
  const form = new FormData();
  form.set("name", name);
  form.set("save_as_draft", "true");
  form.set("csv_file", new Blob(["name,phone\nAda,+919876543210\n"], { type: "text/csv" }), "leads.csv");
  return form;
}

for (const kind of await routeDbKinds()) {
  describe(`API keys over HTTP (${kind})`, () => {
    const clock = movableClock();
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { clock, env: { API_KEY_LIMIT_PER_MINUTE: "10" } });
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("a write key reads and writes as its organisation; its secret shown once, its prefix listed", async () => {
      const { key, secret } = await createKey(t, owner, "CRM sync", "write");
      assert.match(secret, /^pk_live_[A-Za-z0-9_-]{43}$/);
      assert.ok(secret.startsWith(key.prefix) && key.prefix.length < 16, "the prefix is the secret's first characters");
      assert.deepEqual([key.name, key.scope, key.last_used_at, key.revoked_at], ["CRM sync", "write", null, null]);
      const listed = await listKeys(t, owner);
      assert.ok(!listed.text.includes(secret), "the secret is never listed");
      assert.deepEqual(
        listed.keys.map((k) => [k.id, k.prefix]),
        [[key.id, key.prefix]],
      );
      const [stored] = await t.db.query<{ secret_hash: string }>("select secret_hash from api_keys where id = $1", [
        key.id,
      ]);
      assert.match(stored!.secret_hash, /^[0-9a-f]{64}$/, "only a hash is stored");

      const created = await t.request("POST", "/api/create_campaign", {
        token: secret,
        body: campaignForm("By the CRM"),
      });
      assert.equal(created.status, 201, created.text);
      const list = await t.request("GET", "/api/campaigns", { token: secret });
      assert.equal(list.status, 200, list.text);
      assert.deepEqual(
        list.body.campaigns.map((c: { name: string }) => c.name),
        ["By the CRM"],
      );
      const [row] = await t.db.query<{ org_id: string; created_by: string }>(
        "select org_id, created_by from campaigns where id = $1",
        [created.body.campaign.id],
      );
      assert.deepEqual(
        [row!.org_id, row!.created_by],
        [owner.orgId, owner.userId],
        "the key's writes are its creator's, in its organisation",
      );
      for (const path of ["/api/dashboard/overview", "/api/call-history", "/api/dnc", "/api/webhooks"]) {
        const res = await t.request("GET", path, { token: secret });
        assert.equal(res.status, 200, `${path}: ${res.text}`);
      }
    });

    test("a read key reads but any write is refused 403 with a message saying why", async () => {
      const { secret } = await createKey(t, owner, "Dashboard", "read");
      assert.equal((await t.request("GET", "/api/campaigns", { token: secret })).status, 200);
      const refused = await t.request("POST", "/api/create_campaign", {
        token: secret,
        body: campaignForm("Not allowed"),
      });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error.code, "forbidden");
      assert.match(refused.body.error.message, /read-only/);
      const dnc = await t.request("POST", "/api/dnc", { token: secret, body: { phone_number: "+919876543210" } });
      assert.equal(dnc.status, 403);
      const names = (
        await t.db.query<{ name: string }>("select name from campaigns where org_id = $1", [owner.orgId])
      ).map((r) => r.name);
      assert.ok(!names.includes("Not allowed"));
    });

    test("no key reaches the owner's routes, a person's account routes or key management", async () => {
      const { secret } = await createKey(t, owner, "Full", "write");
      for (const [method, path, pattern] of [
        ["GET", "/api/team", /only the owner/],
        ["PUT", "/api/settings/organization", /only the owner/],
        ["GET", "/api/auth/me", /account routes/],
        ["GET", "/api/api-keys", /cannot manage API keys/],
        ["POST", "/api/api-keys", /cannot manage API keys/],
      ] as const) {
        const res = await t.request(method, path, {
          token: secret,
          body: method === "GET" ? undefined : { name: "x", scope: "write" },
        });
        assert.equal(res.status, 403, `${method} ${path}`);
        assert.match(res.body.error.message, pattern);
      }
    });

    test("last use is recorded, at most once a minute", async () => {
      const { key, secret } = await createKey(t, owner, "Poller", "read");
      const lastUsed = async () => (await listKeys(t, owner)).keys.find((k) => k.id === key.id)!.last_used_at;
      clock.advance(61_000); // a fresh rate-limit window for this test's requests
      const first = clock.now().toISOString();
      assert.equal((await t.request("GET", "/api/campaigns", { token: secret })).status, 200);
      assert.equal(await lastUsed(), first);
      clock.advance(30_000);
      assert.equal((await t.request("GET", "/api/campaigns", { token: secret })).status, 200);
      assert.equal(await lastUsed(), first, "a use within the minute writes nothing");
      clock.advance(31_000);
      assert.equal((await t.request("GET", "/api/campaigns", { token: secret })).status, 200);
      assert.equal(await lastUsed(), clock.now().toISOString());
    });

    test("past the per-key limit a key hears 429 with Retry-After until the minute ends; others are free", async () => {
      const busy = await createKey(t, owner, "Busy", "read");
      const calm = await createKey(t, owner, "Calm", "read");
      clock.advance(61_000);
      for (let i = 0; i < 10; i++)
        assert.equal((await t.request("GET", "/api/campaigns", { token: busy.secret })).status, 200);
      clock.advance(20_000);
      const limited = await t.request("GET", "/api/campaigns", { token: busy.secret });
      assert.equal(limited.status, 429);
      assert.equal(limited.body.error.code, "rate_limited");
      assert.equal(limited.headers.get("retry-after"), "40");
      assert.equal((await t.request("GET", "/api/campaigns", { token: calm.secret })).status, 200);
      clock.advance(40_000);
      assert.equal((await t.request("GET", "/api/campaigns", { token: busy.secret })).status, 200);
    });

    test("a revoked key is refused 401 and stays listed as revoked", async () => {
      const { key, secret } = await createKey(t, owner, "Old", "write");
      clock.advance(61_000);
      assert.equal((await t.request("GET", "/api/campaigns", { token: secret })).status, 200);
      assert.equal((await t.request("DELETE", `/api/api-keys/${key.id}`, { token: owner.token })).status, 204);
      const refused = await t.request("GET", "/api/campaigns", { token: secret });
      assert.equal(refused.status, 401);
      assert.match(refused.body.error.message, /revoked/);
      assert.equal(
        (await t.request("GET", "/api/campaigns", { token: `${secret}x` })).status,
        401,
        "an unknown key is refused too",
      );
      assert.equal((await listKeys(t, owner)).keys.find((k) => k.id === key.id)!.revoked_at, clock.now().toISOString());
      assert.equal(
        (await t.request("DELETE", `/api/api-keys/${key.id}`, { token: owner.token })).status,
        204,
        "revoking twice is harmless",
      );
    });

    test("tenancy: a key sees nothing of another org, whose owner can't list or revoke this one's keys", async () => {
      clock.advance(61_000);
      const other = await buildUser(t);
      const theirs = await createKey(t, other, "Theirs", "write");
      const [mine] = await t.db.query<{ id: string }>("select id from campaigns where org_id = $1 limit 1", [
        owner.orgId,
      ]);
      assert.equal((await t.request("GET", `/api/campaigns/${mine!.id}`, { token: theirs.secret })).status, 404);
      assert.deepEqual((await t.request("GET", "/api/campaigns", { token: theirs.secret })).body.campaigns, []);
      assert.deepEqual(
        (await listKeys(t, other)).keys.map((k) => k.name),
        ["Theirs"],
      );

      const { key } = await createKey(t, owner, "Isolated", "read");
      await assertOrgIsolation(t, owner, { method: "DELETE", path: `/api/api-keys/${key.id}` }, { ownerStatus: 204 });
    });

    test("a key has its creator's role: a demoted admin's key loses admin routes, a removed one's: 401", async () => {
      clock.advance(61_000);
      const admin = await addTeamMember(t, owner, "admin");
      const { secret } = await createKey(t, admin, "Admin's sync", "write");
      assert.equal((await t.request("GET", "/api/webhooks", { token: secret })).status, 200);
      const listed = (await listKeys(t, owner)).keys.find((k) => k.name === "Admin's sync") as Key & {
        created_by_name: string;
      };
      assert.equal(listed.created_by_name, "Grace Hopper", "the key's owner is named on the list");

      assert.equal(
        (await t.request("PUT", `/api/team/members/${admin.userId}`, { token: owner.token, body: { role: "member" } }))
          .status,
        204,
      );
      const demoted = await t.request("GET", "/api/webhooks", { token: secret });
      assert.equal(demoted.status, 403, "admin-only data is closed to a demoted admin's key");
      assert.equal(
        (await t.request("GET", "/api/campaigns", { token: secret })).status,
        200,
        "a member's reading stays",
      );

      assert.equal(
        (await t.request("DELETE", `/api/team/members/${admin.userId}`, { token: owner.token })).status,
        204,
      );
      for (const [method, path, body] of [
        ["GET", "/api/campaigns", undefined],
        ["POST", "/api/dnc", { phone_number: "+919876543211" }],
        ["POST", "/api/webhooks", { url: "https://example.com/hook", events: ["call.completed"] }],
      ] as const) {
        const res = await t.request(method, path, { token: secret, body });
        assert.equal(res.status, 401, `${method} ${path} by a removed creator's key: ${res.text}`);
        assert.equal(res.body.error.code, "unauthenticated");
        assert.match(res.body.error.message, /no longer a member/);
      }
      const stopped = (await listKeys(t, owner)).keys.find((k) => k.name === "Admin's sync") as Key & {
        created_by_is_member: boolean;
      };
      assert.equal(stopped.created_by_is_member, false, "the list says its creator left");
    });

    test("a key's owner is listed by email when they gave no name", async () => {
      const admin = await addTeamMember(t, owner, "admin");
      await t.db.query("update users set first_name = '', last_name = '' where id = $1", [admin.userId]);
      await createKey(t, admin, "Nameless", "read");
      const listed = (await listKeys(t, owner)).keys.find((k) => k.name === "Nameless") as Key & {
        created_by_name: string;
      };
      assert.equal(listed.created_by_name, admin.email);
    });

    test("admins manage keys; members cannot (403)", async () => {
      const admin = await addTeamMember(t, owner, "admin");
      const member = await addTeamMember(t, owner, "member");
      await createKey(t, admin, "Admin's", "read");
      for (const [method, body] of [
        ["GET", undefined],
        ["POST", { name: "x", scope: "read" }],
      ] as const) {
        const res = await t.request(method, "/api/api-keys", { token: member.token, body });
        assert.equal(res.status, 403, `${method} by a member`);
      }
      const { keys } = await listKeys(t, owner);
      const own = keys.find((k) => k.name === "Admin's")!;
      assert.equal((await t.request("DELETE", `/api/api-keys/${own.id}`, { token: member.token })).status, 403);
    });
  });
}
