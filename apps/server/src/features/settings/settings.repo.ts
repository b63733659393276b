import crypto from "node:crypto";
import type { OrgSettings } from "@parley/shared/settings";
import type { Db } from "../../platform/db.ts";

export type ProfileRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  password_hash: string | null;
};

/**
 * Organisation settings (the org_settings row beside the organisation's name) and the signed-in user's
 * own profile columns. No org_settings row yet means every default.
 */
export function createSettingsRepo(db: Db) {
  return {
    async orgSettings(orgId: string): Promise<(Partial<OrgSettings> & { name: string }) | null> {
      const rows = await db.query<Partial<OrgSettings> & { name: string }>(
        `select o.name, s.agent_name, s.company_name, s.timezone, s.business_hours_start, s.business_hours_end,
          s.default_voice_id, s.meeting_link_kind, s.meeting_link_url
           from organizations o left join org_settings s on s.org_id = o.id
          where o.id = $1`,
        [orgId],
      );
      return rows[0] ?? null;
    },

    /** Writes the organisation's name and its settings row together. */
    async saveOrgSettings(orgId: string, s: OrgSettings): Promise<void> {
      await db.tx(async (q) => {
        await q.query("update organizations set name = $2 where id = $1", [orgId, s.name]);
        await q.query(
          `insert into org_settings (org_id, agent_name, company_name, timezone, business_hours_start,
            business_hours_end, default_voice_id, meeting_link_kind, meeting_link_url)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           on conflict (org_id) do update set agent_name = $2, company_name = $3, timezone = $4,
             business_hours_start = $5, business_hours_end = $6, default_voice_id = $7, meeting_link_kind = $8,
             meeting_link_url = $9, updated_at = now()`,
          [
            orgId,
            s.agent_name,
            s.company_name,
            s.timezone,
            s.business_hours_start,
            s.business_hours_end,
            s.default_voice_id,
            s.meeting_link_kind,
            s.meeting_link_url,
          ],
        );
      });
    },

    async profile(userId: string): Promise<ProfileRow | null> {
      const rows = await db.query<ProfileRow>(
        "select id, first_name, last_name, email, username, password_hash from users where id = $1",
        [userId],
      );
      return rows[0] ?? null;
    },

    /** The account signing in as `login` (email or username, any case), for the reset-password command. */
    async userByLogin(login: string): Promise<ProfileRow | null> {
      const rows = await db.query<ProfileRow>(
        `select id, first_name, last_name, email, username, password_hash from users
          where email = lower($1) or lower(username) = lower($1)`,
        [login],
      );
      return rows[0] ?? null;
    },

    async updateProfile(userId: string, p: { first_name: string; last_name: string; email: string }): Promise<void> {
      await db.query("update users set first_name = $2, last_name = $3, email = lower($4) where id = $1", [
        userId,
        p.first_name,
        p.last_name,
        p.email,
      ]);
    },

    async setPasswordHash(userId: string, hash: string): Promise<void> {
      await db.query("update users set password_hash = $2 where id = $1", [userId, hash]);
    },

    /**
     * Ends the user's sessions, so a changed or reset password locks out whoever had the old one; the session
     * of `keepRefreshToken` (the browser that changed it) stays. Refresh tokens are stored as their SHA-256.
     */
    async revokeSessions(userId: string, keepRefreshToken: string | null): Promise<void> {
      const keepHash = keepRefreshToken ? crypto.createHash("sha256").update(keepRefreshToken).digest("hex") : null;
      await db.query(
        `update refresh_tokens set revoked_at = now()
          where user_id = $1 and revoked_at is null
            and family_id is distinct from (select family_id from refresh_tokens where token_hash = $2
              and user_id = $1)`,
        [userId, keepHash],
      );
    },
  };
}
export type SettingsRepo = ReturnType<typeof createSettingsRepo>;
