import assert from "node:assert/strict";
import { test } from "node:test";
import { likePattern } from "./sql-like.ts";

test("a search is a contains-pattern whose %, _ and backslash match themselves", () => {
  assert.equal(likePattern("maya"), "%maya%");
  assert.equal(likePattern("50%_off"), "%50\\%\\_off%");
  assert.equal(likePattern("a\\b"), "%a\\\\b%");
});
