import { FUNNEL_STAGES, type Funnel, type FunnelQuery, type FunnelStages } from "@parley/shared/funnel";
import { notFound, validationError } from "../../http/errors.ts";
import { isValidZone } from "./analytics-period.ts";
import { funnelRange } from "./funnel-range.ts";
import type { FunnelRepo } from "./funnel.repo.ts";

/** The funnel of the contacts first dialled in a range of days: per campaign, and all of them together. */
export function createFunnelService(deps: { repo: FunnelRepo }) {
  const { repo } = deps;
  return {
    async get(orgId: string, q: FunnelQuery): Promise<Funnel> {
      if (!isValidZone(q.timezone)) {
        throw validationError([
          { path: "timezone", message: `Unknown time zone "${q.timezone}". Use an IANA name such as Asia/Kolkata.` },
        ]);
      }
      const campaignId = q.campaign_id ?? null;
      if (campaignId && !(await repo.campaignExists(orgId, campaignId))) throw notFound("Campaign");
      const range = funnelRange(q.from, q.to, q.timezone);
      const rows = await repo.byCampaign(orgId, range.fromSlot, range.toSlot, campaignId);
      const split = await repo.byVariant(
        orgId,
        range.fromSlot,
        range.toSlot,
        rows.map((c) => c.campaign_id),
      );
      const campaigns = rows.map((c) => {
        const variants = split.filter((v) => v.campaign_id === c.campaign_id).map(({ campaign_id: _, ...v }) => v);
        return variants.length ? { ...c, variants } : c;
      });
      const totals = Object.fromEntries(
        FUNNEL_STAGES.map((s) => [s.key, campaigns.reduce((n, c) => n + c[s.key], 0)]),
      ) as FunnelStages;
      return { from: range.from.toISO()!, to: range.to.toISO()!, timezone: q.timezone, totals, campaigns };
    },
  };
}
export type FunnelService = ReturnType<typeof createFunnelService>;
