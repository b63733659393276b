import type { CallHistoryRecord } from "@parley/shared/call-history";
import { formatClock, formatDateTime } from "../../lib/time-format.ts";
import { qualifyingView, type QualifyingView } from "./qualifying-display.ts";

/** What one table row shows (spec section 3, display mapping). */
export type CallLogRow = {
  id: string;
  name: string;
  phone: string;
  email: string;
  campaign: string;
  servicesProduct: string;
  budget: string;
  /** When the call started, on the viewer's clock (YYYY-MM-DD HH:MM). */
  dateTime: string;
  /** The campaign's zone, and the start on its clock when that is another than the viewer's. */
  timezone: string;
  campaignDateTime: string | null;
  startedAt: string;
  leadDateTime: string;
  status: string;
  callDirection: string;
  duration: string;
  audioUrl: string | null;
  /** Recorded, but still waiting for the file store (it is retried); no audioUrl until then. */
  recordingPending: boolean;
  summary: string;
  /** Who placed the call by hand or took it as a test call; null for the dialer's calls. */
  placedBy: string | null;
  /** The qualifying answers the call captured (docs/outcome-fields.md). */
  qualifying: QualifyingView;
};

const orDefault = (v: string | null | undefined, fallback: string) => (v && v.trim() ? v : fallback);

/** created_at as YYYY-MM-DD HH:MM:SS on the viewer's clock, like the call's start beside it. */
export function leadDateTime(createdAt: string, viewerZone: string): string {
  return formatDateTime(createdAt, viewerZone, { seconds: true });
}

/**
 * When the call started: the server's date and time (already in the campaign's zone). The spec's "date merged
 * with the year of created_at" is not applied: created_at is when the lead was imported, often another year.
 */
export function callDateTime(date: string, time: string): string {
  if (!date) return "N/A";
  return time ? `${date} ${time}` : date;
}

/** What a table cell shows for a column the lead's CSV did not have. */
export const MISSING = "—";

/** One row, every time on the viewer's clock (`viewerZone`), as every list shows it. */
export function toCallLogRow(r: CallHistoryRecord, viewerZone: string): CallLogRow {
  return {
    id: r.id,
    name: orDefault(r.lead_name, "Unknown"),
    phone: orDefault(r.lead_phone, "N/A"),
    email: orDefault(r.lead_email, "N/A"),
    campaign: orDefault(r.campaign_name, MISSING),
    servicesProduct: orDefault(r.property, MISSING),
    budget: orDefault(r.budget, MISSING),
    dateTime: r.started_at ? formatDateTime(r.started_at, viewerZone) : callDateTime(r.date, r.time),
    timezone: r.timezone,
    campaignDateTime:
      r.started_at && r.timezone && r.timezone !== viewerZone
        ? formatDateTime(r.started_at, viewerZone, { zone: r.timezone })
        : null,
    startedAt: r.started_at,
    leadDateTime: leadDateTime(r.created_at, viewerZone),
    status: orDefault(r.status, "Unknown"),
    callDirection: r.direction,
    duration: `${r.call_duration_secs}s`,
    audioUrl: r.audio_url,
    recordingPending: r.recording_pending,
    summary: r.summary,
    placedBy: r.placed_by_name,
    qualifying: qualifyingView(r.outcome_fields ?? null),
  };
}

export type ChipColour = "green" | "blue" | "orange" | "red" | "grey";

/**
 * Spec section 4: green completed/interested, blue scheduled/follow_up,
 * orange in_progress, red cancelled/not_interested.
 */
export function statusColour(status: string): ChipColour {
  switch (status.toLowerCase().replace(/[\s-]+/g, "_")) {
    case "completed":
    case "interested":
    case "transferred":
      return "green";
    case "scheduled":
    case "follow_up":
      return "blue";
    case "in_progress":
      return "orange";
    case "cancelled":
    case "not_interested":
      return "red";
    default:
      return "grey";
  }
}

