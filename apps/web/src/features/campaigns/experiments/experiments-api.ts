import { Experiment } from "@parley/shared/experiments";
import { api } from "../../../lib/api-client.ts";

/** The campaign's variants and how each is doing. */
export function getExperiment(campaignId: string, signal?: AbortSignal) {
  return api(`/campaigns/${campaignId}/experiment`, { schema: Experiment, signal });
}

/** Ends the experiment with `label`; the contacts not yet reached move to it. */
export function keepWinner(campaignId: string, label: string) {
  return api(`/campaigns/${campaignId}/experiment/keep-winner`, {
    method: "POST",
    body: { variant: label },
    schema: Experiment,
  });
}
