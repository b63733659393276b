import { test } from "node:test";
import assert from "node:assert/strict";
import { allOf, anyOf, BM25, idf, planRanking, type LexemeStat, type WeightedTerm } from "./kb-query-terms.ts";

const stat = (lexeme: string, passages: number, headings = 0): LexemeStat => ({ lexeme, passages, headings });
const corpus = { passages: 100_000, avgLength: 60 };

/**
 * A passage's BM25 score: the formula kb-retrieval.repo.ts runs in SQL, written out to check its properties.
 * `tf` holds each query lexeme's occurrences (body + heading), `headingTf` those in the heading.
 */
function bm25(
  terms: WeightedTerm[],
  tf: Map<string, number>,
  headingTf: Map<string, number>,
  length: number,
  avgLength: number,
): number {
  let score = 0;
  for (const { lexeme, idf: w } of terms) {
    const f = (tf.get(lexeme) ?? 0) + BM25.heading * (headingTf.get(lexeme) ?? 0);
    if (f > 0)
      score += (w * f * (BM25.k1 + 1)) / (f + BM25.k1 * (1 - BM25.b + (BM25.b * length) / Math.max(avgLength, 1)));
  }
  return score;
}

const terms = (...pairs: Array<[string, number]>) => pairs.map(([lexeme, w]) => ({ lexeme, idf: w }));

test("idf: a rare lexeme outweighs one found in most passages", () => {
  assert.ok(idf(100_000, 3) > 10);
  assert.ok(idf(100_000, 90_000) < 0.2);
  assert.ok(idf(100_000, 3) > idf(100_000, 300));
  assert.ok(idf(10, 50) >= 0, "stale counts (more holders than passages) never weigh negative");
});

test("bm25: rare words, repeated words up to a point, short passages and headings", () => {
  const t = terms(["histori", 3], ["default", 1]);
  const one = bm25(t, new Map([["histori", 1]]), new Map(), 60, 60);
  assert.ok(
    bm25(
      t,
      new Map([
        ["histori", 1],
        ["default", 1],
      ]),
      new Map(),
      60,
      60,
    ) > one,
    "each word of the question adds",
  );
  assert.ok(
    bm25(t, new Map([["default", 3]]), new Map(), 60, 60) < one,
    "a common word repeated does not beat a rare one",
  );
  const twice = bm25(t, new Map([["histori", 2]]), new Map(), 60, 60);
  const many = bm25(t, new Map([["histori", 20]]), new Map(), 60, 60);
  assert.ok(twice > one && many < one * (3 + 0.2), "frequency saturates");
  assert.ok(bm25(t, new Map([["histori", 1]]), new Map(), 600, 60) < one / 2, "a long passage does not win on length");
  assert.ok(bm25(t, new Map([["histori", 1]]), new Map([["histori", 1]]), 60, 60) > one, "the heading counts more");
});

test("candidates: the rarest lexemes that fit the cap and rare headings, every known lexeme ranked", () => {
  const plan = planRanking([stat("long", 0), stat("instal", 13_000, 1), stat("take", 0)], corpus, 200);
  assert.deepEqual(
    [plan?.body, plan?.headings, plan?.terms.map((t) => t.lexeme), plan?.sample],
    [[], ["instal"], ["instal"], false],
  );

  const mixed = planRanking(
    [stat("custom", 65_000), stat("a", 120), stat("b", 70), stat("c", 90), stat("price", 60_000)],
    corpus,
    200,
  );
  assert.deepEqual(mixed?.body, ["b", "c"], "the rarest first while their passages fit in 200");
  assert.deepEqual(
    mixed?.terms.map((t) => t.lexeme),
    ["custom", "a", "b", "c", "price"],
    "common words still rank",
  );
  assert.ok(mixed!.terms[2]!.idf > mixed!.terms[0]!.idf, "weighted by rarity");

  const common = planRanking([stat("custom", 65_000), stat("price", 60_000)], corpus, 200);
  assert.deepEqual(
    [common?.body, common?.sample],
    [["price"], true],
    "nothing rare and no heading: the rarest finds a sample",
  );
  assert.deepEqual(
    planRanking(
      [stat("custom", 65_000), stat("w4plx", 300), stat("price", 64_000), stat("w1efx", 650)],
      corpus,
      200,
      10_000,
    )?.indexed,
    ["w4plx", "w1efx"],
    "passages holding every word: found through the index entries of the rarer words",
  );
  assert.deepEqual(common?.indexed, ["price"], "all very common: through the rarest one");
  assert.equal(planRanking([stat("zebra", 0)], corpus, 200), null, "nothing known: nothing relevant");
  assert.equal(planRanking([], corpus, 200), null);
});

test("words related to the caller's count for half, and bring candidates only where the caller's leave room", () => {
  const plan = planRanking([stat("cancel", 40), stat("order", 150)], corpus, 200, undefined, [
    stat("cancel", 40),
    stat("cancel", 40),
    stat("termin", 5),
    stat("scrub", 30),
    stat("unknown", 0),
  ]);
  assert.deepEqual(plan?.body, ["cancel", "order", "termin"], "own words first; 5 more passages still fit");
  const idfOf = (l: string) => plan!.terms.find((t) => t.lexeme === l)!.idf;
  assert.deepEqual(
    plan?.terms.map((t) => t.lexeme),
    ["cancel", "order", "termin", "scrub"],
  );
  assert.ok(Math.abs(idfOf("termin") - 0.5 * idf(corpus.passages, 5)) < 1e-9, "half the weight of the word");
  // None of the caller's words in the knowledge base: the related ones find the passages, at full weight.
  const only = planRanking([stat("cancel", 0)], corpus, 200, undefined, [stat("termin", 5)]);
  assert.deepEqual([only?.body, only?.terms[0]?.idf], [["termin"], idf(corpus.passages, 5)]);
});

test("tsquery text quotes every lexeme", () => {
  assert.equal(anyOf(["a", "o'neil", "x\\y"]), "'a' | 'o''neil' | 'x\\\\y'");
  assert.equal(allOf(["a", "b"]), "'a' & 'b'");
  assert.equal(anyOf([]), null);
});
