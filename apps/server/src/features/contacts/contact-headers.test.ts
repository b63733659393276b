import { test } from "node:test";
import assert from "node:assert/strict";
import { columnKey, headerlessMap, matchHeaders } from "./contact-headers.ts";
import { detectDelimiter } from "@parley/shared/csv-header";

test("exact header names are matched loosely (case, spaces, punctuation)", () => {
  const map = matchHeaders(["First Name", "LAST_NAME", "Mobile No.", "E-mail", "Company", "persona"])!;
  assert.equal(map.firstName, 0);
  assert.equal(map.lastName, 1);
  assert.equal(map.phone, 2);
  assert.equal(map.email, 3);
  assert.equal(map.persona, 5);
  assert.deepEqual(map.variables, [
    { index: 4, key: "company" },
    { index: 5, key: "persona" },
  ]);
});

test("full name, number and partial matches", () => {
  assert.deepEqual(
    { ...matchHeaders(["Full Name", "Number"])!, variables: undefined },
    { name: 0, phone: 1, variables: undefined },
  );
  const partial = matchHeaders(["Customer Name", "Customer Mobile (primary)", "Work E-mail Address", "City"])!;
  assert.equal(partial.name, 0);
  assert.equal(partial.phone, 1);
  assert.equal(partial.email, 2);
  assert.deepEqual(partial.variables, [{ index: 3, key: "city" }]);
});

test("a file without any phone-like header gives null", () => {
  assert.equal(matchHeaders(["name", "email", "company"]), null);
});

test("variable keys are snake_case, unique, and never empty", () => {
  const taken = new Set<string>();
  assert.equal(columnKey("Company Name", 0, taken), "company_name");
  assert.equal(columnKey("company-name", 1, taken), "company_name_2");
  assert.equal(columnKey("  ", 2, taken), "column_3");
  assert.equal(columnKey("Ville d'été", 3, taken), "ville_d_ete");
});

test("header-less map takes every other column as a variable", () => {
  assert.deepEqual(headerlessMap(3, 1), {
    phone: 1,
    variables: [
      { index: 0, key: "column_1" },
      { index: 2, key: "column_3" },
    ],
  });
});

test("delimiter is read from the header line, outside quotes", () => {
  assert.equal(detectDelimiter("name,phone\nA,1"), ",");
  assert.equal(detectDelimiter("\n\nname;phone;company\r\n"), ";");
  assert.equal(detectDelimiter("name\tphone\n"), "\t");
  assert.equal(detectDelimiter('"a;b;c",phone\n'), ",");
  assert.equal(detectDelimiter("phone\n"), ",");
});
