import assert from "node:assert/strict";
import type { TestApp, TestUser } from "./test-app.ts";
import { buildUser } from "./test-app.ts";

/**
 * Proves an org-scoped endpoint hides another organisation's record: the owner can reach it,
 * a member of another org gets 404 with the standard error shape (never 403, never the data),
 * and no token at all gets 401. Call it from every endpoint's integration tests.
 */
export async function assertOrgIsolation(
  t: TestApp,
  owner: TestUser,
  request: { method: string; path: string; body?: unknown },
  opts: { ownerStatus?: number } = {},
): Promise<void> {
  const stranger = await buildUser(t);
  const theirs = await t.request(request.method, request.path, { token: stranger.token, body: request.body });
  assert.equal(
    theirs.status,
    404,
    `${request.method} ${request.path} by another org should be 404, got ${theirs.status}`,
  );
  assert.equal(theirs.body?.error?.code, "not_found");
  assert.ok(!JSON.stringify(theirs.body).includes(owner.orgId), "the 404 must not leak the owner's data");

  const anonymous = await t.request(request.method, request.path, { body: request.body });
  assert.equal(anonymous.status, 401);

  const mine = await t.request(request.method, request.path, { token: owner.token, body: request.body });
  assert.equal(mine.status, opts.ownerStatus ?? 200, `${request.method} ${request.path} by its owner`);
}