/** 'not_interested' → 'Not Interested'. */
export function statusLabel(status: string): string {
  return status
    .split("_")
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** 'N Call' / 'N Calls'; 'N+ Calls' when the server stopped counting at N. */
export const countLine = (n: number, capped = false) => (capped ? `${n}+ Calls` : `${n} ${n === 1 ? "Call" : "Calls"}`);

/** A cell a spreadsheet would run as a formula is prefixed with an apostrophe (as the server's export does). */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
const quote = (v: string) => `"${safeCell(v).replace(/"/g, '""')}"`;

/** The fallback CSV built from the rows on screen when the server export fails (spec section 8). */
export function rowsToCsv(rows: CallLogRow[]): string {
  const header = [
    "Name",
    "Phone",
    "Email",
    "Services/Product",
    "Budget",
    "Date & Time",
    "Lead Date & Time",
    "Status",
    "Direction",
    "Duration",
    "Summary",
    "Campaign",
    "Qualified",
    "Qualifying answers",
  ];
  const lines = rows.map((r) =>
    [
      r.name,
      r.phone,
      r.email,
      r.servicesProduct,
      r.budget,
      r.dateTime,
      r.leadDateTime,
      r.status,
      r.callDirection,
      r.duration,
      r.summary,
      r.campaign,
      r.qualifying.label ?? "",
      r.qualifying.answers.map((a) => `${a.name}: ${a.display}`).join("; "),
    ]
      .map(quote)
      .join(","),
  );
  return [header.map(quote).join(","), ...lines].join("\r\n") + "\r\n";
}

/**
 * The agent's reply time per turn: from the end of the lead's speech to the agent's first audio frame.
 * The greeting (and anything said before the lead spoke) answers nobody, so it has no reply time.
 */
export function replyLatencies(marks: Array<Record<string, number>>): Array<{ turn: number; ms: number }> {
  return marks.flatMap((m) =>
    m.firstFrameSent !== undefined &&
    m.endOfSpeech !== undefined &&
    m.endOfSpeech > 0 &&
    m.firstFrameSent >= m.endOfSpeech
      ? [{ turn: m.turn ?? 0, ms: Math.round(m.firstFrameSent - m.endOfSpeech) }]
      : [],
  );
}

const INTERVENTION_VERB = {
  listen: "listened in",
  take_over: "took over the call",
  hand_back: "handed the call back to the agent",
} as const;

type InterventionLine = {
  kind: keyof typeof INTERVENTION_VERB | "transfer";
  by_name: string | null;
  at: string;
  transfer?: { to: string; answered: boolean; detail: string | null } | null;
};

/** One transfer: where it went and whether the person answered (why not when they did not). */
function transferLine(t: NonNullable<InterventionLine["transfer"]>): string {
  if (t.answered) return `The agent transferred the call to ${t.to}: answered, caller and person connected`;
  return (
    `The agent tried to transfer the call to ${t.to}: not ` +
    `answered${t.detail ? ` (${t.detail.replace(/\.$/, "")})` : ""}, back to ` +
    "the agent"
  );
}

/**
 * "14:02:10 · Sam Lee took over the call", one line per listen, take-over and hand-back, and "14:03:00 · The agent
 * transferred the call to +15550102000: answered…" per transfer.
 */
export function interventionLines(list: InterventionLine[], viewerZone: string): string[] {
  return list.map((i) => {
    const time = formatClock(i.at, viewerZone, { seconds: true });
    if (i.kind === "transfer")
      return `${time} · ${transferLine(i.transfer ?? { to: "a person", answered: false, detail: null })}`;
    return `${time} · ${i.by_name ?? "A former team member"} ${INTERVENTION_VERB[i.kind]}`;
  });
}

/** The details section's title: what its lines are about. */
export function interventionsTitle(list: { kind: string }[]): string {
  const transfers = list.filter((i) => i.kind === "transfer").length;
  if (!transfers) return "Listened in and taken over";
  return transfers === list.length ? "Transferred to a person" : "Listened in, taken over and transferred";
}

/**
 * A transcript in the order its words were spoken. Turns are stored as they end, so a reply cut short or a
 * callee heard while the agent spoke can come after a turn that began later (1:09 listed before 1:00).
 */
export function inSpokenOrder<T extends { startMs: number }>(turns: readonly T[]): T[] {
  return turns
    .map((t, i) => ({ t, i }))
    .sort((a, b) => a.t.startMs - b.t.startMs || a.i - b.i)
    .map(({ t }) => t);
}

/**
 * The booked meeting on the viewer's clock, and on the contact's when that reads another time: the transcript says
 * the time the contact heard ("Tuesday at 10:00 AM" in Bogotá), which is not the hour the team sees (16:00 Berlin).
 */
export function bookedMeetingLine(
  m: { title: string; start_time: string; contact_timezone: string; status: string },
  viewerZone: string,
): string {
  const ours = formatDateTime(m.start_time, viewerZone);
  const line = [`${m.title} — ${ours}`];
  if (formatDateTime(m.start_time, m.contact_timezone) !== ours)
    line.push(`${formatDateTime(m.start_time, viewerZone, { zone: m.contact_timezone })} for the contact`);
  return `${line.join("; ")}${m.status === "cancelled" ? " (cancelled)" : ""}`;
}

// An ISO 8601 date-time with its offset, as the agent notes a meeting's time ("2026-12-01T10:00:00-05:00").
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An extracted field as shown: a moment on the viewer's clock like every other time, anything else as written. */
export function extractedValue(value: string, viewerZone: string): string {
  return ISO_INSTANT.test(value.trim()) ? formatDateTime(value.trim(), viewerZone) : value;
}
