import { createRequireAuth } from "../../http/auth-guard.ts";
import { createRoleGuard } from "../../http/role-guard.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { ApiKeysService } from "../api-keys/api-keys.service.ts";
import type { OrganizationsService } from "../organizations/organizations.service.ts";
import { createAccessTokens } from "./access-tokens.ts";
import { createAuthRepo } from "./auth.repo.ts";
import { createAuthService } from "./auth.service.ts";
import { createGoogleVerifier } from "./google-verifier.ts";
import { createSessionCheck } from "./session-check.ts";
import { createSessionTokens } from "./session-tokens.ts";
import { createThrottle } from "./throttle.ts";

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  jwtSecret: string;
  organizations: OrganizationsService;
  /** API keys (pk_live_…) sign requests in through the same guard as access tokens. */
  apiKeys: ApiKeysService;
};

/** Signing in and staying signed in: the account service, the tokens, and the guards every route passes. */
export function wireAuth({ db, config, clock, log, jwtSecret, organizations, apiKeys }: Deps) {
  const access = createAccessTokens(jwtSecret, config.accessTokenTtlSeconds);
  const repo = createAuthRepo(db);
  // Access tokens of a closed session (logout) are refused; the check is cached a few seconds per process.
  const sessionCheck = createSessionCheck({ repo });
  const requireAuth = createRequireAuth(access, sessionCheck, apiKeys);
  // Roles are checked for every route in one place, from the table in http/route-roles.ts.
  const roleGuard = createRoleGuard(requireAuth, (message) => log.warn(message));
  const sessions = createSessionTokens({
    repo,
    access,
    clock,
    refreshTtlDays: config.refreshTokenTtlDays,
    sessionCheck,
  });
  const verifyGoogle = config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
    : null;
  const throttle = createThrottle({ db, repo, clock });
  const service = createAuthService({
    db,
    repo,
    sessions,
    organizations,
    clock,
    verifyGoogle,
    throttle,
    signupPerHour: config.rateLimits.signupPerHour,
  });
  return { service, access, sessionCheck, requireAuth, roleGuard, throttle };
}
