import assert from "node:assert/strict";
import { test } from "node:test";
import { readDncCsv } from "./dnc-csv.ts";

test("reads the phone column by name, merges duplicates, reports bad lines by number", () => {
  const csv =
    "\uFEFFname,Mobile Number\r\nAsha,+91 98765 " +
    "43210\r\nBob,12\r\nAsha again,+919876543210\r\nCarl,+1 (415) " +
    "555-0100\r\n";
  const r = readDncCsv(csv);
  assert.deepEqual(r.phones.sort(), ["+14155550100", "+919876543210"]);
  assert.equal(r.rejected.length, 1);
  assert.equal(r.rejected[0]!.line, 3);
});

test("a headerless single column with a default country", () => {
  const r = readDncCsv("09876543210\n09876543211\n", "IN");
  assert.deepEqual(r.phones, ["+919876543210", "+919876543211"]);
});

test("numbers without a country code and no default are refused with a reason", () => {
  const r = readDncCsv("phone\n4155550100\n");
  assert.equal(r.phones.length, 0);
  assert.match(r.rejected[0]!.reason, /no \+country code/);
});
