import { test } from "node:test";
import assert from "node:assert/strict";
import type { AuthRepo } from "./auth.repo.ts";
import { createSessionCheck } from "./session-check.ts";

test("a cached session answers until closed: by its logout, or by its organisation's deletion, not another's", async () => {
  let asked = 0;
  const repo = { sessionState: async () => (asked++, { revoked: false, role: "owner" as const }) } as unknown as AuthRepo;
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
