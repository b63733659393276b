/**
 * Campaign payloads, shared by the API (validation) and the web form (same rules, same messages).
 * - POST /api/create_campaign and PUT /api/campaigns/{id}: `CampaignWire` (JSON, or multipart text fields
 *   plus `csv_file`; query parameters count as fields). PUT merges: fields not sent keep their value.
 * - Answers: `CampaignResponse` ({campaign}), `CampaignList` ({campaigns, total, page, page_size}).
 * - `faqs` is the agent's call flow: {opening_line, goal, faqs: [{question, answer}]} (`pairs` accepted for
 *   `faqs` on input); a JSON string of it, or plain text (→ goal), is accepted too.
 * - `time_gap` is SECONDS, one of 1, 2, 4, 6, 8, 12, 24 hours × 3600 (the old client's "hours × 60" is refused).
 */
import { z } from "zod";
import { DateTime } from "luxon";
import { Contact, ContactList } from "./contacts.ts";
import { TransferTo } from "./call-transfer.ts";
import { INBOUND_NUMBER_REQUIRED, InboundNumber } from "./inbound-number.ts";

/* ------------------------------------------------------------------ constants (spec §4, §5, §9) */

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "active", "paused", "stopped", "completed", "failed"] as const;
export const CampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof CampaignStatus>;

