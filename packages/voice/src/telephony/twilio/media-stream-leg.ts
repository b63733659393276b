import type { WebSocket } from "ws";
import { decodeMulaw, encodeMulaw } from "../../audio/mulaw.ts";
import { createFramer } from "../../audio/frames.ts";
import type { CallLeg, EndReason, LegEvent } from "../call-leg.ts";

export const TWILIO_SAMPLE_RATE = 8000;

/** The inbound Media Streams messages Parley reads (Twilio sends more fields; they are ignored). */
type InboundMessage =
  | { event: "connected" }
  | {
      event: "start";
      streamSid?: string;
      start: { streamSid: string; callSid?: string; customParameters?: Record<string, string> };
    }
  | { event: "media"; media: { track?: string; payload: string } }
  | { event: "mark"; mark?: { name?: string } }
  | { event: "dtmf"; dtmf: { digit: string } }
  | { event: "stop" };

/** Parses one Media Streams text message; anything malformed answers null and is dropped. */
export function parseMediaMessage(data: string): InboundMessage | null {
  try {
    const msg = JSON.parse(data) as { event?: unknown };
    return typeof msg?.event === "string" ? (msg as InboundMessage) : null;
  } catch {
    return null;
  }
}

export type MediaStreamLeg = {
  leg: CallLeg;
  /** The Media Streams socket arrived for this call; `start` is the message that named the call. */
  attach(socket: WebSocket, start: Extract<InboundMessage, { event: "start" }>): void;
  emit(event: Exclude<LegEvent, { type: "ended" }>): void;
  /** Ends the leg once (later calls are ignored) and closes the socket. */
  end(reason: EndReason, detail?: string): void;
  readonly ended: boolean;
};

/**
 * A CallLeg over one Twilio Media Streams WebSocket: mu-law 8 kHz in base64 JSON both ways.
 * The leg exists from dial time; audio flows once `attach` hands it the socket.
 */
export function createMediaStreamLeg(opts: { hangup: () => void; onEnded?: () => void }): MediaStreamLeg {
  const { emit, on } = createEventHub();
  let socket: WebSocket | null = null;
  let streamSid = "";
  let ended = false;
  const framer = createFramer(TWILIO_SAMPLE_RATE);

  const sendJson = (msg: object) => {
    if (socket && !ended && socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
  };
  const end = (reason: EndReason, detail?: string) => {
    if (ended) return;
    ended = true;
    if (socket && socket.readyState === socket.OPEN) socket.close(1000);
    opts.onEnded?.();
    emit({ type: "ended", reason, ...(detail ? { detail } : {}) });
  };
  const onMessage = (raw: string) => {
    const msg = parseMediaMessage(raw);
    if (!msg || ended) return;
    if (msg.event === "media" && (msg.media.track ?? "inbound") === "inbound") {
      const pcm = decodeMulaw(Buffer.from(msg.media.payload, "base64"));
      for (const frame of framer.push(pcm)) emit({ type: "audio", frame });
    } else if (msg.event === "dtmf") emit({ type: "dtmf", digit: msg.dtmf.digit });
    else if (msg.event === "stop") end("completed");
  };
  const attach = (ws: WebSocket, start: Extract<InboundMessage, { event: "start" }>) => {
    if (ended) return void ws.close(1000);
    socket = ws;
    streamSid = start.start.streamSid ?? start.streamSid ?? "";
    ws.on("message", (data, isBinary) => {
      if (!isBinary) onMessage(data.toString());
    });
    ws.on("close", () => end("completed"));
    emit({ type: "answered" });
  };

  return {
    get ended() {
      return ended;
    },
    emit,
    end,
    attach,
    leg: {
      sampleRate: TWILIO_SAMPLE_RATE,
      on,
      send(frame) {
        sendJson({ event: "media", streamSid, media: { payload: Buffer.from(encodeMulaw(frame)).toString("base64") } });
      },
      // Twilio plays what it has buffered unless told to drop it: this is what makes barge-in quick.
      clear: () => sendJson({ event: "clear", streamSid }),
      hangup() {
        if (ended) return;
        opts.hangup();
        end("completed");
      },
    },
  };
}

/** Listeners of one leg; events that come before anyone listens (a callback racing the dial's return) wait. */
function createEventHub() {
  const listeners: ((e: LegEvent) => void)[] = [];
  const backlog: LegEvent[] = [];
  return {
    emit: (e: LegEvent) => void (listeners.length ? listeners.forEach((l) => void l(e)) : backlog.push(e)),
    on(l: (e: LegEvent) => void) {
      listeners.push(l);
      if (listeners.length === 1) backlog.splice(0).forEach(l);
    },
  };
}
