import { test } from "node:test";
import assert from "node:assert/strict";
import { allOf, anyOf, atLeast, planAllTerms, planAnyTerms, type LexemeStat } from "./kb-query-terms.ts";

const stat = (lexeme: string, passages: number, headings = 0): LexemeStat => ({ lexeme, passages, headings });

test("every word together: found through the rare lexemes, checked against all", () => {
  const plan = planAllTerms([stat("custom", 65_000), stat("w4plx", 300), stat("price", 64_000), stat("w1efx", 650)], 10_000);
  assert.deepEqual(plan, { rare: ["w4plx", "w1efx"], all: ["custom", "w4plx", "price", "w1efx"], sample: false });
  const common = planAllTerms([stat("custom", 65_000), stat("price", 64_000)], 10_000);
  assert.deepEqual([common?.rare, common?.sample], [["price"], true], "all common: a sample through the rarest one");
  assert.equal(planAllTerms([stat("custom", 65_000), stat("zebra", 0)], 10_000), null, "an unknown word: no passage holds them all");
  assert.equal(planAllTerms([], 10_000), null);
});

test("any word: candidates through the rarest lexemes that fit the cap, and rare headings", () => {
  const plan = planAnyTerms([stat("long", 0), stat("instal", 13_000, 1), stat("take", 0)], 200);
  assert.deepEqual(plan, { sample: false, body: [], headings: ["instal"], ranked: ["instal"], needed: 1 });

  const mixed = planAnyTerms([stat("custom", 65_000), stat("a", 120), stat("b", 70), stat("c", 90), stat("price", 60_000)], 200);
  assert.deepEqual(mixed?.body, ["b", "c"], "the rarest first while their passages fit in 200");
  assert.deepEqual(mixed?.ranked, ["custom", "a", "b", "c", "price"], "common words still rank");
  assert.equal(mixed?.needed, 2, "a third of the question's five lexemes");

  const common = planAnyTerms([stat("custom", 65_000), stat("price", 60_000)], 200);
  assert.deepEqual(common?.body, ["price"], "nothing rare and no heading: the rarest still finds a sample");
  assert.equal(common?.sample, true);
  assert.equal(planAnyTerms([stat("zebra", 0)], 200), null, "nothing known: nothing relevant");
});

test("tsquery text quotes every lexeme", () => {
  assert.equal(anyOf(["a", "o'neil", "x\\y"]), "'a' | 'o''neil' | 'x\\\\y'");
  assert.equal(allOf(["a", "b"]), "'a' & 'b'");
  assert.equal(anyOf([]), null);
});

test("at least k of n lexemes as one tsquery, while the alternatives are few", () => {
  assert.equal(atLeast(["a", "b", "c"], 2), "('a' & 'b') | ('a' & 'c') | ('b' & 'c')");
  assert.equal(atLeast(["a", "b"], 1), "'a' | 'b'");
  assert.equal(atLeast(Array.from({ length: 12 }, (_, i) => `w${i}`), 4), null, "495 alternatives: checked one by one instead");
});
