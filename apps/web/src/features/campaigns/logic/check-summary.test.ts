import assert from "node:assert/strict";
import { test } from "node:test";
import { checkSummary } from "./check-summary.ts";

test("contacts ready and rows rejected, duplicates only when some were merged", () => {
  assert.equal(
    checkSummary({ contact_count: 2, rejected_count: 2, duplicates_merged: 0 }),
    "2 contacts ready · 2 rows rejected",
  );
  assert.equal(
    checkSummary({ contact_count: 1, rejected_count: 1, duplicates_merged: 1 }),
    "1 contact ready · 1 row rejected · 1 duplicate merged",
  );
  assert.equal(
    checkSummary({ contact_count: 0, rejected_count: 0, duplicates_merged: 3 }),
    "0 contacts ready · 0 rows rejected · 3 duplicates merged",
  );
});
