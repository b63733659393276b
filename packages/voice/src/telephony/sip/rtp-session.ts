import dgram from "node:dgram";
import crypto from "node:crypto";
import { decodeAlaw, encodeAlaw } from "../../audio/alaw.ts";
import type { LegEvent } from "../call-leg.ts";
import { createFramer } from "../../audio/frames.ts";
import { decodeMulaw, encodeMulaw } from "../../audio/mulaw.ts";
import { createJitterBuffer } from "./jitter-buffer.ts";
import { buildRtp, parseRtp, parseTelephoneEvent } from "./rtp.ts";
import type { SdpAnswer } from "./sdp.ts";

export const RTP_RATE = 8000;
const SAMPLES = 160; // 20 ms at 8 kHz

export type RtpSessionEvents = {
  onFrame: (frame: Int16Array) => void;
  onDtmf: (digit: string) => void;
  /** No RTP for `silenceMs` once media started: the far end (or the network) is gone. */
  onSilence: () => void;
};

export type RtpPortRange = { min: number; max: number };
const portsInUse = new Set<number>();

/**
 * One call's media: a UDP socket on an even port of RTP_PORTS (RFC 3550 §11), G.711 out as the session
 * paces it (one packet per 20 ms frame), and in through a small jitter buffer; RFC 4733 events become
 * digits. Packets from other addresses than the answer's, of other payload types, or malformed are dropped.
 */
export async function openRtpSession(o: { bindHost: string; ports: RtpPortRange; silenceMs: number } & RtpSessionEvents) {
  const { socket, port } = await bindEvenPort(o.bindHost, o.ports);
  let remote: SdpAnswer | null = null;
  let closed = false;
  const ssrc = crypto.randomBytes(4).readUInt32BE(0);
  let seq = crypto.randomInt(0, 0xffff);
  let timestamp = crypto.randomInt(0, 0x7fffffff);
  let clockStart = 0; // performance.now() at the first packet sent
  let tsStart = timestamp;
  let lastHeard = 0;
  let silenceTimer: NodeJS.Timeout | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let remoteSsrc: number | null = null;
  let latched: string | null = null;
  let lastEventTs: number | null = null;
  const framer = createFramer(RTP_RATE);
  const jitter = createJitterBuffer<Int16Array>({
    release: (pcm) => {
      for (const frame of framer.push(pcm ?? new Int16Array(SAMPLES))) o.onFrame(frame);
    },
  });

  socket.on("message", (buf, from) => {
    if (closed || !remote) return;
    const p = parseRtp(buf);
    if (!p) return;
    // The first source is latched and others dropped: a far end behind NAT (or on several interfaces)
    // sends from another address than its SDP names, and anything else is noise or an injection attempt.
    const source = `${from.address}:${from.port}`;
    if (!latched) latched = source;
    else if (source !== latched) return;
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
    if (p.payloadType !== 0 && p.payloadType !== 8) return;
    if (p.payload.length === 0 || p.payload.length > 1600) return;
    jitter.push(p.seq, p.payloadType === 0 ? decodeMulaw(p.payload) : decodeAlaw(p.payload));
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = setTimeout(() => jitter.flush(), 80);
  });
  socket.on("error", () => {}); // ICMP unreachable and the like: the silence timer decides

  // Reports every `silenceMs` without a packet and keeps watching: early media (183) that stops before the
  // answer is reported too, and the call (which acts only once answered) still gets its own full period.
  function watchSilence(): void {
    silenceTimer = setTimeout(() => {
      if (closed) return;
      if (performance.now() - lastHeard >= o.silenceMs) {
        lastHeard = performance.now();
        o.onSilence();
      }
      watchSilence();
    }, Math.max(50, o.silenceMs - (performance.now() - lastHeard)));
  }

  return {
    port,
    /** The answer arrived (or a re-INVITE moved the media): media flows to its address and the silence clock runs. */
    start(answer: SdpAnswer): void {
      remote = answer;
      latched = null;
      lastHeard = performance.now();
      if (!silenceTimer) watchSilence();
    },
    send(frame: Int16Array): void {
      if (closed || !remote) return;
      const now = performance.now();
      if (!clockStart) clockStart = now;
      // The session sends nothing while the agent is silent: after a pause the timestamp jumps to the
      // wall clock and the marker bit starts the talkspurt (RFC 3551 §4.1), so the far end keeps time.
      const wallTs = tsStart + Math.round(((now - clockStart) * RTP_RATE) / 1000);
      let marker = false;
      if (((wallTs - timestamp) | 0) > 3 * SAMPLES) {
        timestamp = wallTs;
        marker = true;
      }
      const payload = remote.codec === "PCMU" ? encodeMulaw(frame) : encodeAlaw(frame);
      const packet = buildRtp({ payloadType: remote.payloadType, marker, seq, timestamp, ssrc }, payload);
      seq = (seq + 1) & 0xffff;
      timestamp = (timestamp + frame.length) >>> 0;
      socket.send(packet, remote.port, remote.host);
    },
    close(): void {
      if (closed) return;
      closed = true;
      if (silenceTimer) clearTimeout(silenceTimer);
      if (flushTimer) clearTimeout(flushTimer);
      portsInUse.delete(port);
      socket.close();
    },
  };
}

export type RtpSession = Awaited<ReturnType<typeof openRtpSession>>;

/**
 * The RTP of one SIP call leg, placed or received: frames and digits reach the leg only once it is answered,
 * and silence past the limit on an answered call drops it, naming who went quiet.
 */
export function openLegRtp(
  o: { rtpHost: string; rtpPorts: RtpPortRange; silenceTimeoutMs: number },
  leg: { answered(): boolean; emit(e: LegEvent): void; drop(detail: string): void },
  farEnd: "caller" | "callee",
): Promise<RtpSession> {
  return openRtpSession({
    bindHost: o.rtpHost, ports: o.rtpPorts, silenceMs: o.silenceTimeoutMs,
    onFrame: (frame) => leg.answered() && leg.emit({ type: "audio", frame }),
    onDtmf: (digit) => leg.answered() && leg.emit({ type: "dtmf", digit }),
    onSilence: () => leg.answered() && leg.drop(`No audio from the ${farEnd} for ${Math.round(o.silenceTimeoutMs / 1000)} s: the call was dropped.`),
  });
}

async function bindEvenPort(host: string, range: RtpPortRange): Promise<{ socket: dgram.Socket; port: number }> {
  const first = range.min + (range.min % 2);
  const count = Math.floor((range.max - first) / 2) + 1;
  const offset = crypto.randomInt(0, Math.max(1, count));
  for (let i = 0; i < count; i++) {
    const port = first + ((offset + i) % count) * 2;
    if (portsInUse.has(port)) continue;
    portsInUse.add(port);
    const socket = dgram.createSocket(host.includes(":") ? "udp6" : "udp4");
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(port, host, () => {
          socket.off("error", reject);
          resolve();
        });
      });
      socket.unref();
      return { socket, port };
    } catch {
      portsInUse.delete(port);
      socket.close();
    }
  }
  throw new Error(`No free RTP port in RTP_PORTS ${range.min}-${range.max}.`);
}
