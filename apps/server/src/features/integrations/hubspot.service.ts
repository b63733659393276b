import crypto from "node:crypto";
import type {
  CrmImportRequest,
  CrmImportResult,
  CrmPreview,
  CrmSkipped,
  CrmSourceList,
  HubspotConnect,
  HubspotIntegration,
} from "@parley/shared/integrations";
import { AppError, notFound, validationError } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Storage } from "../../platform/storage.ts";
import type { CampaignsService } from "../campaigns/campaigns.service.ts";
import { CrmAuthError, CrmError, type CrmProvider, type CrmRecord } from "./crm-provider.ts";
import { PREVIEW_PROPERTIES } from "./hubspot-client.ts";
import { mappedProperties, RESERVED_KEYS, recordsToCsv } from "./hubspot-csv.ts";
import { toHubspot, type HubspotRepo } from "./hubspot.repo.ts";
import type { SecretBox } from "./secret-box.ts";

/** More than this in one list is refused rather than cut short silently. */
const MAX_IMPORT = 50_000;
const PREVIEW_SIZE = 10;
export const RECONNECT =
  "HubSpot refused the saved token (revoked or expired): connect HubSpot again in Settings → Integrations.";

type Deps = {
  repo: HubspotRepo;
  box: SecretBox;
  clock: Clock;
  storage: Storage;
  campaigns: Pick<CampaignsService, "get" | "update">;
  /** The adapter for a token (createHubspotClient with HUBSPOT_BASE_URL). */
  provider(token: string): CrmProvider;
  /** HubSpot takes the token again (connect, or Test connection): the writes it refused are tried again. */
  onConnected?(orgId: string): Promise<void>;
};