/** Follow-up time gap choices in hours; the wire carries SECONDS (hours × 3600, not the old client's × 60). */
export const TIME_GAP_HOURS = [1, 2, 4, 6, 8, 12, 24] as const;
export const TIME_GAP_SECONDS: readonly number[] = TIME_GAP_HOURS.map((h) => h * 3600);
export const DEFAULT_TIME_GAP_SECONDS = 2 * 3600;
export const MAX_ATTEMPTS_MIN = 1;
export const MAX_ATTEMPTS_MAX = 5;
export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_SERVICE = "sales";
/** Per-campaign cap on simultaneous calls; null leaves only the organisation's limit. */
export const MAX_CONCURRENT_CALLS_MIN = 1;
export const MAX_CONCURRENT_CALLS_MAX = 1000;
export const DEFAULT_BUSINESS_HOURS_START = "09:00";
export const DEFAULT_BUSINESS_HOURS_END = "17:00";
/** "00:00", "00:30" … "23:30". */
export const BUSINESS_HOUR_CHOICES: readonly string[] = Array.from(
  { length: 48 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);
export const DEFAULT_TIMEZONE = "Asia/Kolkata";
/** The spec's two zones come first in the picker; every other IANA zone follows. */
export const PREFERRED_TIMEZONES = ["Asia/Kolkata", "Asia/Dubai"] as const;

/** The contact list upload (multipart field `csv_file`). */
export const CSV_MAX_BYTES = 50 * 1024 * 1024;
export const CSV_FIELD_NAME = "csv_file";

export const CampaignMessages = {
  nameRequired: "Campaign name is required",
  startRequired: "Start date is required for scheduled campaigns",
  endRequired: "End date is required for scheduled campaigns",
  endAfterStart: "End date must be after start date",
  invalidDate: "Please enter a valid date and time.",
  channelUnavailable: "Only the Voice channel is available for now.",
  maxAttempts: "Maximum attempts must be a whole number from 1 to 5.",
  timeGap: "Time gap must be 1, 2, 4, 6, 8, 12 or 24 hours (sent in seconds: hours × 3600, e.g. 7200 for 2 hours).",
  businessHours: "Business hours must be HH:MM in 30-minute steps (00:00 to 23:30).",
  businessHoursEqual: "Business hours end time must differ from the start time.",
  timezone: "Please choose a valid timezone (an IANA name such as Asia/Kolkata).",
  unknownVoice: "Unknown voice. Please choose a voice from the list.",
  csvInvalid: "Please select a valid CSV file",
  csvTooLarge: "CSV file too large. Maximum size is 50 MB.",
  maxConcurrentCalls:
    "Max simultaneous calls must be a whole number from 1 to 1000, or empty for the organisation's limit.",
} as const;

/** True for any IANA zone name the runtime knows (Intl throws RangeError on unknown names). */
export function isIanaTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Picker order: Asia/Kolkata, Asia/Dubai, then the rest of `known` (e.g. Intl.supportedValuesOf("timeZone")). */
export function timeZoneChoices(known: readonly string[]): string[] {
  const preferred: readonly string[] = PREFERRED_TIMEZONES;
  return [...preferred, ...known.filter((z) => !preferred.includes(z))];
}

/* ------------------------------------------------------------------ FAQs & call flow */

export const FaqPair = z.object({
  question: z.string().trim().min(1, "Each FAQ needs a question.").max(1000),
  answer: z.string().trim().max(5000).default(""),
});
export type FaqPair = z.infer<typeof FaqPair>;

/** What the agent uses: how it opens, what the call is for, and question/answer pairs. */
export const CampaignFaqs = z.object({
  opening_line: z.string().trim().max(1000).default(""),
  goal: z.string().trim().max(5000).default(""),
  faqs: z.array(FaqPair).max(200, "At most 200 FAQs.").default([]),
});
export type CampaignFaqs = z.infer<typeof CampaignFaqs>;
export type CampaignFaqsInput = z.input<typeof CampaignFaqs>;

/**
 * The spec sends `faqs` as text: a JSON string of {opening_line, goal, faqs:[{question, answer}]} is read
 * as such (`pairs` is accepted for `faqs`); any other text becomes the goal/notes. Objects pass through.
 */
export function readFaqs(value: unknown): unknown {
  if (value === undefined || value === null) return {};
  if (typeof value === "string") {
    const text = value.trim();
    if (!text) return {};
    if (text.startsWith("{")) {
      try {
        return readFaqs(JSON.parse(text));
      } catch {
        return { goal: text };
      }
    }
    return { goal: text };
  }
  if (typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    return o.faqs === undefined && Array.isArray(o.pairs) ? { ...o, faqs: o.pairs } : o;
  }
  return value;
}

/* ------------------------------------------------------- field readers (form values and multipart text alike) */

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const optionalText = (max: number) =>
  z.preprocess((v) => (blank(v) ? null : v), z.string().trim().max(max).nullable()).default(null);
const intField = (fallback: number, message: string) =>
  z
    .preprocess(
      (v) => (blank(v) ? undefined : typeof v === "string" ? Number(v.trim()) : v),
      z.number({ error: message }).int(message).optional(),
    )
    .transform((v) => v ?? fallback);
const boolField = (fallback: boolean) =>
  z
    .preprocess(
      (v) =>
        blank(v) ? undefined : typeof v === "string" ? ["true", "1", "yes", "on"].includes(v.trim().toLowerCase()) : v,
      z.boolean({ error: "Expected true or false." }).optional(),
    )
    .transform((v) => v ?? fallback);
const hhmm = (fallback: string) =>
  z
    .preprocess((v) => (blank(v) ? undefined : v), z.string().trim().optional())
    .transform((v) => v ?? fallback)
    .refine((v) => BUSINESS_HOUR_CHOICES.includes(v), CampaignMessages.businessHours);

/** An ISO instant, or a wall-clock "YYYY-MM-DDTHH:MM" read in the campaign's zone. Null when unreadable. */
export function readCampaignInstant(value: string | null, zone: string): string | null {
  if (!value) return null;
  const zoneOk = isIanaTimeZone(zone) ? zone : "UTC";
  const dt = DateTime.fromISO(value.trim().replace(" ", "T"), { zone: zoneOk, setZone: false });
  return dt.isValid ? dt.toUTC().toISO({ suppressMilliseconds: true }) : null;
}

/* ------------------------------------------------------------------ create / update payload */

/**
 * The campaign form and the create/update API, one schema (spec §3 "Campaign", §5 "Campaign submit").
 * Rules are checked in the spec's order. Dates come back as UTC ISO instants; with start_immediately they
 * are cleared (spec §4: choosing immediate clears the start and end dates).
 */
export const CampaignInput = z
  .object({
    name: z.preprocess(
      (v) => v ?? "",
      z
        .string()
        .trim()
        .min(1, CampaignMessages.nameRequired)
        .max(200, "Campaign name is too long (200 characters at most)."),
    ),
    description: z.preprocess((v) => v ?? "", z.string().trim().max(5000)),
    channel: z
      .preprocess(
        (v) => (blank(v) ? "voice" : String(v).trim().toLowerCase()),
        z.string().refine((v) => v === "voice", CampaignMessages.channelUnavailable),
      )
      .transform(() => "voice" as const),
    direction: z.preprocess(
      (v) =>
        blank(v)
          ? "outbound"
          : String(v)
              .trim()
              .toLowerCase()
              .replace(/[\s_-]+/g, ""),
      z.enum(["outbound", "inbound"], { error: "Campaign type must be outbound or inbound." }),
    ),
    voice_id: optionalText(200),
    max_attempts: intField(DEFAULT_MAX_ATTEMPTS, CampaignMessages.maxAttempts).refine(
      (n) => n >= MAX_ATTEMPTS_MIN && n <= MAX_ATTEMPTS_MAX,
      CampaignMessages.maxAttempts,
    ),
    time_gap: intField(DEFAULT_TIME_GAP_SECONDS, CampaignMessages.timeGap).refine(
      (n) => TIME_GAP_SECONDS.includes(n),
      CampaignMessages.timeGap,
    ),
    max_concurrent_calls: z
      .preprocess(
        (v) => (blank(v) || v === "null" ? null : typeof v === "string" ? Number(v.trim()) : v),
        z
          .number({ error: CampaignMessages.maxConcurrentCalls })
          .int(CampaignMessages.maxConcurrentCalls)
          .min(MAX_CONCURRENT_CALLS_MIN, CampaignMessages.maxConcurrentCalls)
          .max(MAX_CONCURRENT_CALLS_MAX, CampaignMessages.maxConcurrentCalls)
          .nullable(),
      )
      .default(null),
    retry_backoff: boolField(false),
    faqs: z.preprocess(readFaqs, CampaignFaqs),
    start_immediately: boolField(true),
    start_datetime: optionalText(60),
    end_datetime: optionalText(60),
    campaign_timezone: z.preprocess(
      (v) => (blank(v) ? DEFAULT_TIMEZONE : String(v).trim()),
      z.string().refine(isIanaTimeZone, CampaignMessages.timezone),
    ),
    business_hours_start: hhmm(DEFAULT_BUSINESS_HOURS_START),
    business_hours_end: hhmm(DEFAULT_BUSINESS_HOURS_END),
    service: z.preprocess((v) => (blank(v) ? DEFAULT_SERVICE : v), z.string().trim().max(100)),
    email_subject: optionalText(500),
    email_body: optionalText(20000),
    save_as_draft: boolField(false),
    transfer_to: TransferTo,
    /** Inbound campaigns: the number (or SIP user) callers reach the agent on. */
    inbound_number: InboundNumber,
  })
  .superRefine((v, ctx) => {
    if (v.direction === "inbound" && !v.inbound_number) {
      ctx.addIssue({ code: "custom", path: ["inbound_number"], message: INBOUND_NUMBER_REQUIRED });
    }
    if (v.business_hours_start === v.business_hours_end) {
      ctx.addIssue({ code: "custom", path: ["business_hours_end"], message: CampaignMessages.businessHoursEqual });
    }
    if (v.start_immediately) return;
    const start = readCampaignInstant(v.start_datetime, v.campaign_timezone);
    const end = readCampaignInstant(v.end_datetime, v.campaign_timezone);
    if (!v.start_datetime)
      ctx.addIssue({ code: "custom", path: ["start_datetime"], message: CampaignMessages.startRequired });
    else if (!start) ctx.addIssue({ code: "custom", path: ["start_datetime"], message: CampaignMessages.invalidDate });
    if (!v.end_datetime)
      ctx.addIssue({ code: "custom", path: ["end_datetime"], message: CampaignMessages.endRequired });
    else if (!end) ctx.addIssue({ code: "custom", path: ["end_datetime"], message: CampaignMessages.invalidDate });
    if (start && end && Date.parse(start) >= Date.parse(end)) {
      ctx.addIssue({ code: "custom", path: ["end_datetime"], message: CampaignMessages.endAfterStart });
    }
  })
  .transform((v) => ({
    ...v,
    // An outbound campaign keeps no number: it would hold it against an inbound campaign that needs it.
    inbound_number: v.direction === "inbound" ? v.inbound_number : null,
    start_datetime: v.start_immediately ? null : readCampaignInstant(v.start_datetime, v.campaign_timezone),
    end_datetime: v.start_immediately ? null : readCampaignInstant(v.end_datetime, v.campaign_timezone),
  }));
/** What the form sends (field values may be text, as in multipart). */
export type CampaignInput = z.input<typeof CampaignInput>;
/** What the server stores after validation. */
export type CampaignValues = z.output<typeof CampaignInput>;

const WIRE_ALIASES: Record<string, string> = {
  campaign_name: "name",
  campaign_description: "description",
  type: "direction",
  campaign_type: "direction",
  start_at: "start_datetime",
  end_at: "end_datetime",
  timezone: "campaign_timezone",
};

/** Spec §7 names fields both ways (campaign_name on create, name on update…): map the aliases onto one name. */
export function normalizeCampaignFields(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const target = WIRE_ALIASES[key];
    if (!target) out[key] = value;
    else if (raw[target] === undefined) out[target] = value;
  }
  return out;
}

