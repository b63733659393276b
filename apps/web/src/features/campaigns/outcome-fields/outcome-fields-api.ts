import { type AnswerProperty, OutcomeFieldCrm } from "@parley/shared/outcome-field-crm";
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

/** Where each field's answer is written in HubSpot (docs/outcome-fields.md#hubspot). */
export async function getCrmMapping(campaignId: string, signal?: AbortSignal) {
  return (await api(`${path(campaignId)}/crm`, { schema: OutcomeFieldCrm, signal })).hubspot;
}

/** Replaces the mapping; a property name HubSpot could not have, or a field the campaign lacks, answers 400. */
export async function putCrmMapping(campaignId: string, hubspot: AnswerProperty[]) {
  return (await api(`${path(campaignId)}/crm`, { method: "PUT", body: { hubspot }, schema: OutcomeFieldCrm })).hubspot;
}
