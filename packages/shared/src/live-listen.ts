import { z } from "zod";
import { SocketTicket } from "./web-call.ts";
import { CallTransfer } from "./call-transfer.ts";

/**
 * Listening in on a live call, and taking it over, from the browser (owners and admins). Audio travels as
 * binary WebSocket messages of PCM16 little-endian mono at LISTEN_SAMPLE_RATE: server → browser, one byte
 * naming the side (LISTEN_SIDE) and then one 20 ms frame; browser → server, the person's microphone while
 * they hold the call (any length). Everything else is one of the JSON messages below.
 */
export const LISTEN_SAMPLE_RATE = 16_000;
export const LISTEN_SIDE = { agent: 0, callee: 1 } as const;

/** POST /api/calls/{id}/listen: the socket's path is `/api/media/listen?call_id=…&ticket=…`. */
export const ListenTicket = SocketTicket;
export type ListenTicket = z.infer<typeof ListenTicket>;

/** Query of GET /api/media/listen (the WebSocket upgrade). */
export const ListenQuery = z.object({
  call_id: z.uuid("Call not found."),
  ticket: z.string().min(1, "A listening ticket is required."),
});

/** Browser → server. */
export const ListenClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("take_over") }),
  z.object({ type: z.literal("hand_back") }),
]);
export type ListenClientMessage = z.infer<typeof ListenClientMessage>;

/** Server → browser. */
export const ListenServerMessage = z.discriminatedUnion("type", [
  /** Who holds the call now (null: the agent); `you` when it is this socket's person. Sent on join and on change. */
  z.object({ type: z.literal("state"), held_by: z.string().nullable(), you: z.boolean() }),
  /** The call is over; the server closes the socket next. */
  z.object({ type: z.literal("ended") }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);
export type ListenServerMessage = z.infer<typeof ListenServerMessage>;

/**
 * A person listening in, taking over or handing back, as the call's details show it — or the agent putting
 * the caller through to a person (`transfer`, by_name null: the agent did it), with where it went and whether
 * the person answered.
 */
export const CallIntervention = z.object({
  kind: z.enum(["listen", "take_over", "hand_back", "transfer"]),
  /** Null once the person's account is deleted, and for a transfer. */
  by_name: z.string().nullable(),
  at: z.string(),
  transfer: CallTransfer.omit({ at: true }).nullable().optional(),
});
export type CallIntervention = z.infer<typeof CallIntervention>;
