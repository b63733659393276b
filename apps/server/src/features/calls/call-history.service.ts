import {
  CallLogStatus,
  LatencyMark,
  type CallDetail,
  type CallHistoryFilters,
  type CallHistoryList,
  type CallHistoryRecord,
} from "@parley/shared/call-history";
import { TranscriptTurn } from "@parley/shared/calls";
import type { CrmSyncStatus } from "@parley/shared/crm-sync";
import type { CallScorecard } from "@parley/shared/scorecard";
import { type CallOutcomeFields, fieldKey, type OutcomeField } from "@parley/shared/outcome-fields";
import type { FieldColumn } from "./call-history-csv.ts";
import type { Readable } from "node:stream";
import { notFound } from "../../http/errors.ts";
import type { ByteSpan, Storage } from "../../platform/storage.ts";
import { budgetColumn, servicesProductColumn, startInZone } from "./call-history-fields.ts";
import type { CallHistoryRepo, CallLogRow, ExportCursor } from "./call-history.repo.ts";
import type { RecordingLinks } from "./recording-links.ts";
import { contactZone } from "./contact-zone.ts";

type Deps = {
  repo: CallHistoryRepo;
  links: RecordingLinks;
  storage: Storage;
  /** Where the call's results stand in the CRM its contact came from (the integrations feature). */
  crmSync?(orgId: string, callId: string): Promise<CrmSyncStatus | null>;
  /** The call's scorecard (the scorecard feature); null while the call runs. */
  scorecard?(orgId: string, callId: string): Promise<CallScorecard | null>;
  /** The calls' qualifying answers (the outcome-fields feature), by call id. */
  outcomeFields?: {
    forCalls(orgId: string, callIds: string[]): Promise<Map<string, CallOutcomeFields>>;
    get(orgId: string, campaignId: string): Promise<{ fields: OutcomeField[] }>;
  };
};

const EXPORT_BATCH = 2000;
/** Totals past these are reported as "more than" (see repo.count); searches cost more per match. */
export const COUNT_CAP = { search: 1000, range: 10_000 };

/**
 * The contact's "Services/Product" column; else the service the call itself recorded, unless that is only the
 * campaign's own service the dialer copies onto every call (it says nothing about this lead).
 */
function servicesProduct(r: CallLogRow): string {
  const fromCsv = servicesProductColumn(r.contact_variables);
  if (fromCsv) return fromCsv;
  return r.service && r.service !== r.campaign_service ? r.service : "";
}

