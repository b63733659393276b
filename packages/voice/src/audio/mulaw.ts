/**
 * G.711 mu-law, the codec of Twilio Media Streams (8 kHz, one byte a sample).
 * Classic segment encoding: bias 0x84, clip at 32635, bits inverted on the wire.
 */
const BIAS = 0x84;
const CLIP = 32635;

export function encodeMulawSample(pcm: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(pcm)));
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  s = Math.min(s, CLIP) + BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function decodeMulawSample(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

// Decoding is a 256-entry lookup: it runs for every inbound sample of every call.
const DECODE_TABLE = Int16Array.from({ length: 256 }, (_, b) => decodeMulawSample(b));

export function encodeMulaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = encodeMulawSample(pcm[i]!);
  return out;
}

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = DECODE_TABLE[bytes[i]!]!;
  return out;
}
