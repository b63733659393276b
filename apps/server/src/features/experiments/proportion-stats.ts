/**
 * The statistics an experiment's table needs: a 95% interval on a rate (Wilson score) and whether two rates differ
 * (two-sided two-proportion z test, or Fisher's exact test when a cell would expect fewer than 5).
 *
 * Written here rather than taken from npm: no statistics library is among the project's dependencies, and these are
 * four short textbook formulas, checked in proportion-stats.test.ts against values R publishes (fisher.test,
 * prop.test without continuity correction).
 */

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal. */
export const Z_95 = 1.959963984540054;

/**
 * erfc(x), fractional error below 1.2e-7 everywhere (Numerical Recipes' Chebyshev fit `erfcc`): the upper tail
 * stays accurate relative to its size, so a p of 1e-9 is not rounded to zero.
 */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** P(Z ≤ z) for a standard normal Z. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7): ln n! = logGamma(n + 1) for the hypergeometric probabilities. */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const y = x - 1;
  let a = LANCZOS[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

export type Interval = { rate: number; low: number; high: number };

/** The rate x/n with its Wilson score interval (what R's prop.test(x, n, correct = FALSE) reports); n = 0 → zeros. */
export function wilsonInterval(x: number, n: number, z = Z_95): Interval {
  if (n <= 0) return { rate: 0, low: 0, high: 0 };
  const p = x / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Two-sided p of the pooled two-proportion z test (= prop.test without continuity correction). */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number {
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return 1;
  const z = Math.abs(x1 / n1 - x2 / n2) / se;
  return Math.min(1, 2 * normalCdf(-z));
}

/**
 * Two-sided p of Fisher's exact test on [[a, b], [c, d]]: the hypergeometric probability of every table with the
 * same margins that is no more likely than the one seen (R's rule, with its relative tolerance of 1e-7).
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const lnFact = (k: number) => logGamma(k + 1);
  const fixed = lnFact(row1) + lnFact(n - row1) + lnFact(col1) + lnFact(n - col1) - lnFact(n);
  const logP = (x: number) => fixed - lnFact(x) - lnFact(row1 - x) - lnFact(col1 - x) - lnFact(n - row1 - col1 + x);
  const seen = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - n); x <= Math.min(row1, col1); x++) {
    const lp = logP(x);
    if (lp <= seen + Math.log1p(1e-7)) p += Math.exp(lp);
  }
  return Math.min(1, p);
}

export type Comparison = { p: number; test: "z" | "fisher" };

/**
 * Whether x1/n1 and x2/n2 differ: Fisher's exact test when any cell of the 2×2 table would expect fewer than 5
 * (Cochran's rule, where the z test's normal approximation is poor), else the z test.
 */
export function compareProportions(x1: number, n1: number, x2: number, n2: number): Comparison {
  const n = n1 + n2;
  if (n1 === 0 || n2 === 0) return { p: 1, test: "fisher" };
  const hits = x1 + x2;
  const expected = [n1 * hits, n1 * (n - hits), n2 * hits, n2 * (n - hits)].map((v) => v / n);
  if (expected.some((e) => e < 5)) return { p: fisherExact(x1, n1 - x1, x2, n2 - x2), test: "fisher" };
  return { p: twoProportionZ(x1, n1, x2, n2), test: "z" };
}
