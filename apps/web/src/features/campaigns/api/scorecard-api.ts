import { CampaignScorecard, type ScorecardCheckId } from "@parley/shared/scorecard";
import { api } from "../../../lib/api-client.ts";

/** Each scorecard check's pass rate over the campaign's calls, and the calls that failed one (or `check`). */
export function getCampaignScorecard(campaignId: string, check: ScorecardCheckId | null, signal?: AbortSignal) {
  return api(`/campaigns/${campaignId}/scorecard`, {
    query: { check: check ?? undefined },
    schema: CampaignScorecard,
    signal,
  });
}
