import assert from "node:assert/strict";
import { test } from "node:test";
// The knowledge base's seeded generator: the same seed gives the same split, so a failure can be replayed.
import { seededRandom } from "../knowledge-base/kb-vector-math.ts";
import { assignStratified, type Assignable } from "./stratified-assignment.ts";

const ZONES = ["America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/London", "Asia/Kolkata"];

/** `n` contacts spread unevenly over the zones (the first zone has the most). */
function contacts(n: number, random: () => number): Assignable[] {
  return Array.from({ length: n }, (_, i) => ({ id: `c${i}`, zone: ZONES[Math.floor(random() ** 2 * ZONES.length)]! }));
}

function countsBy(split: Map<string, string>, list: Assignable[], zone?: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of list) if (!zone || c.zone === zone) out.set(split.get(c.id)!, (out.get(split.get(c.id)!) ?? 0) + 1);
  return out;
}

const spread = (m: Map<string, number>, variants: string[]) => {
  const v = variants.map((k) => m.get(k) ?? 0);
  return Math.max(...v) - Math.min(...v);
};

test("every contact gets one variant; within each zone and in total the variants differ by at most one", () => {
  for (const [n, variants] of [
    [1003, ["A", "B"]],
    [997, ["A", "B", "C"]],
    [41, ["A", "B", "C", "D"]],
    [4, ["A", "B", "C", "D"]],
  ] as const) {
    const random = seededRandom(n);
    const list = contacts(n, random);
    const split = assignStratified(list, variants, random);
    assert.equal(split.size, n);
    assert.ok([...split.values()].every((v) => (variants as readonly string[]).includes(v)));
    assert.ok(spread(countsBy(split, list), [...variants]) <= 1, `totals of ${n} over ${variants.length}`);
    for (const zone of ZONES) assert.ok(spread(countsBy(split, list, zone), [...variants]) <= 1, `${zone} of ${n}`);
  }
});

test("the split is random: a contact's variant changes with the seed, about half the time for two variants", () => {
  const list = contacts(2000, seededRandom(1));
  const one = assignStratified(list, ["A", "B"], seededRandom(2));
  const two = assignStratified(list, ["A", "B"], seededRandom(3));
  const same = list.filter((c) => one.get(c.id) === two.get(c.id)).length / list.length;
  assert.ok(same > 0.45 && same < 0.55, `agreement ${same}`);
  // And the first contacts of the file are not all in one variant (no order effect).
  assert.ok(spread(countsBy(one, list.slice(0, 200)), ["A", "B"]) < 40);
});