/** HubSpot in Settings → Integrations (connect, disconnect) and in Campaign setup (lists, preview, import). */
export function createHubspotService(deps: Deps) {
  const { repo, box, clock } = deps;

  /** The connected provider, or a 409 saying to connect (or reconnect) first. */
  const connected = async (orgId: string) => {
    const row = await repo.get(orgId);
    if (!row)
      throw new AppError("conflict", "HubSpot is not connected: an admin connects it in Settings → Integrations.");
    if (row.status === "reconnect") throw new AppError("conflict", RECONNECT);
    return deps.provider(box.open(row.secret_ciphertext, orgId));
  };
  /** Runs a HubSpot read; a refused token marks the connection "reconnect", other faults become clear errors. */
  const using = async <T>(orgId: string, fn: (crm: CrmProvider) => Promise<T>): Promise<T> => {
    const crm = await connected(orgId);
    try {
      return await fn(crm);
    } catch (err) {
      if (err instanceof CrmAuthError) {
        await repo.setStatus(orgId, "reconnect", RECONNECT, clock.now());
        throw new AppError("conflict", RECONNECT);
      }
      if (err instanceof CrmError)
        throw new AppError(
          err.status === 429 ? "rate_limited" : err.status === 404 ? "not_found" : "conflict",
          err.message,
        );
      throw err;
    }
  };

  return {
    /** The token is tried against HubSpot first; nothing is saved unless it works. */
    async connect(orgId: string, userId: string, input: HubspotConnect): Promise<HubspotIntegration> {
      let account: { accountId: number | null };
      try {
        account = await deps.provider(input.token).account();
      } catch (err) {
        if (err instanceof CrmAuthError || err instanceof CrmError)
          throw validationError([{ path: "token", message: err.message }]);
        throw err;
      }
      const settings = { portal_id: account.accountId, token_hint: `…${input.token.slice(-4)}` };
      await repo.save(orgId, userId, settings, box.seal(input.token, orgId), clock.now());
      await deps.onConnected?.(orgId);
      return toHubspot((await repo.get(orgId))!);
    },

    /** Tries the saved token again (Settings' "Test connection"): the answer carries the new status and why. */
    async test(orgId: string): Promise<HubspotIntegration> {
      const row = await repo.get(orgId);
      if (!row) throw notFound("HubSpot connection");
      try {
        await deps.provider(box.open(row.secret_ciphertext, orgId)).account();
        await repo.setStatus(orgId, "connected", null, clock.now());
        await deps.onConnected?.(orgId);
      } catch (err) {
        if (err instanceof CrmAuthError) await repo.setStatus(orgId, "reconnect", RECONNECT, clock.now());
        else if (err instanceof CrmError)
          throw new AppError(err.status === 429 ? "rate_limited" : "conflict", err.message);
        else throw err;
      }
      return toHubspot((await repo.get(orgId))!);
    },

    async disconnect(orgId: string): Promise<void> {
      if (!(await repo.delete(orgId))) throw notFound("HubSpot connection");
    },

    lists: (orgId: string): Promise<CrmSourceList> =>
      using(orgId, async (crm) => ({ sources: await crm.listSources() })),

    /** The list's first contacts with the account's properties, to choose a mapping from. */
    preview: (orgId: string, sourceId: string): Promise<CrmPreview> =>
      using(orgId, async (crm) => {
        const properties = await crm.properties();
        const offered = new Set(properties.map((p) => p.name));
        const wanted = PREVIEW_PROPERTIES.filter((p) => offered.has(p));
        // HubSpot may answer a page with fewer members than asked: read on until the preview is full.
        const contacts: CrmRecord[] = [];
        let after: string | null = null;
        do {
          const page = await crm.fetchContacts(sourceId, wanted, after, PREVIEW_SIZE - contacts.length);
          contacts.push(...page.records);
          after = page.after;
        } while (after && contacts.length < PREVIEW_SIZE);
        return { properties, contacts };
      }),

    /**
     * Replaces the campaign's contacts with the list's, through the campaign's own CSV import (the same
     * transaction, rules and hooks as an uploaded file). Records without a phone are skipped before it;
     * records whose number it rejects are reported by their HubSpot id.
     */
    async importInto(
      actor: { orgId: string; userId: string },
      campaignId: string,
      input: CrmImportRequest,
    ): Promise<CrmImportResult> {
      const { orgId } = actor;
      const clash = input.mapping.variables.find((v) => RESERVED_KEYS.has(v.key));
      if (clash)
        throw validationError([
          {
            path: "mapping.variables",
            message: `{{${clash.key}}} is one of Parley's own fields: name the variable differently.`,
          },
        ]);
      await deps.campaigns.get(orgId, campaignId);
      const { source, records, gone } = await using(orgId, async (crm) => {
        const source = await crm.source(input.source_id);
        const properties = mappedProperties(input.mapping);
        const records: CrmRecord[] = [];
        const gone: string[] = [];
        let after: string | null = null;
        do {
          const page = await crm.fetchContacts(source.id, properties, after);
          records.push(...page.records);
          gone.push(...page.gone);
          if (records.length > MAX_IMPORT)
            throw new AppError(
              "validation_failed",
              `This list has more than ${MAX_IMPORT.toLocaleString("en")} contacts: split it in HubSpot.`,
            );
          after = page.after;
        } while (after);
        return { source, records, gone };
      });
      const skipped: CrmSkipped[] = gone.map((id) => ({
        crm_id: id,
        reason: "No longer a contact in HubSpot (deleted or merged).",
      }));
      const withPhone = records.filter((r) => {
        if (r.values[input.mapping.phone]?.trim()) return true;
        skipped.push({ crm_id: r.id, reason: `No phone number (${input.mapping.phone} is empty).` });
        return false;
      });
      const csv = Buffer.from(recordsToCsv(withPhone, input.mapping), "utf8");
      const key = `csv/${orgId}/${crypto.randomUUID()}.csv`;
      await deps.storage.put(key, csv);
      const fileName = `HubSpot - ${source.name}.csv`.replace(/[\\/:*?"<>|]/g, "_").slice(0, 255);
      const campaign = await deps.campaigns.update(
        orgId,
        campaignId,
        {},
        { key, fileName, size: csv.length },
        actor.userId,
      );
      for (const row of campaign.rejected_rows) {
        const record = withPhone[row.line - 2];
        skipped.push({ crm_id: record?.id ?? `line ${row.line}`, reason: row.reason });
      }
      return {
        source_name: source.name,
        read: records.length + gone.length,
        imported: campaign.contact_count,
        duplicates_merged: campaign.duplicates_merged,
        do_not_call: await repo.doNotCallCount(orgId, campaignId),
        skipped_count: gone.length + records.length - withPhone.length + campaign.rejected_count,
        skipped,
      };
    },
  };
}
export type HubspotService = ReturnType<typeof createHubspotService>;
