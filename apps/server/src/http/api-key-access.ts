import { PERMISSIONS } from "@parley/shared/permissions";
import type { RequestAuth } from "./auth-guard.ts";
import type { RouteRule } from "./route-roles.ts";

/** Routes a key may never call whatever its scope: a leaked key must not be able to mint or revoke keys. */
const PEOPLE_ONLY_URLS = ["/api/api-keys"];

/**
 * Why a request signed with an API key may not use this route, or null when it may. A key passes routes up to
 * its creator's current role, at most admin (auth-guard.ts gives it that role); on top of that it refuses
 * - "signed-in" routes: they are about a person's own account, sessions and organisations, and a key is no person;
 * - owner routes (the team, the organisation's settings): a key is never the owner;
 * - key management, so a leaked key cannot outlive its revocation by creating another;
 * - with a read key, every method but GET and HEAD.
 */
export function apiKeyRefusal(
  key: NonNullable<RequestAuth["apiKey"]>,
  method: string,
  url: string,
  rule: RouteRule,
): string | null {
  if (rule === "signed-in") return "API keys cannot use account routes. Sign in as a person to use this endpoint.";
  if (PEOPLE_ONLY_URLS.some((u) => url === u || url.startsWith(`${u}/`)))
    return "API keys cannot manage API keys. Sign in as an owner or admin to do this.";
  if (rule !== "public" && PERMISSIONS[rule].role === "owner")
    return `API keys cannot ${PERMISSIONS[rule].does}: only the owner, signed in, can.`;
  if (key.scope === "read" && method !== "GET" && method !== "HEAD")
    return "This API key is read-only: it may only read (GET). Create a key with the write scope to change anything.";
  return null;
}
