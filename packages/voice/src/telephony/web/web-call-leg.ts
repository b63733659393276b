import { createFramer } from "../../audio/frames.ts";
import type { CallLeg, EndReason, LegEvent } from "../call-leg.ts";
import { bytesToPcm16, pcm16ToBytes } from "./pcm-bytes.ts";

export const WEB_SAMPLE_RATE = 16_000;

/** The agent counts as silent once no frame has been sent for this long (frames come every 20 ms). */
const SPEAKING_IDLE_MS = 120;

/** The part of a `ws` WebSocket the leg uses (a fake in unit tests). */
export type WebSocketLike = {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string | Buffer): void;
  close(code?: number, reason?: string): void;
  on(event: "message", cb: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: "close", cb: () => void): unknown;
};

/** A control message from the browser, already validated by the caller (the server owns the schemas). */
export type WebClientControl = { type: "start" } | { type: "hangup" };

export type WebCallLeg = {
  leg: CallLeg;
  /** Sends one JSON control message (transcript turn, ended…) while the socket is open. */
  sendJson(msg: object): void;
  /** Closes the socket (after the final message); ends the leg if it is still live. */
  close(code?: number, reason?: string): void;
  readonly started: boolean;
  readonly ended: boolean;
};

/**
 * A CallLeg over the browser's WebSocket: binary messages are PCM16 LE 16 kHz mono both ways, text
 * messages are JSON control. The browser "answers" with `start` once its microphone and speaker are ready;
 * audio before that is dropped, so the agent never greets into a page that cannot play it yet.
 */
export function createWebCallLeg(
  socket: WebSocketLike,
  parseControl: (text: string) => WebClientControl | null,
): WebCallLeg {
  const listeners: ((e: LegEvent) => void)[] = [];
  const backlog: LegEvent[] = [];
  const emit = (e: LegEvent) => void (listeners.length ? listeners.forEach((l) => void l(e)) : backlog.push(e));
  const framer = createFramer(WEB_SAMPLE_RATE);
  const carry = { byte: null as number | null };
  let started = false;
  let ended = false;
  let speaking = false;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  const open = () => socket.readyState === socket.OPEN;
  const sendJson = (msg: object) => {
    if (open()) socket.send(JSON.stringify(msg));
  };
  const setSpeaking = (now: boolean) => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (speaking === now) return;
    speaking = now;
    sendJson({ type: "agent_speaking", speaking });
  };
  const end = (reason: EndReason) => {
    if (ended) return;
    ended = true;
    setSpeaking(false);
    emit({ type: "ended", reason });
  };

  socket.on("message", (data, isBinary) => {
    if (ended) return;
    const buf = toBuffer(data);
    if (isBinary) {
      if (!started) return;
      for (const frame of framer.push(bytesToPcm16(buf, carry))) emit({ type: "audio", frame });
      return;
    }
    const msg = parseControl(buf.toString("utf8"));
    if (msg?.type === "start" && !started) {
      started = true;
      emit({ type: "answered" });
    } else if (msg?.type === "hangup") end(started ? "completed" : "cancelled");
  });
  socket.on("close", () => end(started ? "completed" : "cancelled"));

  const leg: CallLeg = {
    sampleRate: WEB_SAMPLE_RATE,
    on(l) {
      listeners.push(l);
      if (listeners.length === 1) backlog.splice(0).forEach(l);
    },
    send(frame) {
      if (ended || !open()) return;
      socket.send(pcm16ToBytes(frame));
      setSpeaking(true);
      idleTimer = setTimeout(() => setSpeaking(false), SPEAKING_IDLE_MS);
    },
    // The browser queues a little audio ahead of playback; on barge-in it must drop it at once.
    clear() {
      sendJson({ type: "clear" });
      setSpeaking(false);
    },
    hangup: () => end("completed"),
  };

  return {
    leg,
    sendJson,
    close(code = 1000, reason = "") {
      end(started ? "completed" : "cancelled");
      if (open()) socket.close(code, reason);
    },
    get started() {
      return started;
    },
    get ended() {
      return ended;
    },
  };
}

function toBuffer(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
