import assert from "node:assert/strict";
import { test } from "node:test";
import {
  compareProportions,
  fisherExact,
  logGamma,
  normalCdf,
  twoProportionZ,
  wilsonInterval,
} from "./proportion-stats.ts";

const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected} ± ${tolerance}`);

test("the normal distribution within 1.2e-7 of its size, in the far tail too", () => {
  near(normalCdf(0), 0.5, 1e-7, "Φ(0)");
  near(normalCdf(1.959963984540054), 0.975, 1e-7, "Φ(1.96)");
  near(normalCdf(-3) / 0.0013498980316301, 1, 2e-7, "Φ(−3) relative");
  const tail = normalCdf(-6);
  near(tail / 9.865876450376946e-10, 1, 1e-6, "Φ(−6) relative");
});

test("log-gamma gives log factorials", () => {
  near(logGamma(1), 0, 1e-12, "ln 0!");
  near(logGamma(11), Math.log(3628800), 1e-10, "ln 10!");
  near(logGamma(0.5), Math.log(Math.sqrt(Math.PI)), 1e-12, "ln Γ(½)");
  near(logGamma(171), 706.5730622457874, 1e-8, "ln 170!");
});

test("Fisher's exact test matches R's fisher.test", () => {
  // R: fisher.test(matrix(c(3, 1, 1, 3), 2)) — the lady tasting tea — p-value = 0.4857.
  near(fisherExact(3, 1, 1, 3), 0.4857142857142857, 1e-9, "tea tasting");
  // R's help page, Convictions <- matrix(c(2, 10, 15, 3), 2): two-sided p-value = 0.0005367.
  near(fisherExact(2, 15, 10, 3), 0.0005367241191434357, 1e-10, "convictions");
  // The dieting example on Wikipedia's "Fisher's exact test" page: two-sided p ≈ 0.002759.
  near(fisherExact(1, 9, 11, 3), 0.0027594561852200836, 1e-10, "dieting");
  assert.equal(fisherExact(5, 5, 5, 5), 1, "identical rows differ by nothing");
});

test("the two-proportion z test is R's prop.test without continuity correction", () => {
  // R: prop.test(c(15, 25), c(50, 50), correct = FALSE) → X-squared = 4.1667, p-value = 0.04123.
  near(twoProportionZ(15, 50, 25, 50), 0.041226833337163815, 1e-7, "15/50 vs 25/50");
  // R: prop.test(c(14, 6), c(100, 100), correct = FALSE) → X-squared = 3.5556, p-value = 0.05935.
  near(twoProportionZ(14, 100, 6, 100), 0.05934643879191987, 1e-7, "14% vs 6% of 100");
  assert.equal(twoProportionZ(0, 10, 0, 10), 1, "no successes anywhere: nothing differs");
});

test("Wilson's interval is prop.test's confidence interval", () => {
  // R: prop.test(15, 50, correct = FALSE)$conf.int → 0.1910355 0.4375035.
  const a = wilsonInterval(15, 50);
  near(a.rate, 0.3, 1e-12, "rate");
  near(a.low, 0.1910355350088095, 1e-7, "low");
  near(a.high, 0.4375035046445341, 1e-7, "high");
  // R: prop.test(81, 263, correct = FALSE)$conf.int → 0.2552885 0.3662096.
  const b = wilsonInterval(81, 263);
  near(b.low, 0.2552885198782742, 1e-7, "low 81/263");
  near(b.high, 0.36620957698280004, 1e-7, "high 81/263");
  // No success in 10: the interval still reaches 27.8%, where a plain ±1.96·SE would claim exactly 0.
  const none = wilsonInterval(0, 10);
  assert.equal(none.low, 0);
  near(none.high, 0.27753279986288926, 1e-7, "high 0/10");
  assert.deepEqual(wilsonInterval(0, 0), { rate: 0, low: 0, high: 0 });
});

test("small counts go to Fisher's test, large ones to the z test", () => {
  assert.equal(compareProportions(3, 4, 1, 4).test, "fisher");
  assert.equal(compareProportions(14, 100, 6, 100).test, "z");
  // 2 of 100 against 9 of 100: a cell expects 5.5 successes... and 94.5 failures, all ≥ 5 → z.
  assert.equal(compareProportions(2, 100, 9, 100).test, "z");
  // 1 of 40 against 4 of 40: the successes expected are 2.5 per row → Fisher.
  const small = compareProportions(1, 40, 4, 40);
  assert.equal(small.test, "fisher");
  near(small.p, fisherExact(1, 39, 4, 36), 1e-12, "same p as Fisher's");
  assert.deepEqual(compareProportions(0, 0, 3, 10), { p: 1, test: "fisher" });
});
