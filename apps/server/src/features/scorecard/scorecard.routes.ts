import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CampaignScorecard, CampaignScorecardQuery } from "@parley/shared/scorecard";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { ScorecardService } from "./scorecard.service.ts";

/** A campaign's scorecard: the pass rate of each check over its calls and the calls that failed one. */
export function scorecardRoutes(deps: {
  scorecards: ScorecardService;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { scorecards, requireAuth } = deps;
  return async (app) => {
    app.addHook("preHandler", requireAuth);
    app.get(
      "/campaigns/:id/scorecard",
      {
        schema: {
          params: z.object({ id: z.uuid("Campaign not found.") }),
          querystring: CampaignScorecardQuery,
          response: { 200: CampaignScorecard },
        },
      },
      async (request) => scorecards.forCampaign(request.auth.orgId, request.params.id, request.query.check),
    );
  };
}
