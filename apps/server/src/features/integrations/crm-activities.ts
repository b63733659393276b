import type { CallDetail } from "@parley/shared/call-history";
import type { AnswerWrite, CrmActivity } from "./crm-provider.ts";

type Call = CallDetail["call"];
type CallActivity = Extract<CrmActivity, { kind: "call" }>;

/** A CRM note is read on a contact's timeline: the whole summary, then the opening of the conversation. */
export const TRANSCRIPT_EXCERPT_CHARS = 1500;
const LINE_ENDINGS = new Set<CallActivity["status"]>(["busy", "no_answer", "failed", "dropped"]);

/** "Interested", "Do not call", "No answer": Parley's outcome words as a reader sees them. */
export const outcomeWords = (s: string) => {
  const words = s.replace(/_/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : "Unknown";
};

/** The first turns of the transcript, whole, up to `max` characters; "…" says more was said. */
export function transcriptExcerpt(turns: Call["transcript"], max = TRANSCRIPT_EXCERPT_CHARS): string {
  const lines: string[] = [];
  let used = 0;
  for (const t of turns) {
    const line = `${t.speaker === "agent" ? "Agent" : "Lead"}: ${t.text.trim()}`;
    if (used + line.length > max) {
      // A first turn longer than the whole excerpt is cut rather than leaving the excerpt empty.
      if (!lines.length) lines.push(`${line.slice(0, max - 1)}…`);
      else lines.push("…");
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines.join("\n");
}

function callActivity(call: Call, contactId: string, recordingUrl: string | null): CallActivity {
  const outcome = call.outcome ?? call.status;
  // The log status already says how the line ended when nobody talked; an answered call is "completed".
  const status: CallActivity["status"] = LINE_ENDINGS.has(call.status as CallActivity["status"])
    ? (call.status as CallActivity["status"])
    : "completed";
  const excerpt = transcriptExcerpt(call.transcript);
  const body = [
    `Outcome: ${outcomeWords(outcome)}`,
    call.campaign_name ? `Campaign: ${call.campaign_name}` : null,
    call.summary.trim() ? `Summary: ${call.summary.trim()}` : null,
    excerpt ? `Transcript (excerpt):\n${excerpt}` : null,
    recordingUrl ? `Recording: ${recordingUrl}` : null,
  ].filter((l): l is string => l !== null);
  return {
    kind: "call",
    contactId,
    title: `Parley AI call${call.campaign_name ? ` (${call.campaign_name})` : ""}: ${outcomeWords(outcome)}`,
    outcome,
    status,
    direction: call.direction,
    body: body.join("\n\n"),
    toNumber: call.lead_phone,
    startedAt: call.started_at,
    durationMs: Math.max(0, Math.round(call.call_duration_secs * 1000)),
    recordingUrl,
  };
}

/** The call's answered fields that are mapped to a property (field key → property); "not answered" writes nothing. */
export function answerWrites(call: Call, properties: ReadonlyMap<string, string>): AnswerWrite[] {
  return (call.outcome_fields?.answers ?? []).flatMap((a) => {
    const property = properties.get(a.key);
    if (!property || !a.answered || a.value === null) return [];
    return [{ property, field: a.name, type: a.type, value: a.value }];
  });
}

/**
 * What a finished call writes back to the contact's CRM record: always the call itself; the meeting the agent
 * booked on it (unless cancelled before the call was written); the opt-out when the callee asked never to be
 * called again; its answers to the properties they are mapped to. `recordingUrl` is absolute or null.
 */
export function callActivities(
  call: Call,
  contactId: string,
  recordingUrl: string | null,
  answerProperties: ReadonlyMap<string, string> = new Map(),
): CrmActivity[] {
  const activities: CrmActivity[] = [callActivity(call, contactId, recordingUrl)];
  if (call.meeting && call.meeting.status !== "cancelled") {
    activities.push({
      kind: "meeting",
      contactId,
      title: call.meeting.title,
      body: [
        "Booked by Parley's AI agent during a call to " +
          `${call.lead_phone}${call.summary.trim() ? `: ${call.summary.trim()}` : "."}`,
        ...(call.meeting.meeting_url ? [`Join: ${call.meeting.meeting_url}`] : []),
      ].join("\n\n"),
      startAt: call.meeting.start_time,
      endAt: call.meeting.end_time,
      meetingUrl: call.meeting.meeting_url,
    });
  }
  if (call.outcome === "do_not_call") {
    activities.push({
      kind: "do_not_call",
      contactId,
      reason: "Asked not to be called again during a Parley call.",
      at: call.ended_at ?? call.started_at,
    });
  }
  const answers = answerWrites(call, answerProperties);
  if (answers.length) activities.push({ kind: "answers", contactId, answers });
  return activities;
}