/** The API body (JSON, or multipart text fields merged with query parameters), aliases accepted. */
export const CampaignWire = z.preprocess(
  (v) => (v && typeof v === "object" && !Array.isArray(v) ? normalizeCampaignFields(v as Record<string, unknown>) : v),
  CampaignInput,
);

/* ------------------------------------------------------------------ responses */

/** A CSV row that was not imported: its 1-based line in the file and why. */
export const RejectedRow = z.object({ line: z.number(), reason: z.string(), raw: z.string().optional() });
export type RejectedRow = z.infer<typeof RejectedRow>;

export const CsvFileInfo = z.object({ name: z.string(), size: z.number(), url: z.string().optional() });
export type CsvFileInfo = z.infer<typeof CsvFileInfo>;

/**
 * A campaign as the API answers it. Both naming variants the web app reads are present
 * (id/campaign_id, name/campaign_name, description/campaign_description, direction/type,
 * start_at/start_datetime, end_at/end_datetime). Instants are UTC ISO strings.
 */
export const Campaign = z.object({
  id: z.string(),
  campaign_id: z.string(),
  name: z.string(),
  campaign_name: z.string(),
  description: z.string(),
  campaign_description: z.string(),
  direction: z.enum(["outbound", "inbound"]),
  type: z.enum(["outbound", "inbound"]),
  channel: z.enum(["voice", "email", "whatsapp"]),
  voice_id: z.string().nullable(),
  max_attempts: z.number(),
  /** Seconds. */
  time_gap: z.number(),
  /** Cap on this campaign's simultaneous calls; null = only the organisation's limit. */
  max_concurrent_calls: z.number().nullable(),
  /** The retry gap doubles after each failed attempt (2 h, 4 h, 8 h…). */
  retry_backoff: z.boolean(),
  /** Where a caller who asks for a person is put through (E.164 or SIP URI); null: the agent offers a callback. */
  transfer_to: z.string().nullable(),
  /** Inbound campaigns: the number (E.164) or SIP user callers reach the agent on; null for outbound. */
  inbound_number: z.string().nullable(),
  faqs: CampaignFaqs,
  opening_line: z.string(),
  goal: z.string(),
  status: CampaignStatus,
  /** Why the status last changed when the system changed it (e.g. "Deleted while running"); else null. */
  status_reason: z.string().nullable(),
  /** True while the campaign runs or waits for its start (active or scheduled). */
  is_active: z.boolean(),
  start_immediately: z.boolean(),
  start_at: z.string().nullable(),
  start_datetime: z.string().nullable(),
  end_at: z.string().nullable(),
  end_datetime: z.string().nullable(),
  launched_at: z.string().nullable(),
  campaign_timezone: z.string(),
  business_hours_start: z.string(),
  business_hours_end: z.string(),
  service: z.string(),
  email_subject: z.string().nullable(),
  email_body: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), size: z.number() })),
  csv_file: CsvFileInfo.nullable(),
  csv_file_name: z.string().nullable(),
  contact_count: z.number(),
  /** Rows not imported, first 1000 kept; `rejected_count` is the full number. */
  rejected_rows: z.array(RejectedRow),
  rejected_count: z.number(),
  /** Rows whose phone number repeated an earlier row's (merged into that contact). */
  duplicates_merged: z.number(),
  calls_made: z.number(),
  /** Percent, 0–100. */
  success_rate: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Who created the campaign and who last changed it (settings, status, list), as "First Last" or the
   * username; null when the system did it or the account was deleted. */
  created_by_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CampaignResponse = z.object({ campaign: Campaign });
