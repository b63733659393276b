import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { can, deniedMessage } from "@parley/shared/permissions";
import { apiKeyRefusal } from "./api-key-access.ts";
import type { RequireAuth } from "./auth-guard.ts";
import { AppError } from "./errors.ts";
import { routeRule, type RouteRule } from "./route-roles.ts";

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The one place roles are enforced: an onRoute hook, added to the app before any route, that looks every
 * route up in ROUTE_ROLES and puts a check in front of its own hooks. It runs at onRequest, before the body is
 * read, so a refused request costs no parsing and a member sending a bad body to an admin route hears 403,
 * not a validation message about a form they cannot use.
 * A route with no rule is closed to everyone (403) and reported in the log at start-up; the route-by-role
 * test fails on it too.
 */
export function createRoleGuard(requireAuth: RequireAuth, warn: (message: string) => void) {
  function check(method: string, url: string, rule: RouteRule | undefined): Hook | null {
    if (rule === "public") return null;
    if (rule === undefined) {
      warn(`${method} ${url} has no rule in apps/server/src/http/route-roles.ts: it answers 403 to everyone.`);
      return async () => {
        throw new AppError("forbidden", "This endpoint has no access rule yet, so no one may use it.");
      };
    }
    return async (request, reply) => {
      await requireAuth(request, reply);
      const { role, apiKey } = request.auth;
      const refusal = apiKey ? apiKeyRefusal(apiKey, request.method, url, rule) : null;
      if (refusal) throw new AppError("forbidden", refusal);
      if (rule !== "signed-in" && !can(role, rule)) throw new AppError("forbidden", deniedMessage(role, rule));
    };
  }

  /** Every route the guard has seen, with its rule: what the route-by-role test walks. */
  const routes: Array<{ method: string; url: string; rule: RouteRule | undefined }> = [];

  function onRoute(route: RouteOptions): void {
    const methods = [route.method].flat();
    const rules = new Set(methods.map((m) => routeRule(m, route.url)));
    // One route for several methods needs one rule for all of them; otherwise it is treated as having none.
    const rule = rules.size === 1 ? [...rules][0] : undefined;
    for (const method of methods) routes.push({ method, url: route.url, rule });
    const hook = check(methods.join(","), route.url, rule);
    if (!hook) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [hook, ...own] as RouteOptions["onRequest"];
  }
  return { onRoute, routes };
}
export type RoleGuard = ReturnType<typeof createRoleGuard>;
