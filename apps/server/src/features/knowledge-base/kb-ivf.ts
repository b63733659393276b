import { dotRow, nearestRow, TopK } from "./kb-vector-math.ts";

/**
 * An inverted-file (IVF) index over unit vectors: spherical k-means cuts the space into about √n lists
 * around centroids, each vector belongs to its nearest list, and a question scans only the vectors of the
 * lists nearest it. A vector is placed against every centroid (n·k·d multiply-adds, done in slices in the
 * background): a two-level tree placing it against √k + √k centroids is cheaper but, on embeddings without a
 * coarse structure, puts many vectors in the wrong list and loses recall.
 *
 * Written here rather than taken from a library: the npm ANN packages (hnswlib-node, faiss-node) are native
 * addons built or downloaded at install; this is plain TypeScript that installs nowhere and follows documents
 * added and removed by other processes (kb-vector-index.ts) with no index file to keep in step.
 */
export type Ivf = {
  dims: number;
  /** lists × dims */
  centroids: Float32Array;
  /** How many vectors it was trained for (retrained when the organisation doubles or halves). */
  builtFor: number;
};

/** Lists a question probes, as a share of all lists (see the bench for recall and time at 100,000 passages). */
export const PROBE_SHARE = 0.1;
const MAX_LISTS = 256;
const SAMPLE_PER_LIST = 32;
const ITERATIONS = 6;
// Multiply-adds between two pauses (a few ms): questions keep being answered while an index is built.
const WORK_PER_SLICE = 4_000_000;

export const listCount = (ivf: Ivf) => ivf.centroids.length / ivf.dims;

/** About √n lists of about √n vectors, at most MAX_LISTS (a list's uint16 number, and placing cost, stay small). */
export const listsFor = (n: number) => Math.max(2, Math.min(MAX_LISTS, Math.round(Math.sqrt(n))));
/** How many vectors the centroids are trained on. */
export const sampleFor = (n: number) => Math.min(n, listsFor(n) * SAMPLE_PER_LIST);

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The nearest centroid of each row of `matrix`, computed a slice at a time with pauses between slices. */
export async function assignLists(ivf: Ivf, matrix: Float32Array): Promise<Uint16Array> {
  const d = ivf.dims;
  const k = listCount(ivf);
  const out = new Uint16Array(matrix.length / d);
  const slice = Math.max(1, Math.floor(WORK_PER_SLICE / (k * d)));
  for (let from = 0; from < out.length; from += slice) {
    for (let i = from; i < Math.min(out.length, from + slice); i++)
      out[i] = nearestRow(ivf.centroids, matrix.subarray(i * d, (i + 1) * d), 0, k);
    await pause();
  }
  return out;
}

/**
 * Spherical k-means of `sample` (rows of unit vectors) for an organisation of `total` vectors. Starts from
 * distinct rows drawn by `rnd`; a centroid left without rows moves onto a random row.
 */
export async function trainIvf(sample: Float32Array, dims: number, total: number, rnd: () => number): Promise<Ivf> {
  const n = sample.length / dims;
  const k = Math.min(listsFor(total), n);
  const centroids = new Float32Array(k * dims);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rnd() * (n - i));
    [order[i], order[j]] = [order[j]!, order[i]!];
    centroids.set(sample.subarray(order[i]! * dims, (order[i]! + 1) * dims), i * dims);
  }
  const ivf: Ivf = { dims, centroids, builtFor: total };
  const sums = new Float64Array(k * dims);
  const sizes = new Int32Array(k);
  for (let it = 0; it < ITERATIONS; it++) {
    const lists = await assignLists(ivf, sample);
    sums.fill(0);
    sizes.fill(0);
    lists.forEach((c, i) => {
      sizes[c]!++;
      for (let j = 0; j < dims; j++) sums[c * dims + j]! += sample[i * dims + j]!;
    });
    for (let c = 0; c < k; c++) {
      const row = sizes[c] ? c : Math.floor(rnd() * n);
      let norm = 0;
      for (let j = 0; j < dims; j++) norm += (sizes[c] ? sums[c * dims + j]! : sample[row * dims + j]!) ** 2;
      const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      for (let j = 0; j < dims; j++)
        centroids[c * dims + j] = (sizes[c] ? sums[c * dims + j]! : sample[row * dims + j]!) * scale;
    }
  }
  return ivf;
}

/** Which lists a question `q` (a unit vector) scans: the `probes` lists whose centroids are nearest it. */
export function probeLists(ivf: Ivf, q: Float32Array, probes = Math.ceil(listCount(ivf) * PROBE_SHARE)): Uint8Array {
  const count = listCount(ivf);
  const best = new TopK<number>(probes);
  for (let l = 0; l < count; l++) best.push(l, dotRow(ivf.centroids, l, q));
  const mask = new Uint8Array(count);
  for (const { item } of best.items) mask[item] = 1;
  return mask;
}