export function createCallHistoryService({ repo, links, storage, crmSync, scorecard, outcomeFields }: Deps) {
  /** The rows as records, each with its qualifying answers (read for the whole batch at once). */
  const toRecords = async (orgId: string, rows: CallLogRow[]): Promise<CallHistoryRecord[]> => {
    const answers =
      (await outcomeFields?.forCalls(
        orgId,
        rows.map((r) => r.id),
      )) ?? new Map();
    return rows.map((r) => toRecord(orgId, r, answers.get(r.id) ?? null));
  };
  const toRecord = (orgId: string, r: CallLogRow, fields: CallOutcomeFields | null): CallHistoryRecord => ({
    id: r.id,
    lead_name: r.lead_name,
    lead_phone: r.lead_phone,
    lead_email: r.lead_email,
    property: servicesProduct(r),
    // Calls carry no property type of their own: the spec's field is sent, empty, rather than invented.
    type_of_property: "",
    budget: budgetColumn(r.contact_variables) || r.budget,
    ...startInZone(r.started_at, r.campaign_timezone),
    started_at: r.started_at.toISOString(),
    created_at: r.created_at.toISOString(),
    status: CallLogStatus.catch("completed").parse(r.log_status),
    direction: r.direction === "INBOUND" ? "INBOUND" : "OUTBOUND",
    call_duration_secs: r.duration_secs,
    audio_url: r.has_recording && !r.recording_pending ? links.url(orgId, r.id) : null,
    recording_pending: r.recording_pending,
    summary: r.summary,
    campaign_id: r.campaign_id,
    campaign_name: r.campaign_name,
    placed_by_name: r.placed_by_name,
    outcome_fields: fields,
  });

  return {
    async list(orgId: string, f: CallHistoryFilters, page: number, pageSize: number): Promise<CallHistoryList> {
      const offset = (page - 1) * pageSize;
      const answer = async (
        rows: CallLogRow[],
        count: { total: number; capped: boolean },
      ): Promise<CallHistoryList> => ({
        call_history: await toRecords(orgId, rows),
        total: count.total,
        total_capped: count.capped,
        page,
        page_size: pageSize,
      });
      if (f.search) {
        // Up to the cap, the matches themselves are the count and the page (see repo.searchMatches).
        const ids = await repo.searchMatches(orgId, f, COUNT_CAP.search);
        if (ids.length <= COUNT_CAP.search)
          return answer(await repo.rowsByIds(orgId, ids.slice(offset, offset + pageSize)), {
            total: ids.length,
            capped: false,
          });
        return answer(await repo.page(orgId, f, pageSize, offset), { total: COUNT_CAP.search, capped: true });
      }
      const [rows, count] = await Promise.all([
        repo.page(orgId, f, pageSize, offset),
        repo.count(orgId, f, COUNT_CAP.range),
      ]);
      return await answer(rows, count);
    },

    async detail(orgId: string, callId: string): Promise<CallDetail> {
      const [row, meeting, interventions, crm] = await Promise.all([
        repo.detail(orgId, callId),
        repo.meeting(orgId, callId),
        repo.interventions(orgId, callId),
        crmSync?.(orgId, callId) ?? null,
      ]);
      if (!row) throw notFound("Call");
      const card = (await scorecard?.(orgId, callId)) ?? null;
      const fields = (await outcomeFields?.forCalls(orgId, [callId]))?.get(callId) ?? null;
      // Stored JSON is written by the voice engine; anything malformed is left out rather than failing the page.
      const turns = row.transcript.flatMap((t) => {
        const p = TranscriptTurn.safeParse(t);
        return p.success ? [p.data] : [];
      });
      const latency = row.latency.flatMap((m) => {
        const p = LatencyMark.safeParse(m);
        return p.success ? [p.data] : [];
      });
      const extracted = Object.fromEntries(Object.entries(row.extracted ?? {}).map(([k, v]) => [k, String(v)]));
      return {
        call: {
          ...toRecord(orgId, row, fields),
          outcome: row.outcome,
          sentiment: row.sentiment,
          answered_at: row.answered_at?.toISOString() ?? null,
          ended_at: row.ended_at?.toISOString() ?? null,
          transcript: turns,
          extracted,
          latency,
          meeting: meeting && {
            id: meeting.id,
            title: meeting.title,
            start_time: meeting.start_at.toISOString(),
            end_time: meeting.end_at.toISOString(),
            timezone: meeting.timezone,
            contact_timezone: contactZone(row.lead_phone, row.campaign_timezone ?? meeting.timezone),
            status: meeting.status,
            meeting_url: meeting.meeting_url,
          },
          interventions: interventions.map((i) => ({ ...i, at: i.at.toISOString() })),
          crm_sync: crm,
          scorecard: card,
        },
      };
    },

    /** An export of one campaign gets a column per field the campaign captures now (others: one cell of answers). */
    async exportFieldColumns(orgId: string, f: CallHistoryFilters): Promise<FieldColumn[]> {
      if (!f.campaign_id || !outcomeFields) return [];
      const { fields } = await outcomeFields.get(orgId, f.campaign_id).catch(() => ({ fields: [] }));
      return fields.map((x) => ({ key: fieldKey(x.name), name: x.name }));
    },

    /** Every matching call, newest first, in batches fetched one after another (keyset paging). */
    async *exportRecords(orgId: string, f: CallHistoryFilters): AsyncGenerator<CallHistoryRecord[]> {
      let cursor: ExportCursor | null = null;
      for (;;) {
        const rows = await repo.exportBatch(orgId, f, cursor, EXPORT_BATCH);
        if (rows.length) yield await toRecords(orgId, rows);
        if (rows.length < EXPORT_BATCH) return;
        const last = rows[rows.length - 1]!;
        cursor = { started: last.cursor_started, id: last.id };
      }
    },

    /** The recording behind a signed address; null for a bad or expired signature, or no recording. */
    async openRecording(callId: string, exp: number, sig: string): Promise<{ key: string; size: number } | null> {
      const rec = await repo.recording(callId);
      if (!rec || !links.verify(rec.org_id, callId, exp, sig)) return null;
      const size = await storage.size(rec.recording_key);
      return size === null ? null : { key: rec.recording_key, size };
    },

    /** The stored bytes, only those of `range` when given (the store reads just them). */
    readRecording: (key: string, range?: ByteSpan): Promise<Readable | null> => storage.get(key, range),
  };
}
export type CallHistoryService = ReturnType<typeof createCallHistoryService>;
