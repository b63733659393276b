import { DEFAULT_ORG_SLUG, slugify } from "@parley/shared/org-slug";
import type { LoginResponse } from "@parley/shared/auth";

/**
 * Browser session per the spec: tokens and the organisation in localStorage; the org slug also in
 * sessionStorage, which the menu reads.
 */
const KEYS = {
  token: "authToken",
  refresh: "refreshToken",
  orgName: "organizationName",
  orgSlug: "organizationSlug",
} as const;

export const session = {
  token: () => localStorage.getItem(KEYS.token),
  refreshToken: () => localStorage.getItem(KEYS.refresh),
  isSignedIn: () => Boolean(localStorage.getItem(KEYS.token)),
  orgSlug: () => sessionStorage.getItem(KEYS.orgSlug) ?? localStorage.getItem(KEYS.orgSlug) ?? DEFAULT_ORG_SLUG,
  orgName: () => localStorage.getItem(KEYS.orgName) ?? "",

  /** Stores a sign-in answer; the slug comes from the server, else from the org name as the spec derives it. */
  store(
    res: Pick<LoginResponse, "access_token" | "refresh_token" | "organizationName"> & {
      user?: { organization_slug_name: string };
    },
  ) {
    localStorage.setItem(KEYS.token, res.access_token);
    if (res.refresh_token) localStorage.setItem(KEYS.refresh, res.refresh_token);
    const slug = res.user?.organization_slug_name ?? slugify(res.organizationName);
    localStorage.setItem(KEYS.orgName, res.organizationName);
    localStorage.setItem(KEYS.orgSlug, slug);
    sessionStorage.setItem(KEYS.orgSlug, slug);
    return slug;
  },

  clear() {
    for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    sessionStorage.removeItem(KEYS.orgSlug);
  },
};
