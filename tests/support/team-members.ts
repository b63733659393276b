import crypto from "node:crypto";
import type { Role } from "@parley/shared/auth";
import type { Queryable } from "../../apps/server/src/platform/db.ts";
import { hashPassword } from "../../apps/server/src/features/auth/password-hash.ts";
import type { TestApp, TestUser } from "./test-app.ts";

export type TeamMemberLogin = { userId: string; email: string; username: string; password: string };

/**
 * Writes a user and their membership of `orgId` with `role` straight into the database, for tests about what a
 * role may do (invitations have their own tests). They can then sign in
 * like anyone else, through the API or the login form.
 */
export async function insertTeamMember(db: Queryable, orgId: string, role: Role): Promise<TeamMemberLogin> {
  const n = crypto.randomBytes(4).toString("hex");
  const user = { email: `${role}.${n}@example.com`, username: `${role}_${n}`, password: "correct horse battery" };
  const [row] = await db.query<{ id: string }>(
    `insert into users (email, username, first_name, last_name, password_hash) values ($1, $2, 'Grace', 'Hopper', $3)
      returning id`,
    [user.email, user.username, await hashPassword(user.password)],
  );
  await db.query("insert into memberships (org_id, user_id, role) values ($1, $2, $3)", [orgId, row!.id, role]);
  return { userId: row!.id, ...user };
}

/** A teammate of `owner` with `role`, signed in through the API. */
export async function addTeamMember(t: TestApp, owner: TestUser, role: Role): Promise<TestUser> {
  const user = await insertTeamMember(t.db, owner.orgId, role);
  const login = await t.request("POST", "/api/auth/login", {
    body: { email_or_username: user.username, password: user.password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return {
    ...user,
    token: login.body.access_token,
    refreshToken: login.body.refresh_token,
    orgId: owner.orgId,
    orgSlug: owner.orgSlug,
  };
}
