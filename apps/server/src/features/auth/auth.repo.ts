import type { Queryable } from "../../platform/db.ts";
import type { Role } from "@parley/shared/auth";
import type { ThrottleRule } from "./throttle-rule.ts";

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

export type Reservation = {
  key: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
  refused: boolean;
};

// Pieces of reserveAttempt's upsert ($2 now, $3 window ms, $4 limit, $5 first lock ms, $6 longest lock ms).
const NOW = "$2::timestamptz";
const LOCKED = `t.locked_until > ${NOW}`;
const STALE = `t.window_started_at <= ${NOW} - $3::float8 * interval '1 millisecond'`;
/** This attempt's number in the window. */
const NUMBER = `(case when ${STALE} then 1 else t.failures + 1 end)`;
const lockUntil = (n: string) =>
  `${NOW} + least($5::float8 * power(2, ${n} - $4::int), $6::float8) * interval '1 millisecond'`;

export function createAuthRepo(db: Queryable) {
  return {
    async findUserByLogin(login: string): Promise<UserRow | null> {
      const rows = await db.query<UserRow>(
        "select * from users where email = lower($1) or lower(username) = lower($1)",
        [login],
      );
      return rows[0] ?? null;
    },
    async findUserById(id: string): Promise<UserRow | null> {
      return (await db.query<UserRow>("select * from users where id = $1", [id]))[0] ?? null;
    },
    async findUserByGoogle(sub: string, email: string): Promise<UserRow | null> {
      const rows = await db.query<UserRow>(
        `select * from users where google_sub = $1 or email = lower($2) order by (google_sub = $1) desc nulls last
          limit 1`,
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
    /** Marks the token used at `at` and returns it, or returns it with used_at already set when it was used before. */
    async consumeRefreshToken(hash: string, at: Date): Promise<{ row: RefreshTokenRow; reused: boolean } | null> {
      const claimed = await db.query<RefreshTokenRow>(
        "update refresh_tokens set used_at = $2 where token_hash = $1 and used_at is null returning *",
        [hash, at],
      );
      if (claimed[0]) return { row: claimed[0], reused: false };
      const old = await db.query<RefreshTokenRow>("select * from refresh_tokens where token_hash = $1", [hash]);
      return old[0] ? { row: old[0], reused: true } : null;
    },
    /** Whether a token of the family was spent after `at`: the session has moved on since. */
    async familySpentAfter(familyId: string, at: Date): Promise<boolean> {
      const rows = await db.query("select 1 from refresh_tokens where family_id = $1 and used_at > $2 limit 1", [
        familyId,
        at,
      ]);
      return rows.length > 0;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db.query("update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null", [
        familyId,
      ]);
    },
    /** Revokes every session (token family) of the user in the organisation; answers their ids. */
    async revokeFamiliesIn(userId: string, orgId: string): Promise<string[]> {
      const rows = await db.query<{ family_id: string }>(
        `update refresh_tokens set revoked_at = now() where user_id = $1 and org_id = $2 and revoked_at is null
          returning family_id`,
        [userId, orgId],
      );
      return [...new Set(rows.map((r) => r.family_id))];
    },
    /**
     * One query per authenticated request: is the session (one sign-in, a token family) revoked (logout, reuse,
     * password change), and the user's role in the organisation now (null: no longer a member).
     */
    async sessionState(
      familyId: string,
      orgId: string,
      userId: string,
    ): Promise<{ revoked: boolean; role: Role | null }> {
      const rows = await db.query<{ revoked: boolean; role: Role | null }>(
        `select exists (select 1 from refresh_tokens where family_id = $1 and revoked_at is not null) as revoked,
                (select role from memberships where org_id = $2 and user_id = $3) as role`,
        [familyId, orgId, userId],
      );
      return rows[0]!;
    },
    async familyOf(hash: string): Promise<string | null> {
      const rows = await db.query<{ family_id: string }>("select family_id from refresh_tokens where token_hash = $1", [
        hash,
      ]);
      return rows[0]?.family_id ?? null;
    },

    /**
     * Counts one attempt on `rule.key` in a single statement, before the password is checked: under
     * concurrency each attempt gets its own number (the row is locked by the upsert). While the key is
     * locked the count is left alone and `refused` comes back true. The attempt that reaches the limit sets
     * the lock itself (login-throttle.ts `lockMs`, computed here in SQL), so the next one is refused even if
     * this one's password check is still running. SET expressions read the row as it was.
     */
    async reserveAttempt(q: Queryable, rule: ThrottleRule, now: Date, windowMs: number): Promise<Reservation> {
      const rows = await q.query<Reservation>(
        `insert into auth_throttle as t (key, failures, window_started_at, locked_until, refused)
         values ($1, 1, ${NOW}, case when 1 >= $4::int then ${lockUntil("1")} end, false)
         on conflict (key) do update set
           refused = coalesce(${LOCKED}, false),
           failures = case when ${LOCKED} then t.failures else ${NUMBER} end,
           window_started_at = case when ${LOCKED} or not ${STALE} then t.window_started_at else ${NOW} end,
           locked_until = case when ${LOCKED} then t.locked_until when ${NUMBER} >= $4::int
             then ${lockUntil(NUMBER)} end
         returning key, failures, window_started_at, locked_until, refused`,
        [rule.key, now, windowMs, rule.limit, rule.baseLockMs, rule.maxLockMs],
      );
      return rows[0]!;
    },
    /**
     * A correct password gives its attempt back. When no attempt was counted after it (`failures` is still its
     * number) and the rule forgives, the earlier failures go too: the owner's typos are forgotten, but
     * guesses racing the owner's sign-in still count.
     */
    async refundAttempt(rule: ThrottleRule, r: Reservation): Promise<void> {
      await db.query(
        `update auth_throttle set
           failures = case when $4 and failures = $2 then 0 else greatest(failures - 1, 0) end,
           locked_until = case when ($4 and failures = $2) or failures - 1 < $3 then null else locked_until end
         where key = $1 and window_started_at = $5`,
        [rule.key, r.failures, rule.limit, rule.forgiveOnSuccess, r.window_started_at],
      );
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
