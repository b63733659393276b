import type { Queryable } from "../../platform/db.ts";

export type UserRow = {
  id: string;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  password_hash: string | null;
  google_sub: string | null;
};

export type RefreshTokenRow = {
  id: string;
  family_id: string;
  user_id: string;
  org_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
};

export type ThrottleRow = { key: string; failures: number; window_started_at: Date; locked_until: Date | null };

export function createAuthRepo(db: Queryable) {
  return {
    async findUserByLogin(login: string): Promise<UserRow | null> {
      const rows = await db.query<UserRow>("select * from users where email = lower($1) or lower(username) = lower($1)", [login]);
      return rows[0] ?? null;
    },
    async findUserById(id: string): Promise<UserRow | null> {
      return (await db.query<UserRow>("select * from users where id = $1", [id]))[0] ?? null;
    },
    async findUserByGoogle(sub: string, email: string): Promise<UserRow | null> {
      const rows = await db.query<UserRow>(
        "select * from users where google_sub = $1 or email = lower($2) order by (google_sub = $1) desc nulls last limit 1",
        [sub, email],
      );
      return rows[0] ?? null;
    },
    async existing(email: string, username: string): Promise<{ email: boolean; username: boolean }> {
      const rows = await db.query<{ email: string; username: string }>(
        "select email, username from users where email = lower($1) or lower(username) = lower($2)",
        [email, username],
      );
      return {
        email: rows.some((r) => r.email === email.toLowerCase()),
        username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
      };
    },
    async insertUser(
      q: Queryable,
      u: Omit<UserRow, "id" | "google_sub"> & { google_sub?: string | null },
    ): Promise<UserRow> {
      const rows = await q.query<UserRow>(
        `insert into users (email, username, first_name, last_name, phone, password_hash, google_sub)
         values (lower($1), $2, $3, $4, $5, $6, $7) returning *`,
        [u.email, u.username, u.first_name, u.last_name, u.phone, u.password_hash, u.google_sub ?? null],
      );
      return rows[0]!;
    },
    async linkGoogle(userId: string, sub: string): Promise<void> {
      await db.query("update users set google_sub = $2 where id = $1 and google_sub is null", [userId, sub]);
    },
    async usernameTaken(username: string): Promise<boolean> {
      return (await db.query("select 1 from users where lower(username) = lower($1)", [username])).length > 0;
    },

    async insertRefreshToken(t: { familyId: string; userId: string; orgId: string; hash: string; expiresAt: Date }) {
      await db.query(
        "insert into refresh_tokens (family_id, user_id, org_id, token_hash, expires_at) values ($1, $2, $3, $4, $5)",
        [t.familyId, t.userId, t.orgId, t.hash, t.expiresAt],
      );
    },
    /** Marks the token used and returns it, or returns it with used_at already set when it was used before. */
    async consumeRefreshToken(hash: string): Promise<{ row: RefreshTokenRow; reused: boolean } | null> {
      const claimed = await db.query<RefreshTokenRow>(
        "update refresh_tokens set used_at = now() where token_hash = $1 and used_at is null returning *",
        [hash],
      );
      if (claimed[0]) return { row: claimed[0], reused: false };
      const old = await db.query<RefreshTokenRow>("select * from refresh_tokens where token_hash = $1", [hash]);
      return old[0] ? { row: old[0], reused: true } : null;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db.query("update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null", [familyId]);
    },
    async familyOf(hash: string): Promise<string | null> {
      const rows = await db.query<{ family_id: string }>("select family_id from refresh_tokens where token_hash = $1", [hash]);
      return rows[0]?.family_id ?? null;
    },

    async throttles(keys: string[]): Promise<ThrottleRow[]> {
      return db.query<ThrottleRow>("select * from auth_throttle where key = any($1)", [keys]);
    },
    async saveThrottle(row: ThrottleRow): Promise<void> {
      await db.query(
        `insert into auth_throttle (key, failures, window_started_at, locked_until) values ($1, $2, $3, $4)
         on conflict (key) do update set failures = $2, window_started_at = $3, locked_until = $4`,
        [row.key, row.failures, row.window_started_at, row.locked_until],
      );
    },
    async clearThrottle(key: string): Promise<void> {
      await db.query("delete from auth_throttle where key = $1", [key]);
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
