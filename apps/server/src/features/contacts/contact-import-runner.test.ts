import { test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { contactBatches } from "./contact-import-runner.ts";
import { NotCsvError } from "./csv-decode.ts";

/** A file over the worker threshold: 40,000 rows, the first number repeated at the very end with more data. */
function bigCsv(tail = ""): Buffer {
  const rows = ["name,phone,company,notes"];
  for (let i = 0; i < 40_000; i++) rows.push(`Lead ${i},+9198${String(i).padStart(8, "0")},,${"x".repeat(40)}`);
  rows.push(`Lead again,+919800000000,Acme,`);
  return Buffer.from(rows.join("\n") + "\n" + tail);
}

test("a big file is parsed on a worker: batches in order, a late duplicate comes back as a merge", async () => {
  const csv = bigCsv();
  assert.ok(csv.length > 2 * 1024 * 1024);
  const reader = contactBatches(async () => Readable.from([csv]), csv.length, { region: "IN" });
  const sizes: number[] = [];
  let step = await reader.next();
  for (; !step.done; step = await reader.next()) sizes.push(step.value.length);
  // Small batches first (storing starts early), doubling up to 5000.
  assert.deepEqual(sizes, [500, 1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000, 5000, 2500]);
  assert.equal(step.value.contactCount, 40_000);
  assert.equal(step.value.duplicatesMerged, 1);
  assert.deepEqual(
    step.value.merged.map((c) => [c.phone, c.name, c.variables.company]),
    [["+919800000000", "Lead 0", "Acme"]],
  );
});

test("a broken file fails on the worker with the same NotCsvError", async () => {
  const csv = bigCsv('"never closed,+919999999999\n');
  const reader = contactBatches(async () => Readable.from([csv]), csv.length, { region: "IN" });
  await assert.rejects(
    (async () => {
      for (let s = await reader.next(); !s.done; s = await reader.next());
    })(),
    (err) => err instanceof NotCsvError && /never closed/.test(err.message),
  );
});
