import assert from "node:assert/strict";
import { test } from "node:test";
import { parseByteRange } from "./byte-range.ts";
import { neutralizeFormula } from "./call-history-csv.ts";

test("Range headers read as RFC 9110 says", () => {
  assert.deepEqual(parseByteRange("bytes=0-99", 1000), { start: 0, end: 99 });
  assert.deepEqual(parseByteRange("bytes=990-5000", 1000), { start: 990, end: 999 });
  assert.deepEqual(parseByteRange("bytes=500-", 1000), { start: 500, end: 999 });
  assert.deepEqual(parseByteRange("bytes=-100", 1000), { start: 900, end: 999 });
  assert.deepEqual(parseByteRange("bytes=-5000", 1000), { start: 0, end: 999 });
  assert.equal(parseByteRange("bytes=1000-", 1000), "unsatisfiable");
  assert.equal(parseByteRange("bytes=-0", 1000), "unsatisfiable");
  assert.equal(parseByteRange(undefined, 1000), null);
  assert.equal(parseByteRange("bytes=0-1,5-9", 1000), null, "multi-part ranges get the whole body");
  assert.equal(parseByteRange("items=0-1", 1000), null);
  assert.equal(parseByteRange("bytes=9-2", 1000), null);
});

test("formula-looking cells are neutralised, others untouched", () => {
  for (const v of ["=1+1", "+1415", "-2", "@x", "\tx", "\rx"]) assert.equal(neutralizeFormula(v), `'${v}`);
  for (const v of ["Ana", "", "1=1", " =x"]) assert.equal(neutralizeFormula(v), v);
});
