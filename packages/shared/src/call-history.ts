import { z } from "zod";
import { TranscriptTurn } from "./calls.ts";
import { CallIntervention } from "./live-listen.ts";
import { CrmSyncStatus } from "./crm-sync.ts";
import { CallScorecard } from "./scorecard.ts";
import { CallOutcomeFields } from "./outcome-fields.ts";

/**
 * The statuses a call log shows. The first seven are the spec's vocabulary; the rest say honestly what
 * happened to calls that never became a conversation (they show as grey chips).
 */
export const CALL_LOG_STATUSES = [
  "in_progress",
  "interested",
  "not_interested",
  "follow_up",
  "scheduled",
  "transferred",
  "completed",
  "cancelled",
  "voicemail",
  "no_answer",
  "busy",
  "failed",
  "dropped",
  "do_not_call",
  "not_understood",
] as const;
export const CallLogStatus = z.enum(CALL_LOG_STATUSES, "Unknown call status.");
export type CallLogStatus = z.infer<typeof CallLogStatus>;

export const CALL_LOG_PAGE_SIZES = [5, 10, 25, 50] as const;

const YMD = /^\d{4}-\d{2}-\d{2}$/;
const day = (what: string) =>
  z
    .string()
    .trim()
    .regex(YMD, `${what} must be a date such as 2026-01-31.`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${what} is not a real date.`);

/** 'IN BOUND', 'inbound', 'Out Bound'... all name the same two directions (spec section 5). */
export const CallDirection = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, "").toUpperCase() : v),
  z.enum(["INBOUND", "OUTBOUND"], "Direction must be INBOUND or OUTBOUND."),
);

/** Filters shared by the list and the CSV export. */
export const CallHistoryFilters = z.object({
  direction: CallDirection.optional(),
  status: CallLogStatus.optional(),
  campaign_id: z.uuid("campaign_id must be a campaign id.").optional(),
  from: day("from").optional(),
  to: day("to").optional(),
  search: z.string().trim().max(100, "Search is limited to 100 characters.").optional(),
  /** Calls that qualified (yes) or captured fields and did not (no) (docs/outcome-fields.md). */
  qualified: z.enum(["yes", "no"], "qualified must be yes or no.").optional(),
  /** A qualifying field's key, with `field_value`: answered, not_answered, or a value (yes, no, 50, an option). */
  field: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,50}$/, "field must be a field's key, such as budget_per_month.")
    .optional(),
  field_value: z.string().trim().min(1).max(100, "field_value is limited to 100 characters.").optional(),
});
export type CallHistoryFilters = z.infer<typeof CallHistoryFilters>;

export const CallHistoryQuery = CallHistoryFilters.extend({
  page: z.coerce.number().int("page must be a whole number.").min(1, "page starts at 1.").default(1),
  page_size: z.coerce
    .number()
    .refine((n) => (CALL_LOG_PAGE_SIZES as readonly number[]).includes(n), "page_size must be 5, 10, 25 or 50.")
    .default(10),
});
export type CallHistoryQuery = z.input<typeof CallHistoryQuery>;

/** One row of GET /api/call-history (spec section 3, 'Call log record as read from the server'). */
export const CallHistoryRecord = z.object({
  id: z.string(),
  lead_name: z.string(),
  lead_phone: z.string(),
  lead_email: z.string(),
  /** The contact's CSV column "Services/Product" (or "Service", "Product"…); "" when there is none. */
  property: z.string(),
  type_of_property: z.string(),
  /** The contact's CSV column "Budget", else the budget the callee gave on the call; "" when neither. */
  budget: z.string(),
  /** YYYY-MM-DD and HH:MM of the call's start in `timezone` (the campaign's; UTC for a call without one). */
  date: z.string(),
  time: z.string(),
  /** When the call started, ISO 8601 (UTC). */
  started_at: z.string(),
  /** The IANA zone `date` and `time` are written in. */
  timezone: z.string(),
  /** When the lead was created: the contact's import, or the call's own row for a call without a contact. */
  created_at: z.string(),
  status: CallLogStatus,
  direction: z.enum(["INBOUND", "OUTBOUND"]),
  call_duration_secs: z.number(),
  /** A signed address that expires; null when the call has no recording. */
  audio_url: z.string().nullable(),
  /**
   * The call was recorded but the store could not take the recording when the call ended: it is kept and
   * retried, and audio_url appears once it is stored.
   */
  recording_pending: z.boolean(),
  summary: z.string(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  /** Who placed the call by hand ("Call now") or took it as a browser test call; null for the dialer's calls. */
  placed_by_name: z.string().nullable(),
  /** The call's qualifying answers; null when its campaign captured no fields (docs/outcome-fields.md). */
  outcome_fields: CallOutcomeFields.nullable(),
});
export type CallHistoryRecord = z.infer<typeof CallHistoryRecord>;

export const CallHistoryList = z.object({
  call_history: z.array(CallHistoryRecord),
  total: z.number(),
  /** True when there are more than `total` matches: searches and date ranges count up to a cap. */
  total_capped: z.boolean(),
  page: z.number(),
  page_size: z.number(),
});
export type CallHistoryList = z.infer<typeof CallHistoryList>;

/** Per-turn latency marks of the voice engine, in ms since the call was answered. */
export const LatencyMark = z.record(z.string(), z.number());
export type LatencyMark = z.infer<typeof LatencyMark>;

export const BookedMeeting = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  timezone: z.string(),
  /**
   * The contact's zone, the clock the agent said the meeting's time on (from their number, else the campaign's):
   * the call's details give that time beside the viewer's, so it reads as the time in the transcript.
   */
  contact_timezone: z.string(),
  status: z.string(),
  /** Where it is held (Settings → Meeting link), or null: the CRM copy carries the same link or none. */
  meeting_url: z.string().nullable(),
});
export type BookedMeeting = z.infer<typeof BookedMeeting>;

/** GET /api/call-history/{id}: what View Details shows. */
export const CallDetail = z.object({
  call: CallHistoryRecord.extend({
    outcome: z.string().nullable(),
    sentiment: z.string().nullable(),
    answered_at: z.string().nullable(),
    ended_at: z.string().nullable(),
    transcript: z.array(TranscriptTurn),
    extracted: z.record(z.string(), z.string()),
    latency: z.array(LatencyMark),
    meeting: BookedMeeting.nullable(),
    /** People who listened in, took the call over or handed it back, in order. */
    interventions: z.array(CallIntervention),
    /** Whether the call's results reached the CRM its contact came from; null for a contact not from a CRM. */
    crm_sync: CrmSyncStatus.nullable(),
    /** The call's scorecard (docs/scorecard.md); null while the call runs. */
    scorecard: CallScorecard.nullable(),
  }),
});
export type CallDetail = z.infer<typeof CallDetail>;
