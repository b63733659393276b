import { test } from "node:test";
import assert from "node:assert/strict";
import { assignLists, listCount, probeLists, trainIvf } from "./kb-ivf.ts";
import { seededRandom, TopK, unitVector } from "./kb-vector-math.ts";

/** n unit vectors of `dims`, in `clusters` tight groups (cluster of row i: i % clusters). */
function clustered(n: number, dims: number, clusters: number, seed = 1): Float32Array {
  const rnd = seededRandom(seed);
  const centres = Array.from({ length: clusters }, () => Array.from({ length: dims }, () => rnd() * 2 - 1));
  const out = new Float32Array(n * dims);
  for (let i = 0; i < n; i++)
    out.set(
      unitVector(
        centres[i % clusters]!.map((x) => x + (rnd() - 0.5) * 0.2),
        dims,
      )!,
      i * dims,
    );
  return out;
}

test("unitVector scales to length 1 and refuses what cannot be ranked", () => {
  const v = unitVector([3, 4], 2)!;
  assert.ok(Math.abs(v[0]! - 0.6) < 1e-6 && Math.abs(v[1]! - 0.8) < 1e-6);
  assert.equal(unitVector([1, 2, 3], 2), null, "another length");
  assert.equal(unitVector([0, 0], 2), null, "no direction");
  assert.equal(unitVector([1, Number.NaN], 2), null);
  assert.equal(unitVector(null, 2), null);
});

test("TopK keeps the best scores, best first", () => {
  const top = new TopK<string>(3);
  for (const [id, s] of [
    ["a", 0.1],
    ["b", 0.9],
    ["c", 0.5],
    ["d", 0.7],
    ["e", 0.2],
  ] as const)
    top.push(id, s);
  assert.deepEqual(
    top.items.map((i) => i.item),
    ["b", "d", "c"],
  );
  assert.equal(top.floor, 0.5);
});

test("a question at a vector probes, first, the list that vector was placed in", async () => {
  const dims = 16;
  const points = clustered(2000, dims, 40);
  const ivf = await trainIvf(points, dims, 2000, seededRandom(7));
  assert.equal(listCount(ivf), 45, "about √n lists for n vectors");
  const lists = await assignLists(ivf, points);
  for (let i = 0; i < 2000; i++) {
    assert.equal(probeLists(ivf, points.subarray(i * dims, (i + 1) * dims), 1)[lists[i]!], 1, `row ${i}`);
  }
});

test("training is deterministic: every process builds the same index from the same data", async () => {
  const points = clustered(500, 8, 10);
  const a = await trainIvf(points, 8, 500, seededRandom(3));
  const b = await trainIvf(points, 8, 500, seededRandom(3));
  assert.deepEqual(a.centroids, b.centroids);
});
