import { fieldKey } from "@parley/shared/outcome-fields";
import type { OutcomeFieldCrm } from "@parley/shared/outcome-field-crm";
import { validationError } from "../../http/errors.ts";
import type { OutcomeFieldCrmRepo } from "./outcome-field-crm.repo.ts";
import type { OutcomeFieldsService } from "./outcome-fields.service.ts";

/**
 * Where a campaign's qualifying answers go in HubSpot: one contact property per field. Kept per campaign, not per
 * organisation, because that is where both halves live: the fields are the campaign's own (two campaigns may each
 * have a "Budget" of a different type), and its contacts come from the HubSpot list imported into that campaign
 * (Campaign setup → CRM Mapping), so the campaign is the one place a person sees question, answer type and property
 * side by side.
 */
export function createOutcomeFieldCrmService(deps: {
  repo: OutcomeFieldCrmRepo;
  outcomeFields: Pick<OutcomeFieldsService, "get">;
}) {
  const { repo, outcomeFields } = deps;
  /** The campaign's field keys (another organisation's campaign: 404). */
  const keysOf = async (orgId: string, campaignId: string) =>
    new Set((await outcomeFields.get(orgId, campaignId)).fields.map((f) => fieldKey(f.name)));

  return {
    /** The mapping of the fields the campaign has now (a field renamed or removed since maps nothing). */
    async get(orgId: string, campaignId: string): Promise<OutcomeFieldCrm> {
      const keys = await keysOf(orgId, campaignId);
      return { hubspot: (await repo.hubspot(orgId, campaignId)).filter((m) => keys.has(m.field)) };
    },

    async set(orgId: string, campaignId: string, mapping: OutcomeFieldCrm): Promise<OutcomeFieldCrm> {
      const keys = await keysOf(orgId, campaignId);
      const hubspot = mapping.hubspot.map((m) => ({ field: fieldKey(m.field), property: m.property }));
      const unknown = hubspot.findIndex((m) => !keys.has(m.field));
      if (unknown >= 0) {
        const known = keys.size ? `its fields are ${[...keys].join(", ")}` : "it has no qualifying questions";
        throw validationError([
          {
            path: `hubspot.${unknown}.field`,
            message: `"${mapping.hubspot[unknown]!.field}" is not one of this campaign's qualifying fields (${known}).`,
          },
        ]);
      }
      await repo.setHubspot(orgId, campaignId, hubspot);
      return { hubspot };
    },

    /** field key → HubSpot property, for writing a finished call's answers. */
    async hubspotProperties(orgId: string, campaignId: string): Promise<Map<string, string>> {
      return new Map((await repo.hubspot(orgId, campaignId)).map((m) => [m.field, m.property]));
    },
  };
}
export type OutcomeFieldCrmService = ReturnType<typeof createOutcomeFieldCrmService>;
