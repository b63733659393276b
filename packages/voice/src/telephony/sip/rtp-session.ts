import crypto from "node:crypto";
import type { LegEvent } from "../call-leg.ts";
import { createFramer } from "../../audio/frames.ts";
import { createJitterBuffer } from "./jitter-buffer.ts";
import { openRtpCodec, type RtpCodec } from "./rtp-codec.ts";
import { openRtpSocket, wallNow } from "./rtp-io.ts";
import { buildRtp, parseRtp, parseTelephoneEvent } from "./rtp.ts";
import { reachAt } from "./nat.ts";
import type { HostPort } from "./sip-wire.ts";
import type { SdpAnswer } from "./sdp.ts";

/** The RTP clock of every codec carried (G.722's too, RFC 3551 §4.5.2). */
export const RTP_RATE = 8000;
const TICKS = 160; // of the RTP clock in a 20 ms packet
const FRAME_MS = 20;
/**
 * How far ahead of now a talkspurt's first packet is scheduled: the main thread's event loop may run this
 * late (a call's speech results, the brain, the database) without a packet leaving late, since the RTP thread
 * sends each at its own time. It is also the delay the agent's voice gains; `npm run bench -- sip-rtp` shows
 * whether a loaded event loop overruns it.
 */
export const SEND_LEAD_MS = 60;

export type RtpSessionEvents = {
  onFrame: (frame: Int16Array) => void;
  onDtmf: (digit: string) => void;
  /** No RTP for `silenceMs` once media started: the far end (or the network) is gone. */
  onSilence: () => void;
};

export type RtpPortRange = { min: number; max: number };

/**
 * One call's media: a UDP socket on an even port of RTP_PORTS (RFC 3550 §11), audio out in the negotiated
 * codec (G.711, or G.722 at 16 kHz) as the session paces it (one packet per 20 ms frame, each sent at its own
 * time by the RTP thread, rtp-io.ts), and in through a small jitter buffer, decoded in sequence order (G.722
 * predicts each sample from those before); RFC 4733 events become digits. The first address RTP comes from is
 * latched: packets from any other, of other payload types, or malformed are dropped. Audio goes to the address
 * the SDP names, or to the latched one when the SDP names an unroutable address it does not come from (a phone
 * or PBX behind NAT: symmetric RTP, as Asterisk's comedia).
 */
