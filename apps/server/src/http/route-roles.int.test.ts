import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Role } from "@parley/shared/auth";
import { can } from "@parley/shared/permissions";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../tests/support/test-db.ts";
import { addTeamMember } from "../../../../tests/support/team-members.ts";
import { until } from "../../../../tests/support/until.ts";
import type { RouteRule } from "./route-roles.ts";

const ROLES: Role[] = ["owner", "admin", "member"];

/** A concrete path for a route pattern: every parameter gets a value no record has. */
function concrete(url: string): string {
  return (url === "*" ? "/anything" : url.replace(/\*$/, "anything")).replace(/:(\w+)/g, (_m, name: string) =>
    name === "phone_number" ? "+14155550100" : crypto.randomUUID(),
  );
}

/**
 * Only the status is read: some routes answer with a stream that does not end (live calls), so the body is
 * dropped once the headers are in. An empty JSON body reaches the handlers that take one.
 */
async function statusOf(
  t: TestApp,
  method: string,
  url: string,
  token?: string,
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const withBody = method === "POST" || method === "PUT";
  if (withBody) headers["content-type"] = "application/json";
  const res = await fetch(t.baseUrl + concrete(url), { method, headers, body: withBody ? "{}" : undefined });
  if (res.status === 403 || res.status === 401) {
    const text = await res.text();
    return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : text };
  }
  await res.body?.cancel();
  return { status: res.status, body: null };
}

// Signing out, or leaving the organisation, would end the session the walk goes on using; their rules ("public",
// "signed-in") are checked by the table alone, and leaving by team.int.test.ts.
const SKIPPED = new Set(["POST /api/auth/logout", "POST /api/team/leave"]);

for (const kind of await routeDbKinds()) {
  describe(`every route is allowed or refused by role (${kind})`, () => {
    let t: TestApp;
    let web: string;
    const users = {} as Record<Role, TestUser>;
    before(async () => {
      // The web app's files and the Twilio webhooks are routes too: both are switched on so the walk sees them.
      web = fs.mkdtempSync(path.join(os.tmpdir(), "parley-web-"));
      fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Parley</title>");
      t = await startTestApp(kind, {
        env: {
          WEB_DIST: web,
          TELEPHONY: "twilio",
          TWILIO_ACCOUNT_SID: "AC1",
          TWILIO_AUTH_TOKEN: "t",
          TWILIO_FROM: "+15005550006",
          PUBLIC_URL: "https://parley.example",
          TWILIO_API_BASE: "http://127.0.0.1:9",
        },
      });
      users.owner = await buildUser(t);
      users.admin = await addTeamMember(t, users.owner, "admin");
      users.member = await addTeamMember(t, users.owner, "member");
    });
    after(async () => {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    });

    test("every registered route has a rule in route-roles.ts", () => {
      const routes = t.services.auth.roleGuard.routes;
      assert.ok(routes.length > 80, `the guard saw ${routes.length} routes`);
      const missing = routes.filter((r) => r.rule === undefined).map((r) => `${r.method} ${r.url}`);
      assert.deepEqual(missing, [], "add these routes to apps/server/src/http/route-roles.ts");
    });

    test("roles get 403 where the table says; anonymous gets 401 behind sign-in; public routes answer", async () => {
      const wrong: string[] = [];
      for (const { method, url, rule } of t.services.auth.roleGuard.routes) {
        if (SKIPPED.has(`${method} ${url}`) || method === "HEAD") continue;
        const anonymous = await statusOf(t, method, url);
        if (rule !== "public" && anonymous.status !== 401)
          wrong.push(`${method} ${url} anonymous → ${anonymous.status}`);
        for (const role of ROLES) {
          const { status, body } = await statusOf(t, method, url, users[role].token);
          // A public route makes its own checks (a Twilio signature may answer 403): a role must change nothing.
          if (rule === "public") {
            if (status !== anonymous.status)
              wrong.push(`${method} ${url} as ${role} → ${status}, anonymous → ${anonymous.status}`);
            continue;
          }
          const allowed = allows(rule, role);
          if (allowed && status === 403) wrong.push(`${method} ${url} as ${role} → 403 (${body?.error?.message})`);
          if (
            !allowed &&
            (status !== 403 ||
              body?.error?.code !== "forbidden" ||
              !body.error.message.startsWith(`Your role (${role}) cannot`))
          ) {
            wrong.push(`${method} ${url} as ${role} → ${status}, expected 403 forbidden`);
          }
        }
      }
      assert.deepEqual(wrong, []);
    });

    test("the decisions that matter most, spelled out", async () => {
      const as = (role: Role, method: string, url: string, body?: unknown) =>
        t.request(method, url, { token: users[role].token, body });
      const create = await as("member", "POST", "/api/create_campaign", {});
      assert.equal(create.status, 403);
      assert.equal(create.body.error.message, "Your role (member) cannot change campaigns. Ask an admin or the owner.");
      assert.ok(create.body.error.requestId, "the one error shape");
      assert.equal((await as("member", "GET", "/api/campaigns")).status, 200);
      assert.equal((await as("member", "GET", "/api/call-history")).status, 200);
      assert.equal((await as("member", "POST", "/api/dnc", { phone: "+14155550100" })).status, 403);
      assert.equal((await as("admin", "POST", "/api/dnc", { phone: "+14155550100" })).status, 201);
      assert.equal((await as("member", "GET", "/api/settings/organization")).status, 403);
      assert.equal((await as("admin", "GET", "/api/settings/organization")).status, 200);
      const adminSettings = await as("admin", "PUT", "/api/settings/organization", {});
      assert.equal(adminSettings.status, 403);
      assert.equal(
        adminSettings.body.error.message,
        "Your role (admin) cannot change the organization settings. Ask the owner.",
      );
      assert.equal(
        (await as("member", "GET", "/api/settings/profile")).status,
        200,
        "everyone keeps their own profile",
      );
      const me = await as("member", "GET", "/api/auth/me");
      assert.equal(me.body.user.role, "member");
    });

    test("a changed role counts for a token already issued; a removed member's token stops working", async () => {
      const member = await addTeamMember(t, users.owner, "member");
      assert.equal((await t.request("GET", "/api/dnc", { token: member.token })).status, 200);
      assert.equal((await t.request("DELETE", `/api/dnc/${crypto.randomUUID()}`, { token: member.token })).status, 403);
      await t.db.query("update memberships set role = 'admin' where user_id = $1", [member.userId]);
      // The role is cached a few seconds per process (session-check.ts); the same token then acts as an admin.
      await until(
        async () =>
          (await t.request("DELETE", `/api/dnc/${crypto.randomUUID()}`, { token: member.token })).status === 404,
        { ms: 15_000, what: "the promotion" },
      );
      assert.equal((await t.request("GET", "/api/auth/me", { token: member.token })).body.user.role, "admin");
      await t.db.query("delete from memberships where user_id = $1", [member.userId]);
      await until(async () => (await t.request("GET", "/api/dnc", { token: member.token })).status === 401, {
        ms: 15_000,
        what: "the removal",
      });
    });
  });
}

function allows(rule: RouteRule | undefined, role: Role): boolean {
  if (rule === undefined) return false;
  return rule === "public" || rule === "signed-in" || can(role, rule);
}
