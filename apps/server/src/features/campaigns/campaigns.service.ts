import crypto from "node:crypto";
import {
  CampaignMessages,
  CampaignWire,
  normalizeCampaignFields,
  type Campaign,
  type CampaignContactPage,
  type CampaignList,
  type CampaignStatus,
  type CampaignValues,
} from "@parley/shared/campaigns";
import type { ContactListQuery } from "@parley/shared/contacts";
import { INBOUND_NUMBER_REQUIRED, inboundNumberTaken } from "@parley/shared/inbound-number";
import { AppError, notFound, toFieldIssues, validationError } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db, Queryable } from "../../platform/db.ts";
import type { Storage } from "../../platform/storage.ts";
import type { ContactListSummary } from "../contacts/contact-import.ts";
import type { ContactsService } from "../contacts/contacts.service.ts";
import type { CampaignCallStats } from "./campaign-call-stats.ts";
import { checkVariables } from "./campaign-variables.ts";
import { contactCallState } from "./campaign-contact-state.ts";
import { RUNNING_STATUSES, transition, type LifecycleAction } from "./campaign-lifecycle.ts";
import { toCampaign, toFormValues, toSettings } from "./campaign-view.ts";
import type { CampaignContactList, CampaignRow, CampaignSettings, CampaignsRepo } from "./campaigns.repo.ts";

/** A CSV already written to storage by the upload route. */
export type StoredUpload = { key: string; fileName: string; size: number };
/**
 * How other features (the dialer) follow campaigns. Each runs INSIDE the transaction of the change, so
 * e.g. stopping and cancelling pending calls commit together or not at all.
 */
export type CampaignHooks = {
  /**
   * Every status change: launch (also create-and-launch), pause, resume,
   * stop, and delete of a running campaign (→ stopped).
   */
  statusChanged?: (
    q: Queryable,
    e: { orgId: string; campaignId: string; from: CampaignStatus; to: CampaignStatus },
  ) => Promise<void>;
  /**
   * The campaign was created or its settings saved, before any status change of the same request: `fields` as
   * sent (a feature reads its own, e.g. experiments' `variants`), `before` the status it had ("draft" when new).
   */
  saved?: (
    q: Queryable,
    e: { orgId: string; campaignId: string; fields: Record<string, unknown>; before: CampaignStatus },
  ) => Promise<void>;
  /** A new CSV replaced the contact list (the old contacts are already deleted, the new ones inserted). */
  contactsReplaced?: (q: Queryable, e: { orgId: string; campaignId: string; status: CampaignStatus }) => Promise<void>;
  /** The campaign `fromId` was duplicated as the new draft `toId`: a feature copies its own part of the setup. */
  duplicated?: (q: Queryable, e: { orgId: string; fromId: string; toId: string }) => Promise<void>;
};

type Deps = {
  db: Db;
  repo: CampaignsRepo;
  contacts: ContactsService;
  storage: Storage;
  voiceExists: (voiceId: string) => Promise<boolean>;
  callStats: CampaignCallStats;
  clock: Clock;
  hooks?: CampaignHooks[];
  /** Which of these numbers are on the organisation's do-not-call list (the dnc service's `listed`). */
  doNotCall?: (orgId: string, phones: string[]) => Promise<Set<string>>;
};
type ListQuery = { search?: string; status: CampaignStatus[]; page: number; page_size: number };

function parseValues(fields: Record<string, unknown>): CampaignValues {
  const parsed = CampaignWire.safeParse(fields);
  if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
  return parsed.data;
}

function listColumns(upload: StoredUpload, list: ContactListSummary): CampaignContactList {
  return {
    csv_file_name: upload.fileName,
    csv_file_size: upload.size,
    csv_storage_key: upload.key,
    contact_count: list.contactCount,
    rejected_count: list.rejectedCount,
    duplicates_merged: list.duplicatesMerged,
    rejected_rows: list.rejected,
  };
}

