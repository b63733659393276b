import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Experiment, KeepWinnerInput } from "@parley/shared/experiments";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { ExperimentsService } from "./experiments.service.ts";

const Params = z.object({ id: z.uuid("Campaign not found.") });
// The body is validated by the service with the schema the campaign body uses, so both answer alike (its OpenAPI
// entry is in http/openapi-operations.ts).
type Body = { variants?: unknown } | undefined;

/** A campaign's experiment: its variants, per-variant results, and keeping the winner. */
export function experimentsRoutes(deps: {
  experiments: ExperimentsService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { experiments, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);
    app.get(
      "/campaigns/:id/experiment",
      { schema: { params: Params, response: { 200: Experiment } } },
      async (request) => experiments.get(request.auth.orgId, request.params.id),
    );
    app.put(
      "/campaigns/:id/experiment",
      { schema: { params: Params, response: { 200: Experiment } } },
      async (request) => experiments.set(request.auth.orgId, request.params.id, (request.body as Body)?.variants),
    );
    app.post(
      "/campaigns/:id/experiment/keep-winner",
      { schema: { params: Params, body: KeepWinnerInput, response: { 200: Experiment } } },
      async (request) => experiments.keepWinner(request.auth.orgId, request.params.id, request.body.variant),
    );
  };
}
