import assert from "node:assert/strict";
import { test } from "node:test";
import { findings, pText, variantResult } from "./experiment-findings.ts";
import type { VariantCounts } from "./experiments.repo.ts";

const variant = (label: string, dialled: number, booked: number, conversations = booked): VariantCounts => ({
  id: `id-${label}`,
  label,
  opening_line: `Hello from ${label}`,
  goal: "",
  voice_id: null,
  contacts: dialled,
  dialled,
  answered: dialled,
  connected: dialled,
  conversations,
  booked,
});
const booked = (rows: VariantCounts[]) =>
  findings(rows.map((r) => variantResult(r, null))).find((f) => f.metric === "booked")!;

test("a clear lead is said in words with both rates and p (z test: 14% vs 6% of 200 each, p = 0.0077)", () => {
  const f = booked([variant("A", 200, 12), variant("B", 200, 28)]);
  assert.equal(f.sentence, "Variant B books more meetings: 14% vs 6%, p = 0.008");
  assert.deepEqual([f.leader, f.runner_up, f.test, f.significant], ["B", "A", "z", true]);
});

test("the same rates over 100 contacts each are not enough (p = 0.059)", () => {
  const f = booked([variant("A", 100, 6), variant("B", 100, 14)]);
  assert.equal(f.sentence, "No clear difference in meetings booked yet: B 14% vs A 6%, p = 0.06");
  assert.equal(f.significant, false);
});

test("small counts use Fisher's exact test (3 of 10 against 1 of 10: p = 0.58)", () => {
  const f = booked([variant("A", 10, 3), variant("B", 10, 1)]);
  assert.equal(f.test, "fisher");
  assert.equal(f.sentence, "No clear difference in meetings booked yet: A 30% vs B 10%, p = 0.58");
});

test("with three variants the leader's p counts the two comparisons it was picked from", () => {
  const f = booked([variant("A", 200, 12), variant("B", 200, 28), variant("C", 200, 5)]);
  // The leader B against the runner-up A: 0.00766 × 2.
  assert.equal(f.runner_up, "A");
  assert.ok(Math.abs(f.p - 0.015321522270358915) < 1e-6, String(f.p));
  assert.equal(f.sentence, "Variant B books more meetings: 14% vs 6%, p = 0.02");
});

test("no finding before two variants have been dialled; qualified only when counted", () => {
  assert.deepEqual(findings([variantResult(variant("A", 5, 1), null), variantResult(variant("B", 0, 0), null)]), []);
  const metrics = findings([variant("A", 50, 5), variant("B", 50, 9)].map((r) => variantResult(r, null))).map(
    (f) => f.metric,
  );
  assert.deepEqual(metrics, ["conversations", "booked"]);
  const withQualified = findings([variantResult(variant("A", 50, 5), 10), variantResult(variant("B", 50, 9), 20)]);
  assert.equal(withQualified.at(-1)!.metric, "qualified");
  assert.match(withQualified.at(-1)!.sentence, /^Variant B qualifies more contacts: 40% vs 20%, p = 0\.03/);
});

test("p is written as people read it", () => {
  assert.deepEqual(
    [pText(0.0004), pText(0.004), pText(0.0234), pText(0.5)],
    ["p < 0.001", "p = 0.004", "p = 0.02", "p = 0.50"],
  );
});
