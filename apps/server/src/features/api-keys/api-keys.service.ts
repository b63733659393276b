import type { ApiKey, ApiKeyCreated, ApiKeyInput, ApiKeyScope } from "@parley/shared/api-keys";
import type { Role } from "@parley/shared/auth";
import type { Clock } from "../../platform/clock.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { hashApiKey, newApiKeySecret } from "./api-key-secret.ts";
import type { ApiKeyRateLimit } from "./api-key-rate-limit.ts";
import type { ApiKeyRow, ApiKeysRepo } from "./api-keys.repo.ts";

/** last_used_at is written at most this often per key, so a busy key does not cost a write per request. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Who a request signed with a key acts as: the key's organisation, attributed to the person who created it, with
 * that person's role now and never more than admin (a key is never the owner).
 */
export type KeyAuth = {
  keyId: string;
  orgId: string;
  userId: string;
  role: Exclude<Role, "owner">;
  scope: ApiKeyScope;
};

const toWire = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  scope: r.scope,
  prefix: r.prefix,
  created_at: r.created_at.toISOString(),
  created_by_name: r.created_by_name,
  created_by_is_member: r.created_by_is_member,
  last_used_at: r.last_used_at?.toISOString() ?? null,
  revoked_at: r.revoked_at?.toISOString() ?? null,
});

export function createApiKeysService(deps: { repo: ApiKeysRepo; clock: Clock; rateLimit: ApiKeyRateLimit }) {
  const { repo, clock } = deps;
  return {
    list: async (orgId: string): Promise<ApiKey[]> => (await repo.list(orgId)).map(toWire),

    async create(orgId: string, userId: string, input: ApiKeyInput): Promise<ApiKeyCreated> {
      const { secret, prefix, hash } = newApiKeySecret();
      const row = await repo.insert(orgId, userId, { name: input.name, scope: input.scope, prefix, hash });
      return { key: toWire(row), secret };
    },

    /** Revoking twice is harmless; a key of another organisation is not found. */
    async revoke(orgId: string, id: string): Promise<void> {
      if (await repo.revoke(orgId, id, clock.now())) return;
      if (!(await repo.exists(orgId, id))) throw notFound("API key");
    },

    /** The key behind a bearer token (401 when unknown or revoked), counted against its rate limit (429). */
    async authenticate(secret: string): Promise<KeyAuth> {
      const key = await repo.byHash(hashApiKey(secret));
      if (!key) throw new AppError("unauthenticated", "This API key is not valid. Check that it was copied whole.");
      if (key.revoked_at)
        throw new AppError("unauthenticated", "This API key was revoked. Create a new one in Settings → API keys.");
      if (!key.creator_role)
        throw new AppError(
          "unauthenticated",
          "The person who created this API key is no longer a member of the organisation, so the key no " +
            "longer works. Create a new key in Settings → API keys.",
        );
      deps.rateLimit.hit(key.id);
      const now = clock.now();
      if (!key.last_used_at || now.getTime() - key.last_used_at.getTime() >= TOUCH_EVERY_MS)
        await repo.touch(key.id, now);
      const role = key.creator_role === "owner" ? "admin" : key.creator_role;
      return { keyId: key.id, orgId: key.org_id, userId: key.created_by, role, scope: key.scope };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
