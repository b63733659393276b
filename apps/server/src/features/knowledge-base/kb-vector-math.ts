/** Vector arithmetic of the in-memory index: unit-length float32 rows in one flat array, dot products, top k. */

/** The vector scaled to unit length as float32, or null when it cannot be ranked (wrong length, NaN, all zero). */
export function unitVector(v: ArrayLike<number> | null | undefined, dims: number): Float32Array | null {
  if (!v || v.length !== dims || dims === 0) return null;
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    const x = v[i]!;
    if (!Number.isFinite(x)) return null;
    norm += x * x;
  }
  if (norm === 0) return null;
  const scale = 1 / Math.sqrt(norm);
  const out = new Float32Array(dims);
  for (let i = 0; i < dims; i++) out[i] = v[i]! * scale;
  return out;
}

/** Dot product of q with row `row` of a flat matrix of `q.length` columns (4-way unrolled: ~1.5x faster in V8). */
export function dotRow(m: Float32Array, row: number, q: Float32Array): number {
  const d = q.length;
  const o = row * d;
  let a = 0,
    b = 0,
    c = 0,
    e = 0,
    j = 0;
  for (; j + 3 < d; j += 4) {
    a += m[o + j]! * q[j]!;
    b += m[o + j + 1]! * q[j + 1]!;
    c += m[o + j + 2]! * q[j + 2]!;
    e += m[o + j + 3]! * q[j + 3]!;
  }
  for (; j < d; j++) a += m[o + j]! * q[j]!;
  return a + b + c + e;
}

/** The row of the flat matrix `centroids` (k rows) nearest q by dot product, among rows [from, to). */
export function nearestRow(centroids: Float32Array, q: Float32Array, from: number, to: number): number {
  let best = from;
  let bestScore = -Infinity;
  for (let r = from; r < to; r++) {
    const s = dotRow(centroids, r, q);
    if (s > bestScore) [best, bestScore] = [r, s];
  }
  return best;
}

/**
 * The best `limit` items by score, best first: a sorted array of at most `limit` entries that a candidate
 * enters only when it beats the worst kept (cheap for the few tens of results retrieval asks for).
 */
export class TopK<T> {
  readonly items: Array<{ item: T; score: number }> = [];
  constructor(private readonly limit: number) {}

  /** The score a candidate must beat to be kept. */
  get floor(): number {
    return this.items.length < this.limit ? -Infinity : this.items[this.items.length - 1]!.score;
  }

  push(item: T, score: number): void {
    if (this.limit <= 0 || score <= this.floor) return;
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.score < score) i--;
    this.items.splice(i, 0, { item, score });
    if (this.items.length > this.limit) this.items.pop();
  }
}

/** A small seeded generator (mulberry32): the same data gives the same index in every process. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