const NO_LIST: CampaignContactList = {
  csv_file_name: null,
  csv_file_size: null,
  csv_storage_key: null,
  contact_count: 0,
  rejected_count: 0,
  duplicates_merged: 0,
  rejected_rows: [],
};

const NAME_MAX = 200;
const COPY_SUFFIX = " (copy)";
/** "<name> (copy)", the name shortened when needed so the copy stays within the 200-character limit. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** The columns a user edits, read back from a stored campaign. */
function settingsOf(r: CampaignRow): CampaignSettings {
  return {
    name: r.name,
    description: r.description,
    direction: r.direction,
    channel: r.channel,
    voice_id: r.voice_id,
    max_attempts: r.max_attempts,
    time_gap_seconds: r.time_gap_seconds,
    max_concurrent_calls: r.max_concurrent_calls,
    retry_backoff: r.retry_backoff,
    transfer_to: r.transfer_to,
    inbound_number: r.inbound_number,
    opening_line: r.opening_line,
    goal: r.goal,
    faqs: r.faqs,
    service: r.service,
    start_immediately: r.start_immediately,
    start_at: r.start_at,
    end_at: r.end_at,
    timezone: r.timezone,
    business_hours_start: r.business_hours_start,
    business_hours_end: r.business_hours_end,
    email_subject: r.email_subject,
    email_body: r.email_body,
  };
}

/** Another campaign (of any organisation) holds the inbound number: 409 naming it, on the field. */
const numberTaken =
  (number: string | null) =>
  (err: unknown): never => {
    const e = err as { code?: string; constraint?: string; message?: string };
    if (
      number &&
      e.code === "23505" &&
      (e.constraint === "campaigns_inbound_number_idx" || e.message?.includes("campaigns_inbound_number_idx"))
    ) {
      const message = inboundNumberTaken(number);
      throw new AppError("conflict", message, [{ path: "inbound_number", message }]);
    }
    throw err;
  };

