/**
 * G.711 A-law (ITU-T G.711; the segment tables of the classic Sun g711.c), the other codec of SIP phone
 * lines besides mu-law: 8 kHz, one byte a sample, even bits inverted on the wire (0x55).
 */
const SEG_END = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

export function encodeAlawSample(pcm: number): number {
  let v = Math.max(-32768, Math.min(32767, Math.round(pcm))) >> 3;
  let mask = 0xd5;
  if (v < 0) {
    mask = 0x55;
    v = -v - 1;
  }
  let seg = 0;
  while (seg < 8 && v > SEG_END[seg]!) seg++;
  if (seg >= 8) return 0x7f ^ mask;
  const aval = (seg << 4) | ((seg < 2 ? v >> 1 : v >> seg) & 0x0f);
  return aval ^ mask;
}

export function decodeAlawSample(byte: number): number {
  const a = byte ^ 0x55;
  let t = (a & 0x0f) << 4;
  const seg = (a & 0x70) >> 4;
  if (seg === 0) t += 8;
  else if (seg === 1) t += 0x108;
  else t = (t + 0x108) << (seg - 1);
  return a & 0x80 ? t : -t;
}

const DECODE_TABLE = Int16Array.from({ length: 256 }, (_, b) => decodeAlawSample(b));

export function encodeAlaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = encodeAlawSample(pcm[i]!);
  return out;
}

export function decodeAlaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = DECODE_TABLE[bytes[i]!]!;
  return out;
}
