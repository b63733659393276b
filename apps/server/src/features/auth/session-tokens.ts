import crypto from "node:crypto";
import type { LoginResponse } from "@parley/shared/auth";
import type { Clock } from "../../platform/clock.ts";
import { AppError } from "../../http/errors.ts";
import type { AccessTokens } from "./access-tokens.ts";
import type { AuthRepo, UserRow } from "./auth.repo.ts";
import type { MembershipRow } from "../organizations/organizations.repo.ts";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/**
 * Access tokens plus rotating refresh tokens. Each sign-in starts a family; a refresh
 * spends its token and issues the next one. Spending a token twice means it leaked,
 * so the whole family is revoked and the holder must sign in again.
 */
export function createSessionTokens(deps: { repo: AuthRepo; access: AccessTokens; clock: Clock; refreshTtlDays: number }) {
  const { repo, access, clock } = deps;

  async function newRefreshToken(familyId: string, userId: string, orgId: string): Promise<string> {
    const token = crypto.randomBytes(32).toString("base64url");
    const expiresAt = new Date(clock.now().getTime() + deps.refreshTtlDays * 86_400_000);
    await repo.insertRefreshToken({ familyId, userId, orgId, hash: hashToken(token), expiresAt });
    return token;
  }

  async function respond(user: UserRow, org: MembershipRow, refreshToken: string | null): Promise<LoginResponse> {
    const accessToken = await access.sign({ userId: user.id, orgId: org.id, role: org.role });
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
    /** Tokens for a fresh sign-in (a new family). */
    async issue(user: UserRow, org: MembershipRow, withRefresh: boolean): Promise<LoginResponse> {
      const refresh = withRefresh ? await newRefreshToken(crypto.randomUUID(), user.id, org.id) : null;
      return respond(user, org, refresh);
    },
    /** Spends a refresh token; answers who it belongs to and the next token of its family. */
    async rotate(token: string): Promise<{ userId: string; orgId: string; next: string }> {
      const expired = new AppError("unauthenticated", "Your session has expired. Please sign in again.");
      const found = await repo.consumeRefreshToken(hashToken(token));
      if (!found) throw expired;
      const { row, reused } = found;
      if (reused) {
        await repo.revokeFamily(row.family_id);
        throw expired;
      }
      if (row.revoked_at || row.expires_at.getTime() <= clock.now().getTime()) throw expired;
      return { userId: row.user_id, orgId: row.org_id, next: await newRefreshToken(row.family_id, row.user_id, row.org_id) };
    },
    async revoke(token: string): Promise<void> {
      const family = await repo.familyOf(hashToken(token));
      if (family) await repo.revokeFamily(family);
    },
  };
}
export type SessionTokens = ReturnType<typeof createSessionTokens>;
