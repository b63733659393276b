import {
  LISTEN_SAMPLE_RATE,
  LISTEN_SIDE,
  ListenClientMessage,
  type ListenServerMessage,
} from "@parley/shared/live-listen";
import { createFramer } from "@parley/voice/audio/frames";
import { bytesToPcm16, pcm16ToBytes } from "@parley/voice/telephony/web/pcm-bytes";
import type { WebSocketLike } from "@parley/voice/telephony/web/web-call-leg";
import { AppError, notFound } from "../../http/errors.ts";
import { parseSocketMessage } from "../../http/socket-message.ts";
import type { TicketHolder, TicketStore } from "../telephony/web-call-tickets.ts";
import type { Listener, LiveAudio } from "./live-audio.ts";

type Deps = {
  live: LiveAudio;
  tickets: TicketStore;
  /** The call exists in the organisation (live or not). */
  callExists(orgId: string, callId: string): Promise<boolean>;
  /** A person's name as the others listening see it. */
  personName(userId: string): Promise<string>;
};

/** Listening in on a live call and taking it over, over one WebSocket per person (see shared/live-listen.ts). */
export function createListenService(deps: Deps) {
  return {
    async issueTicket(orgId: string, userId: string, callId: string) {
      if (!(await deps.callExists(orgId, callId))) throw notFound("Call");
      if (!deps.live.isLive(orgId, callId)) throw new AppError("conflict", "This call is not on the line now.");
      const ticket = await deps.tickets.issue({ orgId, userId, subject: callId });
      const ws_url = `/api/media/listen?${new URLSearchParams({ call_id: callId, ticket })}`;
      return { ticket, ws_url, expires_in_secs: deps.tickets.ttlSecs };
    },

    redeem: (ticket: string, callId: string) => deps.tickets.redeem(ticket, callId),

    /** Joins the call on an accepted socket until the call ends or the socket closes. */
    async run(socket: WebSocketLike, holder: TicketHolder): Promise<void> {
      const open = () => socket.readyState === socket.OPEN;
      const send = (m: ListenServerMessage) => void (open() && socket.send(JSON.stringify(m)));
      const name = await deps.personName(holder.userId);
      const listener: Listener = {
        userId: holder.userId,
        name,
        frame(side, frame) {
          if (!open()) return;
          const bytes = pcm16ToBytes(frame);
          socket.send(Buffer.concat([Buffer.of(LISTEN_SIDE[side]), bytes]));
        },
        state: (heldBy) => send({ type: "state", held_by: heldBy?.name ?? null, you: heldBy === listener }),
        ended() {
          send({ type: "ended" });
          if (open()) socket.close(1000, "The call ended.");
        },
      };
      const listening = deps.live.join(holder.orgId, holder.subject, listener);
      if (!listening) {
        send({ type: "error", message: "This call is not on the line now." });
        return socket.close(4404, "The call is not live.");
      }
      const framer = createFramer(LISTEN_SAMPLE_RATE);
      const carry = { byte: null as number | null };
      socket.on("message", (data, isBinary) => {
        const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (isBinary) {
          for (const frame of framer.push(bytesToPcm16(buf, carry))) listening.staffFrame(frame);
          return;
        }
        const msg = parseSocketMessage(ListenClientMessage, buf.toString("utf8"));
        if (msg?.type === "take_over" && !listening.takeOver())
          send({ type: "error", message: "Someone else has taken over this call." });
        else if (msg?.type === "hand_back") listening.handBack();
      });
      socket.on("close", () => listening.leave());
    },
  };
}
export type ListenService = ReturnType<typeof createListenService>;
