import crypto from "node:crypto";
import type { LoginResponse } from "@parley/shared/auth";
import type { Clock } from "../../platform/clock.ts";
import { AppError } from "../../http/errors.ts";
import type { AccessTokens } from "./access-tokens.ts";
import type { AuthRepo, RefreshTokenRow, UserRow } from "./auth.repo.ts";
import type { SessionCheck } from "./session-check.ts";
import type { MembershipRow } from "../organizations/organizations.repo.ts";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const REUSE_GRACE_MS = 30_000;

/**
 * Access tokens plus rotating refresh tokens. Each sign-in starts a family, which is the session: access
 * tokens carry its id (`sid`) and die with it. A refresh spends its token and issues the next one.
 * Spending a token twice means it leaked, so the whole family is revoked and the holder must sign in again,
 * except within REUSE_GRACE_MS of its first use while the family has not moved on: that is the holder whose
 * answer was lost (a page reloaded mid-refresh, two tabs refreshing at once), as Okta's and Auth0's grace
 * periods allow for.
 */
export function createSessionTokens(deps: {
  repo: AuthRepo;
  access: AccessTokens;
  clock: Clock;
  refreshTtlDays: number;
  sessionCheck: SessionCheck;
}) {
  const { repo, access, clock, sessionCheck } = deps;

  async function newRefreshToken(familyId: string, userId: string, orgId: string): Promise<string> {
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(clock.now().getTime() + deps.refreshTtlDays * 86_400_000);
    await repo.insertRefreshToken({ familyId, userId, orgId, hash: hashToken(token), expiresAt });
    return token;
  }

  /** A second use of a token just spent, with no later token of its family spent since. */
  async function answerWasLost(row: RefreshTokenRow, now: Date): Promise<boolean> {
    const usedAt = row.used_at!;
    return now.getTime() - usedAt.getTime() <= REUSE_GRACE_MS && !(await repo.familySpentAfter(row.family_id, usedAt));
  }

  async function respond(
    user: UserRow,
    org: MembershipRow,
    session: { id: string; refreshToken: string | null },
  ): Promise<LoginResponse> {
    const refreshToken = session.refreshToken;
    const accessToken = await access.sign({ userId: user.id, orgId: org.id, role: org.role, sessionId: session.id });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: "Bearer",
      expires_in: access.ttlSeconds,
      organizationName: org.name,
      organization_name: org.name,
      user: {
        id: user.id,
        email: user.email,
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        role: org.role,
        organization_id: org.id,
        organization_name: org.name,
        organization_slug_name: org.slug,
      },
    };
  }

  return {
    respond,
    /**
     * Tokens for a fresh sign-in (a new family). Without `withRefresh` the family still gets a token row,
     * never handed out, so the session exists and logout can close it.
     */
    async issue(user: UserRow, org: MembershipRow, withRefresh: boolean): Promise<LoginResponse> {
      const familyId = crypto.randomUUID();
      const refresh = await newRefreshToken(familyId, user.id, org.id);
      return respond(user, org, { id: familyId, refreshToken: withRefresh ? refresh : null });
    },
    /** Spends a refresh token; answers who it belongs to and the next token of its family. */
    async rotate(
      token: string,
    ): Promise<{ userId: string; orgId: string; session: { id: string; refreshToken: string } }> {
      const expired = new AppError("unauthenticated", "Your session has expired. Please sign in again.");
      const now = clock.now();
      const found = await repo.consumeRefreshToken(hashToken(token), now);
      if (!found) throw expired;
      const { row, reused } = found;
      if (reused && !(await answerWasLost(row, now))) {
        await repo.revokeFamily(row.family_id);
        sessionCheck.markRevoked(row.family_id);
        throw expired;
      }
      if (row.revoked_at || row.expires_at.getTime() <= clock.now().getTime()) throw expired;
      const next = await newRefreshToken(row.family_id, row.user_id, row.org_id);
      return { userId: row.user_id, orgId: row.org_id, session: { id: row.family_id, refreshToken: next } };
    },
    /** Closes every session of the user in one organisation (removed from it), here at once. */
    async revokeAllIn(userId: string, orgId: string): Promise<void> {
      for (const family of await repo.revokeFamiliesIn(userId, orgId)) sessionCheck.markRevoked(family);
    },
    /** The user's role in one organisation changed: their sessions there carry the new role, here at once. */
    roleChanged(userId: string, orgId: string): void {
      sessionCheck.forgetMember(userId, orgId);
    },
    /** Logout: closes the session of the refresh token and/or of the access token, here at once. */
    async revoke(tokens: { refreshToken?: string; accessToken?: string }): Promise<void> {
      const families = new Set<string>();
      if (tokens.refreshToken) families.add((await repo.familyOf(hashToken(tokens.refreshToken))) ?? "");
      if (tokens.accessToken) families.add((await access.verify(tokens.accessToken))?.sessionId ?? "");
      families.delete("");
      for (const family of families) {
        await repo.revokeFamily(family);
        sessionCheck.markRevoked(family);
      }
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
