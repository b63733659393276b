import { test } from "node:test";
import assert from "node:assert/strict";
import type { AuthRepo } from "./auth.repo.ts";
import { createSessionCheck } from "./session-check.ts";

test("a cached session answers until closed: by its logout or its organisation's deletion, not another's", async () => {
  let asked = 0;
  const repo = {
    sessionState: async () => (asked++, { revoked: false, role: "owner" as const }),
  } as unknown as AuthRepo;
  const check = createSessionCheck({ repo, ttlMs: 60_000 });
  const a = { sessionId: "s-a", orgId: "org-a", userId: "u1" };
  const b = { sessionId: "s-b", orgId: "org-b", userId: "u1" };
  assert.equal(await check.currentRole(a), "owner");
  assert.equal(await check.currentRole(b), "owner");
  assert.equal(await check.currentRole(a), "owner");
  assert.equal(asked, 2, "the second answer for a comes from the cache");

  check.markOrganizationClosed("org-a");
  assert.equal(await check.currentRole(a), null);
  assert.equal(await check.currentRole(b), "owner");
  check.markRevoked("s-b");
  assert.equal(await check.currentRole(b), null);
  assert.equal(asked, 2);
});

test("a role changed in this process is read again at once for that member's sessions there, only theirs", async () => {
  let role: "admin" | "member" = "admin";
  let asked = 0;
  const repo = { sessionState: async () => (asked++, { revoked: false, role }) } as unknown as AuthRepo;
  const check = createSessionCheck({ repo, ttlMs: 60_000 });
  const here = { sessionId: "s-1", orgId: "org-a", userId: "u1" };
  const elsewhere = { sessionId: "s-2", orgId: "org-b", userId: "u1" };
  const other = { sessionId: "s-3", orgId: "org-a", userId: "u2" };
  for (const s of [here, elsewhere, other]) assert.equal(await check.currentRole(s), "admin");
  role = "member";
  check.forgetMember("u1", "org-a");
  assert.equal(await check.currentRole(here), "member", "asked again");
  assert.equal(await check.currentRole(elsewhere), "admin", "another organisation's session is still cached");
  assert.equal(await check.currentRole(other), "admin", "another member's session is still cached");
  assert.equal(asked, 4);
});
