import type { Role } from "@parley/shared/auth";
import type { Queryable } from "../../platform/db.ts";

export type MemberRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  role: Role;
  joined_at: Date;
};
export type InvitationRow = {
  id: string;
  org_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};
/** An invitation with what its page shows. */
export type InvitationWithOrg = InvitationRow & { organization_name: string };

const INVITATION = `i.id, i.org_id, i.email, i.role, i.created_at, i.expires_at, i.accepted_at, i.revoked_at,
  nullif(trim(u.first_name || ' ' || u.last_name), '') as invited_by`;

export function createTeamRepo(db: Queryable) {
  return {
    members(orgId: string): Promise<MemberRow[]> {
      return db.query<MemberRow>(
        `select u.id as user_id, u.first_name, u.last_name, u.email, u.username, m.role, m.created_at as joined_at
         from memberships m join users u on u.id = m.user_id where m.org_id = $1 order by m.created_at, u.username`,
        [orgId],
      );
    },
    async member(orgId: string, userId: string, q: Queryable = db): Promise<MemberRow | null> {
      const rows = await q.query<MemberRow>(
        `select u.id as user_id, u.first_name, u.last_name, u.email, u.username, m.role, m.created_at as joined_at
         from memberships m join users u on u.id = m.user_id where m.org_id = $1 and m.user_id = $2`,
        [orgId, userId],
      );
      return rows[0] ?? null;
    },
    /** Locks the organisation's owner rows, so two owners cannot demote or remove each other at once. */
    async lockOwners(q: Queryable, orgId: string): Promise<string[]> {
      const rows = await q.query<{ user_id: string }>(
        "select user_id from memberships where org_id = $1 and role = 'owner' for update",
        [orgId],
      );
      return rows.map((r) => r.user_id);
    },
    async setRole(q: Queryable, orgId: string, userId: string, role: Role): Promise<void> {
      await q.query("update memberships set role = $3 where org_id = $1 and user_id = $2", [orgId, userId, role]);
    },
    async removeMember(q: Queryable, orgId: string, userId: string): Promise<void> {
      await q.query("delete from memberships where org_id = $1 and user_id = $2", [orgId, userId]);
    },
    async addMember(q: Queryable, orgId: string, userId: string, role: Role): Promise<boolean> {
      const rows = await q.query(
        "insert into memberships (org_id, user_id, role) values ($1, $2, $3) on conflict do nothing returning user_id",
        [orgId, userId, role],
      );
      return rows.length > 0;
    },
    async organizationName(orgId: string): Promise<string> {
      const rows = await db.query<{ name: string }>("select name from organizations where id = $1", [orgId]);
      return rows[0]?.name ?? "";
    },
    /** The login email of an account (an invitation joined with a bearer token must be for it). */
    async emailOf(userId: string): Promise<string | null> {
      const rows = await db.query<{ email: string }>("select email from users where id = $1", [userId]);
      return rows[0]?.email ?? null;
    },
    async isMemberByEmail(orgId: string, email: string): Promise<boolean> {
      const rows = await db.query(
        "select 1 from memberships m join users u on u.id = m.user_id where m.org_id = $1 and u.email = lower($2)",
        [orgId, email],
      );
      return rows.length > 0;
    },

    pending(orgId: string, now: Date): Promise<InvitationRow[]> {
      return db.query<InvitationRow>(
        `select ${INVITATION} from team_invitations i left join users u on u.id = i.invited_by
         where i.org_id = $1 and i.accepted_at is null and i.revoked_at is null and i.expires_at > $2
           order by i.created_at`,
        [orgId, now],
      );
    },
    async pendingFor(orgId: string, email: string, now: Date): Promise<boolean> {
      const rows = await db.query(
        `select 1 from team_invitations where org_id = $1 and email = lower($2) and accepted_at is null
          and revoked_at is null and expires_at > $3`,
        [orgId, email, now],
      );
      return rows.length > 0;
    },
    async insertInvitation(i: {
      orgId: string;
      email: string;
      role: Role;
      tokenHash: string;
      invitedBy: string;
      expiresAt: Date;
    }): Promise<string> {
      const rows = await db.query<{ id: string }>(
        `insert into team_invitations (org_id, email, role, token_hash, invited_by, expires_at)
         values ($1, lower($2), $3, $4, $5, $6) returning id`,
        [i.orgId, i.email, i.role, i.tokenHash, i.invitedBy, i.expiresAt],
      );
      return rows[0]!.id;
    },
    async invitation(orgId: string, id: string): Promise<InvitationRow | null> {
      const rows = await db.query<InvitationRow>(
        `select ${INVITATION} from team_invitations i left join users u on u.id = i.invited_by where i.org_id = $1
          and i.id = $2`,
        [orgId, id],
      );
      return rows[0] ?? null;
    },
    /** A pending invitation gets a new token and a new week; the old link stops working. */
    async renewToken(orgId: string, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
      const rows = await db.query(
        `update team_invitations set token_hash = $3, expires_at = $4 where org_id = $1 and id = $2
          and accepted_at is null and revoked_at is null returning id`,
        [orgId, id, tokenHash, expiresAt],
      );
      return rows.length > 0;
    },
    async revoke(orgId: string, id: string): Promise<boolean> {
      const rows = await db.query(
        `update team_invitations set revoked_at = now() where org_id = $1 and id = $2 and accepted_at is null
          and revoked_at is null returning id`,
        [orgId, id],
      );
      return rows.length > 0;
    },
    async byTokenHash(tokenHash: string): Promise<InvitationWithOrg | null> {
      const rows = await db.query<InvitationWithOrg>(
        `select ${INVITATION}, o.name as organization_name from team_invitations i
         join organizations o on o.id = i.org_id left join users u on u.id = i.invited_by where i.token_hash = $1`,
        [tokenHash],
      );
      return rows[0] ?? null;
    },
    /** Spends a pending invitation for `userId`; false when another request spent, revoked or outlived it first. */
    async claim(q: Queryable, id: string, userId: string, now: Date): Promise<boolean> {
      const rows = await q.query(
        `update team_invitations set accepted_at = $3, accepted_by = $2
         where id = $1 and accepted_at is null and revoked_at is null and expires_at > $3 returning id`,
        [id, userId, now],
      );
      return rows.length > 0;
    },
  };
}
export type TeamRepo = ReturnType<typeof createTeamRepo>;
