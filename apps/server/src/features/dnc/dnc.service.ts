import type { DncEntry, DncImportResult, DncList, DncListQuery } from "@parley/shared/dnc";
import { DncAdd, DncListQuery as ListQuery } from "@parley/shared/dnc";
import { AppError, notFound } from "../../http/errors.ts";
import { normalizePhone } from "../../platform/phone.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import type { DncRepo, DncRow } from "./dnc.repo.ts";
import { readDncCsv } from "./dnc-csv.ts";

const toEntry = (r: DncRow): DncEntry => ({
  id: r.id,
  phone: r.phone_e164,
  source: r.source,
  reason: r.reason,
  campaign_id: r.campaign_id,
  campaign_name: r.campaign_name,
  added_by_name: r.added_by_name,
  created_at: r.created_at.toISOString(),
});

/** The org-wide do-not-call list: staff add numbers by hand or by CSV, calls add them when asked. */
export function createDncService(deps: {
  repo: DncRepo;
  events?: WebhookEvents;
  /**
   * The organisation's country, for numbers written without +country code when none is chosen: read like a
   * campaign's contact list (the country of a time zone), from the organisation's time zone in Settings.
   */
  orgCountry?: (orgId: string) => Promise<string | undefined>;
}) {
  const { repo } = deps;
  const countryFor = async (orgId: string, chosen: string | undefined) => chosen ?? (await deps.orgCountry?.(orgId));
  return {
    async list(orgId: string, query: DncListQuery): Promise<DncList> {
      const q = ListQuery.parse(query);
      const { rows, total } = await repo.list(orgId, {
        search: q.search,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      const default_country = (await deps.orgCountry?.(orgId)) ?? null;
      return { numbers: rows.map(toEntry), total, page: q.page, page_size: q.page_size, default_country };
    },
    /** `addedBy`: the signed-in user, shown beside the number. */
    async add(orgId: string, input: DncAdd, addedBy: string | null = null): Promise<DncImportResult> {
      const body = DncAdd.parse(input);
      const phone = normalizePhone(body.phone, await countryFor(orgId, body.default_country));
      if (!phone.ok) {
        // The picker is where a missing country is mended: say so there rather than only "no country is known".
        const noCountry = /no default country/.test(phone.reason);
        const message = noCountry
          ? `"${body.phone}" has no +country code: choose its country, or write it with +.`
          : phone.reason;
        throw new AppError("validation_failed", message, [{ path: noCountry ? "default_country" : "phone", message }]);
      }
      const added = await repo.addMany(orgId, [{ phone: phone.e164, source: "manual", reason: body.reason, addedBy }]);
      return { added, already_listed: 1 - added, rejected: [] };
    },
    async importCsv(
      orgId: string,
      text: string,
      defaultCountry?: string,
      addedBy: string | null = null,
    ): Promise<DncImportResult> {
      const { phones, rejected } = readDncCsv(text, await countryFor(orgId, defaultCountry));
      const added = await repo.addMany(
        orgId,
        phones.map((phone) => ({ phone, source: "csv" as const, reason: "Imported from CSV", addedBy })),
      );
      return { added, already_listed: phones.length - added, rejected };
    },
    async remove(orgId: string, id: string): Promise<void> {
      if (!(await repo.remove(orgId, id))) throw notFound("Do-not-call entry");
    },
    /** Called when a callee asks never to be called again; the campaign is shown beside the number. */
    async markFromCall(orgId: string, phoneE164: string, reason: string, campaignId?: string): Promise<void> {
      await repo.addMany(orgId, [{ phone: phoneE164, source: "call", reason, campaignId }]);
      await deps.events?.emit(orgId, "contact.opted_out", {
        phone: phoneE164,
        reason,
        campaign_id: campaignId ?? null,
      });
    },
    listed: (orgId: string, phones: string[]) => repo.listed(orgId, phones),
  };
}
export type DncService = ReturnType<typeof createDncService>;