export function createCampaignsService(deps: Deps) {
  const { db, repo, contacts, storage, clock } = deps;
  const hooks = deps.hooks ?? [];
  const statusChanged = async (
    q: Queryable,
    orgId: string,
    campaignId: string,
    from: CampaignStatus,
    to: CampaignStatus,
  ) => {
    for (const h of hooks) await h.statusChanged?.(q, { orgId, campaignId, from, to });
  };
  const saved = async (
    q: Queryable,
    e: { orgId: string; campaignId: string; fields: Record<string, unknown>; before: CampaignStatus },
  ) => {
    for (const h of hooks) await h.saved?.(q, { ...e, fields: normalizeCampaignFields(e.fields) });
  };
  const contactsReplaced = async (q: Queryable, orgId: string, campaignId: string, status: CampaignStatus) => {
    for (const h of hooks) await h.contactsReplaced?.(q, { orgId, campaignId, status });
  };

  const present = async (orgId: string, rows: CampaignRow[]): Promise<Campaign[]> => {
    const ids = rows.map((r) => r.id);
    const [stats, people] = await Promise.all([deps.callStats(orgId, ids), repo.people(orgId, ids)]);
    return rows.map((r) =>
      toCampaign(
        r,
        stats.get(r.id) ?? { calls_made: 0, success_rate: 0 },
        people.get(r.id) ?? { created_by_name: null, updated_by_name: null },
      ),
    );
  };
  const one = async (orgId: string, row: CampaignRow) => (await present(orgId, [row]))[0]!;
  const checkVoice = async (voiceId: string | null) => {
    if (voiceId && !(await deps.voiceExists(voiceId))) {
      throw validationError([{ path: "voice_id", message: CampaignMessages.unknownVoice }]);
    }
  };
  /** Replaces the campaign's contacts with the uploaded file's, inside the caller's transaction. */
  const importList = async (
    q: Queryable,
    orgId: string,
    campaignId: string,
    timezone: string,
    upload: StoredUpload,
  ) => {
    const open = async () => {
      const stream = await storage.get(upload.key);
      if (!stream) throw new Error(`uploaded file ${upload.key} is missing`);
      return stream;
    };
    const summary = await contacts.importList(q, { orgId, campaignId, timezone }, { open, size: upload.size });
    return listColumns(upload, summary);
  };
  /** Runs fn; a failure removes the uploaded file so a refused request leaves nothing behind. */
  const cleaningUp = async <T>(upload: StoredUpload | null, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (upload) await storage.delete(upload.key);
      throw err;
    }
  };

  return {
    async list(orgId: string, query: ListQuery): Promise<CampaignList> {
      const { rows, total } = await repo.list(orgId, {
        search: query.search || undefined,
        statuses: query.status,
        limit: query.page_size,
        offset: (query.page - 1) * query.page_size,
      });
      return { campaigns: await present(orgId, rows), total, page: query.page, page_size: query.page_size };
    },

    async get(orgId: string, id: string): Promise<Campaign> {
      const row = await repo.get(orgId, id);
      if (!row) throw notFound("Campaign");
      return one(orgId, row);
    },

    /** Create (spec: POST /create_campaign): a draft with save_as_draft, else launched at once. */
    create(
      actor: { orgId: string; userId: string | null },
      fields: Record<string, unknown>,
      upload: StoredUpload | null,
    ): Promise<Campaign> {
      return cleaningUp(upload, async () => {
        const values = parseValues(fields);
        await checkVoice(values.voice_id);
        const settings = toSettings(values);
        const now = clock.now();
        let status: CampaignStatus = "draft";
        if (!values.save_as_draft) {
          const t = transition("launch", { ...settings, status: "draft" }, now);
          if (!t.ok) throw validationError([{ path: "end_datetime", message: t.message }]);
          status = t.status;
        }
        const id = crypto.randomUUID();
        const row = await db
          .tx(async (q) => {
            const inserted = await repo.insert(q, {
              id,
              org_id: actor.orgId,
              created_by: actor.userId,
              updated_by: actor.userId,
              status,
              launched_at: status === "draft" ? null : now,
              ...settings,
              ...NO_LIST,
            });
            const list = upload ? await importList(q, actor.orgId, id, values.campaign_timezone, upload) : null;
            await checkVariables(q, id, values.faqs);
            await saved(q, { orgId: actor.orgId, campaignId: id, fields, before: "draft" });
            if (status !== "draft") await statusChanged(q, actor.orgId, id, "draft", status);
            return list ? (await repo.update(q, actor.orgId, id, list))! : inserted;
          })
          .catch(numberTaken(settings.inbound_number));
        return one(actor.orgId, row);
      });
    },

    /**
     * Update: fields not sent keep their value; a new CSV replaces the whole list in the same transaction.
     * `by` is the user making the change (shown as who last changed the campaign).
     */
    async update(
      orgId: string,
      id: string,
      fields: Record<string, unknown>,
      upload: StoredUpload | null,
      by: string | null = null,
    ): Promise<Campaign> {
      let previousKey: string | null = null;
      const row = await cleaningUp(upload, async () => {
        const existing = await repo.get(orgId, id);
        if (!existing) throw notFound("Campaign");
        const values = parseValues({ ...toFormValues(existing), ...normalizeCampaignFields(fields) });
        if (values.voice_id !== existing.voice_id) await checkVoice(values.voice_id);
        const settings = toSettings(values);
        return db
          .tx(async (q) => {
            const locked = await repo.get(orgId, id, { q, forUpdate: true });
            if (!locked) throw notFound("Campaign");
            previousKey = upload ? locked.csv_storage_key : null;
            const list = upload ? await importList(q, orgId, id, values.campaign_timezone, upload) : {};
            await checkVariables(q, id, values.faqs);
            const updated = await repo.update(q, orgId, id, { ...settings, ...list, updated_by: by });
            await saved(q, { orgId, campaignId: id, fields, before: locked.status });
            if (upload) await contactsReplaced(q, orgId, id, locked.status);
            return updated!;
          })
          .catch(numberTaken(settings.inbound_number));
      });
      if (previousKey) await storage.delete(previousKey);
      return one(orgId, row);
    },

    /** launch, pause, resume, stop: 409 with the reason when the campaign's status does not allow it. */
    async changeStatus(
      orgId: string,
      id: string,
      action: LifecycleAction,
      by: string | null = null,
    ): Promise<Campaign> {
      const row = await db.tx(async (q) => {
        const c = await repo.get(orgId, id, { q, forUpdate: true });
        if (!c) throw notFound("Campaign");
        const now = clock.now();
        const t = transition(action, c, now);
        if (!t.ok) throw new AppError("conflict", t.message);
        if (action === "launch") await checkVoice(c.voice_id);
        if (action === "launch" && c.direction === "inbound" && !c.inbound_number)
          throw new AppError("conflict", INBOUND_NUMBER_REQUIRED);
        const updated = await repo.update(q, orgId, id, {
          status: t.status,
          status_reason: null,
          updated_by: by,
          ...(action === "launch" ? { launched_at: now } : {}),
        });
        await statusChanged(q, orgId, id, c.status, t.status);
        return updated!;
      });
      return one(orgId, row);
    },

    /**
     * A new draft named "<name> (copy)" with the same settings and call flow (qualifying questions and where their
     * answers go, experiment variants) but no contacts: the list is the part that differs between runs, and a copy
     * must never ring the original's contacts again.
     */
    async duplicate(actor: { orgId: string; userId: string | null }, id: string): Promise<Campaign> {
      const source = await repo.get(actor.orgId, id);
      if (!source) throw notFound("Campaign");
      // A number reaches one campaign: the copy starts without it.
      const settings = { ...settingsOf(source), name: copyName(source.name), inbound_number: null };
      const row = await db.tx(async (q) => {
        const copy = await repo.insert(q, {
          id: crypto.randomUUID(),
          org_id: actor.orgId,
          created_by: actor.userId,
          updated_by: actor.userId,
          status: "draft",
          launched_at: null,
          ...settings,
          ...NO_LIST,
        });
        // The rest of the call flow kept by other features: qualifying questions, experiment variants.
        for (const h of hooks) await h.duplicated?.(q, { orgId: actor.orgId, fromId: id, toId: copy.id });
        return copy;
      });
      return one(actor.orgId, row);
    },

    /** Deleting a running campaign stops it first (status and pending work, one transaction), then removes it. */
    async remove(orgId: string, id: string): Promise<void> {
      const key = await db.tx(async (q) => {
        const c = await repo.get(orgId, id, { q, forUpdate: true });
        if (!c) throw notFound("Campaign");
        if (RUNNING_STATUSES.includes(c.status)) {
          await repo.update(q, orgId, id, { status: "stopped", status_reason: "Deleted while running" });
          await statusChanged(q, orgId, id, c.status, "stopped");
        }
        await repo.delete(q, orgId, id);
        return c.csv_storage_key;
      });
      if (key) await storage.delete(key);
    },

    /** The campaign's contacts, each with where it stands in the dialer's queue (why and until when it waits). */
    async listContacts(
      orgId: string,
      id: string,
      query: ContactListQuery & { page: number; page_size: number },
    ): Promise<CampaignContactPage> {
      const campaign = await repo.get(orgId, id);
      if (!campaign) throw notFound("Campaign");
      const page = await contacts.list(orgId, id, query);
      const attempts = await repo.latestAttempts(
        orgId,
        id,
        page.contacts.map((c) => c.id),
      );
      const listed =
        (await deps.doNotCall?.(
          orgId,
          page.contacts.map((c) => c.phone),
        )) ?? new Set<string>();
      const now = clock.now();
      return {
        ...page,
        contacts: page.contacts.map((c) => ({
          ...c,
          call_state: {
            ...contactCallState(attempts.get(c.id) ?? null, campaign, c.phone, now),
            do_not_call: listed.has(c.phone),
          },
        })),
      };
    },
  };
}
export type CampaignsService = ReturnType<typeof createCampaignsService>;
