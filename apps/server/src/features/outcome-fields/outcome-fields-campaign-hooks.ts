import type { CampaignHooks } from "../campaigns/campaigns.service.ts";
import type { OutcomeFieldCrmRepo } from "./outcome-field-crm.repo.ts";
import type { OutcomeFieldsRepo } from "./outcome-fields.repo.ts";

/** How qualifying fields follow campaigns: a duplicate asks the same questions, its answers mapped to HubSpot alike. */
export function outcomeFieldsCampaignHooks(deps: {
  fields: OutcomeFieldsRepo;
  crm: OutcomeFieldCrmRepo;
}): CampaignHooks {
  return {
    async duplicated(q, e) {
      await deps.fields.copyFields(q, e.orgId, e.fromId, e.toId);
      await deps.crm.copy(q, e.orgId, e.fromId, e.toId);
    },
  };
}
