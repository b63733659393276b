import { seqAfter } from "./rtp.ts";

/**
 * A small reordering buffer for received RTP: packets are held until `depth` are waiting (60 ms at 20 ms
 * packets), then released in sequence order; a late or duplicate packet is dropped, and a short gap (a lost
 * packet) is filled with `null` so the listener can keep time with a silent frame. `flush` releases what is
 * held (the stream paused: nothing should wait for packets that are not coming).
 */
export function createJitterBuffer<T>(opts: { depth?: number; maxGap?: number; release: (item: T | null) => void }) {
  const depth = opts.depth ?? 3;
  const maxGap = opts.maxGap ?? 5;
  const held = new Map<number, T>();
  let last: number | null = null;

  function releaseOne(): void {
    let next: number | null = null;
    for (const seq of held.keys()) if (next === null || seqAfter(next, seq)) next = seq;
    if (next === null) return;
    const item = held.get(next)!;
    held.delete(next);
    if (last !== null) {
      const gap = ((next - last) & 0xffff) - 1;
      for (let i = 0; i < Math.min(gap, maxGap); i++) opts.release(null);
    }
    last = next;
    opts.release(item);
  }

  return {
    push(seq: number, item: T): void {
      if (last !== null && !seqAfter(seq, last)) return; // late (already played past) or a duplicate
      if (held.has(seq)) return;
      held.set(seq, item);
      while (held.size > depth) releaseOne();
    },
    flush(): void {
      while (held.size) releaseOne();
    },
    /** A new stream (another SSRC): sequence numbers start over. */
    reset(): void {
      held.clear();
      last = null;
    },
  };
}
