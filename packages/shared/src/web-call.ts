import { z } from "zod";
import { TranscriptTurn } from "./calls.ts";

/**
 * The browser test call ("Test call" on Campaign setup). Audio travels as binary WebSocket messages:
 * PCM16 little-endian, mono, WEB_CALL_SAMPLE_RATE, in both directions (the browser sends any length,
 * the server sends 20 ms frames). Everything else is one of the JSON messages below.
 */
export const WEB_CALL_SAMPLE_RATE = 16_000;

/** A single-use ticket for one of Parley's WebSockets, because a browser cannot set headers on a WebSocket. */
export const SocketTicket = z.object({
  ticket: z.string(),
  /**
   * Path and query of the socket on this server (`/api/media/web?campaign_id=…&ticket=…`); the page adds ws(s)://host.
   */
  ws_url: z.string(),
  expires_in_secs: z.number(),
});

/** POST /api/campaigns/{id}/test-call. */
export const TestCallTicket = SocketTicket;
export type TestCallTicket = z.infer<typeof TestCallTicket>;

/** Query of GET /api/media/web (the WebSocket upgrade). */
export const WebCallQuery = z.object({
  campaign_id: z.uuid("Campaign not found."),
  ticket: z.string().min(1, "A test-call ticket is required."),
});

/** Browser → server. `start` once the microphone and the speaker are ready (the agent greets then). */
export const WebCallClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start") }),
  z.object({ type: z.literal("hangup") }),
]);
export type WebCallClientMessage = z.infer<typeof WebCallClientMessage>;

export const WebCallEndReason = z.enum(["completed", "no_answer", "busy", "failed", "cancelled", "dropped"]);

/** Server → browser. */
export const WebCallServerMessage = z.discriminatedUnion("type", [
  /** The socket is accepted and the call row exists; the server waits for `start`. */
  z.object({ type: z.literal("ready"), call_id: z.string(), sample_rate: z.literal(WEB_CALL_SAMPLE_RATE) }),
  /** A finished turn of the live transcript (the agent's once played: only what was really heard). */
  z.object({ type: z.literal("transcript"), turn: TranscriptTurn }),
  /** The agent started or stopped sending audio. */
  z.object({ type: z.literal("agent_speaking"), speaking: z.boolean() }),
  /** Barge-in: drop agent audio queued for playback now. */
  z.object({ type: z.literal("clear") }),
  /** The call is over and its record is saved; the server closes the socket next. */
  z.object({ type: z.literal("ended"), call_id: z.string(), reason: WebCallEndReason, outcome: z.string().nullable() }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type WebCallServerMessage = z.infer<typeof WebCallServerMessage>;
