import { z } from "zod";

/**
 * POST /api/calls: place one call now to a contact of a campaign. It keeps every rule of the dialer and
 * shares its lease on the contact; when a rule refuses, the answer is a 409 `conflict` whose `details`
 * is a `CallRefusal` (see `CallRefusedMessages`).
 */
export const PlaceCall = z.object({
  campaign_id: z.uuid("Campaign not found."),
  contact_id: z.uuid("Contact not found."),
});
export type PlaceCall = z.infer<typeof PlaceCall>;

/** Why a call could not be placed now (the `reason` in a 409's details). */
export const CallRefusalReason = z.enum([
  "contact_busy",
  "org_limit",
  "campaign_limit",
  "campaign_state",
  "do_not_call",
  "outside_hours",
  "no_window",
  "no_minutes",
  "inbound_campaign",
  "at_capacity",
]);
export type CallRefusalReason = z.infer<typeof CallRefusalReason>;
export const CallRefusal = z.object({
  reason: CallRefusalReason,
  /** outside_hours: when calling opens (ISO), and that instant on the contact's clock. */
  opens_at: z.string().optional(),
  contact_zone: z.string().optional(),
  contact_local_time: z.string().optional(),
  /** org_limit / campaign_limit: the limit that is reached; at_capacity: the calls this server can carry now. */
  limit: z.number().optional(),
});
export type CallRefusal = z.infer<typeof CallRefusal>;

/** The messages of those refusals, shared so the web and the server say the same thing. */
export const CallRefusedMessages = {
  contactBusy: "This contact is already on a call. Try again when that call has ended.",
  orgLimit: (n: number) =>
    `Your organisation's limit of ${n} simultaneous calls is reached. Try again when a call ends.`,
  campaignLimit: (n: number) =>
    `This campaign's limit of ${n} simultaneous calls is reached. Try again when one of its calls ends.`,
  campaignState: (status: string) => `This campaign is ${status}: it cannot place calls.`,
  doNotCall: "This number is on the do-not-call list.",
  outsideHours: (local: string, zone: string) =>
    `It is outside calling hours for this contact. Calling opens at ${local}, the contact's local time (${zone}).`,
  noWindow: "No hour is inside calling hours in every time zone of this number's country, so it cannot be called.",
  noMinutes: "Your organisation has no conversation minutes left. Add minutes to place calls.",
  inboundCampaign:
    "This contact belongs to an inbound campaign: its contacts are the people who called in, and Parley never " +
    "dials them. Add the number to an outbound campaign to call it.",
  /** `capacity` says how many calls on how many cores ("At capacity: 4 calls on 2 cores; …"). */
  atCapacity: (capacity: string) =>
    `${capacity} This server places only the calls it can answer in real time: try again when a call ends.`,
} as const;

/** Why the dialer paused a campaign when the organisation's minutes ran out (the campaign's status_reason). */
export const OUT_OF_MINUTES_REASON = "Paused: your organisation has no minutes left.";

export const CallStatus = z.enum(["ringing", "in_progress", "completed", "no_answer", "busy", "failed"]);
export type CallStatus = z.infer<typeof CallStatus>;

export const PlacedCall = z.object({ call: z.object({ id: z.string(), status: CallStatus }) });
export type PlacedCall = z.infer<typeof PlacedCall>;

export const TranscriptTurn = z.object({
  speaker: z.enum(["agent", "callee"]),
  text: z.string(),
  startMs: z.number(),
  endMs: z.number(),
  interrupted: z.boolean().optional(),
});
export type TranscriptTurn = z.infer<typeof TranscriptTurn>;

/** One message of GET /api/calls/{id}/events (Server-Sent Events, `event: call`). */
export const LiveCall = z.object({
  id: z.string(),
  status: CallStatus,
  outcome: z.string().nullable(),
  answered_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_secs: z.number(),
  transcript: z.array(TranscriptTurn),
});
export type LiveCall = z.infer<typeof LiveCall>;
