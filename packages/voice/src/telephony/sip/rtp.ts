/**
 * RTP packets (RFC 3550 §5.1) and RFC 4733 telephone-event payloads. Parsing never throws: a packet that
 * is not RTP version 2 with a sane header answers null and is dropped.
 */
export type RtpPacket = {
  payloadType: number;
  marker: boolean;
  seq: number;
  timestamp: number;
  ssrc: number;
  payload: Buffer;
};

export function parseRtp(buf: Buffer): RtpPacket | null {
  if (buf.length < 12 || buf[0]! >> 6 !== 2) return null;
  const padding = (buf[0]! & 0x20) !== 0;
  const extension = (buf[0]! & 0x10) !== 0;
  const csrcs = buf[0]! & 0x0f;
  let offset = 12 + csrcs * 4;
  if (extension) {
    if (buf.length < offset + 4) return null;
    offset += 4 + buf.readUInt16BE(offset + 2) * 4;
  }
  let end = buf.length;
  if (padding) end -= buf[buf.length - 1]!;
  if (offset > end) return null;
  return {
    payloadType: buf[1]! & 0x7f,
    marker: (buf[1]! & 0x80) !== 0,
    seq: buf.readUInt16BE(2),
    timestamp: buf.readUInt32BE(4),
    ssrc: buf.readUInt32BE(8),
    payload: buf.subarray(offset, end),
  };
}

export function buildRtp(p: Omit<RtpPacket, "payload">, payload: Uint8Array): Buffer {
  const buf = Buffer.alloc(12 + payload.length);
  buf[0] = 0x80;
  buf[1] = (p.marker ? 0x80 : 0) | (p.payloadType & 0x7f);
  buf.writeUInt16BE(p.seq & 0xffff, 2);
  buf.writeUInt32BE(p.timestamp >>> 0, 4);
  buf.writeUInt32BE(p.ssrc >>> 0, 8);
  buf.set(payload, 12);
  return buf;
}

const EVENTS = "0123456789*#ABCD";

/** RFC 4733 §2.3: event (8 bits), E (end) bit, volume, duration. Events 0–15 are the DTMF digits. */
export function parseTelephoneEvent(payload: Buffer): { digit: string; end: boolean; duration: number } | null {
  if (payload.length < 4 || payload[0]! > 15) return null;
  return { digit: EVENTS[payload[0]!]!, end: (payload[1]! & 0x80) !== 0, duration: payload.readUInt16BE(2) };
}

/** seq a comes after b, modulo 2^16 (RFC 3550 appendix A.1 style). */
export function seqAfter(a: number, b: number): boolean {
  return a !== b && ((a - b) & 0xffff) < 0x8000;
}
