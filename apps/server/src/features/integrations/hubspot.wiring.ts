import type { Config } from "../../platform/config.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { Storage } from "../../platform/storage.ts";
import type { CampaignsService } from "../campaigns/campaigns.service.ts";
import { createHubspotClient } from "./hubspot-client.ts";
import { createHubspotRepo } from "./hubspot.repo.ts";
import { createHubspotService } from "./hubspot.service.ts";
import { createSecretBox } from "./secret-box.ts";

/**
 * HubSpot (CRM): the token under INTEGRATIONS_KEY, the API at
 * HUBSPOT_BASE_URL; imports go through the campaign's CSV import.
 */
export function wireHubspot(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  storage: Storage;
  campaigns: CampaignsService;
  onConnected?(orgId: string): Promise<void>;
}) {
  const { db, config, clock, storage, campaigns, onConnected } = deps;
  return createHubspotService({
    repo: createHubspotRepo(db),
    box: createSecretBox(config.integrations.key),
    clock,
    storage,
    campaigns,
    onConnected,
    provider: (token) => createHubspotClient({ baseUrl: config.hubspotBaseUrl, token }),
  });
}