export async function openRtpSession(
  o: { bindHost: string; ports: RtpPortRange; silenceMs: number } & RtpSessionEvents,
) {
  let remote: SdpAnswer | null = null;
  let closed = false;
  const ssrc = crypto.randomBytes(4).readUInt32BE(0);
  let seq = crypto.randomInt(0, 0xffff);
  let timestamp = crypto.randomInt(0, 0x7fffffff);
  let clockStart = 0; // wallNow() time of the first packet
  const tsStart = timestamp;
  let nextAt = 0; // when the next packet of this talkspurt leaves
  let lastHeard = 0;
  let silenceTimer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let remoteSsrc: number | null = null;
  let latched: string | null = null;
  let sendTo: HostPort | null = null; // the SDP's address, or where its RTP comes from when behind NAT
  let lastEventTs: number | null = null;
  let codec: RtpCodec | null = null;
  let framer = createFramer(RTP_RATE);
  const jitter = createJitterBuffer<Uint8Array>({
    release: (payload) => {
      if (!codec) return;
      const pcm = payload ? codec.decode(payload) : new Int16Array(codec.rate / 50); // a lost packet: 20 ms of silence
      for (const frame of framer.push(pcm)) o.onFrame(frame);
    },
  });

  const socket = await openRtpSocket(o.bindHost, o.ports, (buf, from) => {
    if (closed || !remote) return;
    const p = parseRtp(buf);
    if (!p) return;
    // The first source is latched and others dropped: a far end behind NAT (or on several interfaces)
    // sends from another address than its SDP names, and anything else is noise or an injection attempt.
    const source = `${from.address}:${from.port}`;
    if (!latched) {
      latched = source;
      sendTo = reachAt(remote, { host: from.address, port: from.port });
    } else if (source !== latched) return;
    lastHeard = performance.now();
    if (remoteSsrc !== p.ssrc) {
      remoteSsrc = p.ssrc;
      jitter.reset();
    }
    if (remote.eventPayloadType !== null && p.payloadType === remote.eventPayloadType) {
      const ev = parseTelephoneEvent(p.payload);
      // One event is many packets with one timestamp (RFC 4733 §2.5.1.2): report it once.
      if (ev && p.timestamp !== lastEventTs) {
        lastEventTs = p.timestamp;
        o.onDtmf(ev.digit);
      }
      return;
    }
    if (p.payloadType !== remote.payloadType) return;
    if (p.payload.length === 0 || p.payload.length > 1600) return;
    jitter.push(p.seq, p.payload);
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = setTimeout(() => jitter.flush(), 80);
  });

  // Reports every `silenceMs` without a packet and keeps watching: early media (183) that stops before the
  // answer is reported too, and the call (which acts only once answered) still gets its own full period.
  function watchSilence(): void {
    silenceTimer = setTimeout(
      () => {
        if (closed) return;
        if (performance.now() - lastHeard >= o.silenceMs) {
          lastHeard = performance.now();
          o.onSilence();
        }
        watchSilence();
      },
      Math.max(50, o.silenceMs - (performance.now() - lastHeard)),
    );
  }

  return {
    port: socket.port,
    /** The answer arrived (or a re-INVITE moved the media): media flows to its address and the silence clock runs. */
    start(answer: SdpAnswer): void {
      if (codec?.codec !== answer.codec) {
        codec?.close();
        codec = openRtpCodec(answer.codec);
        framer = createFramer(codec.rate);
        jitter.reset();
      }
      remote = answer;
      latched = null;
      sendTo = null;
      lastHeard = performance.now();
      if (!silenceTimer) watchSilence();
    },
    send(frame: Int16Array): void {
      if (closed || !remote || !codec) return;
      // Frames of one talkspurt leave 20 ms apart on their own schedule, whenever this thread handed them
      // over; a frame later than that schedule allows (a pause, or this thread stalled past the lead)
      // starts a new one.
      const now = wallNow();
      const at = nextAt > now ? nextAt : now + SEND_LEAD_MS;
      nextAt = at + FRAME_MS;
      if (!clockStart) clockStart = at;
      // The session sends nothing while the agent is silent: after a pause the timestamp jumps to the
      // wall clock and the marker bit starts the talkspurt (RFC 3551 §4.1), so the far end keeps time.
      const wallTs = tsStart + Math.round(((at - clockStart) * RTP_RATE) / 1000);
      let marker = false;
      if (((wallTs - timestamp) | 0) > 3 * TICKS) {
        timestamp = wallTs;
        marker = true;
      }
      const packet = buildRtp({ payloadType: remote.payloadType, marker, seq, timestamp, ssrc }, codec.encode(frame));
      seq = (seq + 1) & 0xffff;
      timestamp = (timestamp + Math.round((frame.length * RTP_RATE) / codec.rate)) >>> 0;
      const to = sendTo ?? remote;
      socket.sendAt(packet, to.host, to.port, at);
    },
    /**
     * Barge-in: the agent's audio not yet sent (up to SEND_LEAD_MS of it) is dropped, and what follows starts
     * a new talkspurt. The dropped packets' sequence numbers are not reused: the far end counts them as lost.
     */
    clear(): void {
      socket.dropUnsent();
      nextAt = 0;
    },
    close(): void {
      if (closed) return;
      closed = true;
      if (silenceTimer) clearTimeout(silenceTimer);
      if (flushTimer) clearTimeout(flushTimer);
      socket.close();
      codec?.close();
    },
  };
}

export type RtpSession = Awaited<ReturnType<typeof openRtpSession>>;

/**
 * The RTP of one SIP call leg, placed or received: frames and digits reach the leg only once it is answered,
 * and silence past the limit on an answered call (or from `watched` on, when given) drops it, naming who went
 * quiet.
 */
export function openLegRtp(
  o: { rtpHost: string; rtpPorts: RtpPortRange; silenceTimeoutMs: number },
  leg: { answered(): boolean; watched?(): boolean; emit(e: LegEvent): void; drop(detail: string): void },
  farEnd: "caller" | "callee",
): Promise<RtpSession> {
  return openRtpSession({
    bindHost: o.rtpHost,
    ports: o.rtpPorts,
    silenceMs: o.silenceTimeoutMs,
    onFrame: (frame) => leg.answered() && leg.emit({ type: "audio", frame }),
    onDtmf: (digit) => leg.answered() && leg.emit({ type: "dtmf", digit }),
    onSilence: () =>
      (leg.watched ?? leg.answered)() &&
      leg.drop(`No audio from the ${farEnd} for ${Math.round(o.silenceTimeoutMs / 1000)} s: the call was dropped.`),
  });
}
