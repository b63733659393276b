import { OutcomeFieldList, type OutcomeFieldInput } from "@parley/shared/outcome-fields";
import { api } from "../../../lib/api-client.ts";

const path = (campaignId: string) => `/campaigns/${encodeURIComponent(campaignId)}/outcome-fields`;

/** The campaign's qualifying fields. */
export async function getOutcomeFields(campaignId: string, signal?: AbortSignal) {
  return (await api(path(campaignId), { schema: OutcomeFieldList, signal })).fields;
}

/** Replaces the campaign's fields; a bad list answers 400 with the problem named. */
export async function putOutcomeFields(campaignId: string, fields: OutcomeFieldInput[]) {
  return (await api(path(campaignId), { method: "PUT", body: { fields }, schema: OutcomeFieldList })).fields;
}
