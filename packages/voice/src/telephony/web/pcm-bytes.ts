/**
 * PCM16 little-endian on the wire, whatever the host's byte order. A WebSocket message may end in the
 * middle of a sample (nothing forces the browser to send even lengths), so an odd byte waits in `carry`.
 */
export function bytesToPcm16(buf: Uint8Array, carry: { byte: number | null }): Int16Array {
  const head = carry.byte === null ? 0 : 1;
  const total = head + buf.length;
  const out = new Int16Array(Math.floor(total / 2));
  const at = (i: number) => (i < head ? carry.byte! : buf[i - head]!);
  for (let i = 0; i < out.length; i++) {
    const v = at(2 * i) | (at(2 * i + 1) << 8);
    out[i] = v >= 0x8000 ? v - 0x10000 : v;
  }
  carry.byte = total % 2 === 1 ? at(total - 1) : null;
  return out;
}

export function pcm16ToBytes(frame: Int16Array): Buffer {
  const buf = Buffer.alloc(frame.length * 2);
  for (let i = 0; i < frame.length; i++) buf.writeInt16LE(frame[i]!, 2 * i);
  return buf;
}
