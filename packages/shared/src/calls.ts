import { z } from "zod";

/** POST /api/calls: place one call now to a contact of a campaign (outside the dialer's queue). */
export const PlaceCall = z.object({
  campaign_id: z.uuid("Campaign not found."),
  contact_id: z.uuid("Contact not found."),
});
export type PlaceCall = z.infer<typeof PlaceCall>;

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