export type CampaignResponse = z.infer<typeof CampaignResponse>;

/** GET /api/campaigns: `search` over name, type, status, description and start/end/created dates. */
export const CampaignListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  /** One status or several, comma-separated: `status=active,paused` for the dashboard. */
  status: z
    .string()
    .trim()
    .optional()
    .transform((s) =>
      s
        ? s
            .split(",")
            .map((x) => x.trim().toLowerCase())
            .filter(Boolean)
        : [],
    )
    .pipe(
      z.array(z.enum(CAMPAIGN_STATUSES, { error: `status must be one or more of ${CAMPAIGN_STATUSES.join(", ")}.` })),
    ),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  page_size: z.coerce.number().int().min(1).max(100, "page_size is at most 100.").default(10),
});
export type CampaignListQuery = z.input<typeof CampaignListQuery>;

export const CampaignList = z.object({
  campaigns: z.array(Campaign),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type CampaignList = z.infer<typeof CampaignList>;

/* ------------------------------------------------------------------ a contact's place in the dialer's queue */

/**
 * GET /api/campaigns/{id}/contacts adds `call_state` to each contact: where it stands with the dialer, and
 * for a pending contact why it waits and until when (`due_at`, UTC ISO).
 * - `queued`: due now, waiting for a free line;
 * - `retry`: the last attempt reached nobody (`last_outcome`: no_answer, busy, voicemail…);
 * - `callback`: the callee asked to be called back at `due_at`;
 * - `calling_hours`: waiting for the campaign's business hours or the contact's legal calling hours;
 * - `campaign_start`: the campaign is scheduled and has not started;
 * - `paused`: the campaign is paused.
 * `contact_timezone` is the zone the callee is most likely in (from the number), null when unknown.
 */
export const CONTACT_WAIT_REASONS = [
  "queued",
  "retry",
  "callback",
  "calling_hours",
  "campaign_start",
  "paused",
] as const;
export const ContactCallState = z.object({
  state: z.enum(["not_started", "pending", "calling", "done"]),
  reason: z.enum(CONTACT_WAIT_REASONS).nullable(),
  due_at: z.string().nullable(),
  /** Attempts that have ended. */
  attempts_made: z.number(),
  /** How the newest ended attempt went (no_answer, interested…), null before any. */
  last_outcome: z.string().nullable(),
  contact_timezone: z.string().nullable(),
  /** The number is on the organisation's do-not-call list: the dialer never rings it (at once, not after a try). */
  do_not_call: z.boolean(),
});
export type ContactCallState = z.infer<typeof ContactCallState>;

export const CampaignContact = Contact.extend({ call_state: ContactCallState });
export type CampaignContact = z.infer<typeof CampaignContact>;
export const CampaignContactPage = ContactList.extend({ contacts: z.array(CampaignContact) });
export type CampaignContactPage = z.infer<typeof CampaignContactPage>;

/* ------------------------------------------------------------------ greeting preview */

/**
 * GET /api/campaigns/{id}/greeting-preview: the exact first words the campaign's first contact (the
 * list's first row) will hear, built by the same rule as a real call; `contact_name` is that contact's name.
 * GET …/greeting-preview/audio?voice_id= answers those words as audio/wav in that voice (else the campaign's).
 */
/** A saved campaign's contact list: its size and, per variable key, how many contacts have no value for it. */
export const ListVariableGaps = z.object({
  contact_count: z.number(),
  empty_variables: z.record(z.string(), z.number()),
});
export type ListVariableGaps = z.infer<typeof ListVariableGaps>;
/** `list`: given for a saved campaign's list (not for a draft's contact read from a file). */
export const GreetingPreview = z.object({
  text: z.string(),
  contact_name: z.string(),
  list: ListVariableGaps.optional(),
});
export type GreetingPreview = z.infer<typeof GreetingPreview>;
export const GreetingPreviewAudioQuery = z.object({ voice_id: z.string().max(200).optional() });
