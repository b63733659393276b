import type { HubspotIntegration, HubspotStatus } from "@parley/shared/integrations";
import type { Queryable } from "../../platform/db.ts";
import { saveConnection } from "./integrations.repo.ts";

/** What is kept of a HubSpot connection besides its encrypted token. */
export type HubspotSettings = { portal_id: number | null; token_hint: string };
export type HubspotRow = {
  settings: HubspotSettings;
  secret_ciphertext: string;
  status: HubspotStatus;
  last_error: string | null;
  connected_at: Date;
};

/** The connection as the API shows it: never the token, only its last characters. */
export const toHubspot = (r: HubspotRow): HubspotIntegration => ({
  portal_id: r.settings.portal_id,
  token_hint: r.settings.token_hint,
  status: r.status,
  last_error: r.last_error,
  connected_at: r.connected_at.toISOString(),
});

/** HubSpot's row of the integrations table (kind 'hubspot'). */
export function createHubspotRepo(db: Queryable) {
  const get = async (orgId: string): Promise<HubspotRow | null> => {
    const [row] = await db.query<HubspotRow>(
      `select settings, secret_ciphertext, status, last_error, connected_at from integrations where org_id = $1
        and kind = 'hubspot'`,
      [orgId],
    );
    return row ?? null;
  };
  return {
    get,
    save: (orgId: string, userId: string, settings: HubspotSettings, ciphertext: string, at: Date) =>
      saveConnection(db, { orgId, kind: "hubspot", userId, settings, ciphertext, at }),
    async view(orgId: string): Promise<HubspotIntegration | null> {
      const row = await get(orgId);
      return row && toHubspot(row);
    },
    async setStatus(orgId: string, status: HubspotStatus, error: string | null, at: Date): Promise<void> {
      await db.query(
        `update integrations set status = $2, last_error = $3, last_checked_at = $4 where org_id = $1
          and kind = 'hubspot'`,
        [orgId, status, error, at],
      );
    },
    async delete(orgId: string): Promise<boolean> {
      return (
        (await db.query("delete from integrations where org_id = $1 and kind = 'hubspot' returning org_id", [orgId]))
          .length > 0
      );
    },
    /** How many of the campaign's contacts are on the organisation's do-not-call list (the dialer skips them). */
    async doNotCallCount(orgId: string, campaignId: string): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        `select count(*)::int as n from contacts c join dnc_numbers d on d.org_id = c.org_id
          and d.phone_e164 = c.phone_e164
          where c.org_id = $1 and c.campaign_id = $2`,
        [orgId, campaignId],
      );
      return row?.n ?? 0;
    },
  };
}
export type HubspotRepo = ReturnType<typeof createHubspotRepo>;
