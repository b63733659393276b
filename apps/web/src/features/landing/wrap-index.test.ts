import { test } from "node:test";
import assert from "node:assert/strict";
import { wrapIndex } from "./wrap-index.ts";

test("indices inside the range are unchanged", () => {
  for (let i = 0; i < 4; i++) assert.equal(wrapIndex(i, 4), i);
});

test("next from the last item wraps to the first", () => {
  assert.equal(wrapIndex(4, 4), 0);
});

test("previous from the first item wraps to the last", () => {
  assert.equal(wrapIndex(-1, 4), 3);
});

test("steps larger than the list wrap as many times as needed", () => {
  assert.equal(wrapIndex(9, 4), 1);
  assert.equal(wrapIndex(-6, 4), 2);
});

test("a single item always stays at 0 and an empty list yields 0", () => {
  assert.equal(wrapIndex(1, 1), 0);
  assert.equal(wrapIndex(-1, 1), 0);
  assert.equal(wrapIndex(3, 0), 0);
});
