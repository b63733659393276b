import crypto from "node:crypto";
import type { Role } from "@parley/shared/auth";
import { hashPassword } from "../../apps/server/src/features/auth/password-hash.ts";
import type { TestApp, TestUser } from "./test-app.ts";

/**
 * A teammate of `owner` with `role`, signed in: the user and the membership are written straight into the
 * database (invitations are not built yet), then the user signs in through the API like anyone else.
 */
export async function addTeamMember(t: TestApp, owner: TestUser, role: Role): Promise<TestUser> {
  const n = crypto.randomBytes(4).toString("hex");
  const user = { email: `${role}.${n}@example.com`, username: `${role}_${n}`, password: "correct horse battery" };
  const [row] = await t.db.query<{ id: string }>(
    `insert into users (email, username, first_name, last_name, password_hash) values ($1, $2, 'Grace', 'Hopper', $3) returning id`,
    [user.email, user.username, await hashPassword(user.password)],
  );
  await t.db.query("insert into memberships (org_id, user_id, role) values ($1, $2, $3)", [owner.orgId, row!.id, role]);
  const login = await t.request("POST", "/api/auth/login", { body: { email_or_username: user.username, password: user.password } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { ...user, token: login.body.access_token, refreshToken: login.body.refresh_token, userId: row!.id, orgId: owner.orgId, orgSlug: owner.orgSlug };
}
