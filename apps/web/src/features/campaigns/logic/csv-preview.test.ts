/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { countCsvRows, previewCsv, withCheckedVariables } from "./csv-preview.ts";

test("rows are counted after the header; blank lines and a final newline are not rows", () => {
  assert.equal(countCsvRows("name,phone\nAsha,+919876543210\n\nOmar,+971501234567\n"), 2);
  assert.equal(countCsvRows("name,phone\r\nAsha,1\r\nOmar,2"), 2);
  assert.equal(countCsvRows("name,phone\n"), 0);
  assert.equal(countCsvRows(""), 0);
});

test("a line break inside quotes belongs to the field, and a row of empty cells is blank", () => {
  assert.equal(countCsvRows('name,phone,notes\n"Rao, Asha",1,"line one\nline two"\n,,\nOmar,2,x\n'), 2);
  assert.equal(countCsvRows("\uFEFFname;phone\nAsha;1\n;;\n"), 1);
});

test("columns list the variables they offer; a full-name column gives first and last names", () => {
  const p = previewCsv("Full Name,Phone,E-mail,Company Name,persona\nAsha Rao,1,a@x.com,Rao & Co,interested\n");
  assert.equal(p.rows, 1);
  assert.deepEqual(
    p.columns.map((c) => [c.header, c.variables]),
    [
      ["Full Name", ["name", "first_name", "last_name", "full_name"]],
      ["Phone", ["phone"]],
      ["E-mail", ["e_mail"]],
      ["Company Name", ["company_name"]],
      ["persona", ["persona"]],
    ],
  );
  assert.deepEqual(
    p.columns.map((c) => c.persona),
    [false, false, false, false, true],
  );
  assert.deepEqual(p.variables, [
    "name",
    "first_name",
    "last_name",
    "full_name",
    "phone",
    "e_mail",
    "company_name",
    "persona",
  ]);
});

test("once the server has checked the file, columns offer only the variables a save accepts", () => {
  const p = withCheckedVariables(previewCsv("Full Name,Phone,City\nAsha Rao,1,Pune\n"), [
    "name",
    "first_name",
    "last_name",
    "phone",
    "email",
    "city",
  ]);
  assert.deepEqual(
    p.columns.map((c) => [c.header, c.variables]),
    [
      ["Full Name", ["name", "first_name", "last_name"]],
      ["Phone", ["phone"]],
      ["City", ["city"]],
    ],
  );
  assert.deepEqual(p.variables, ["name", "first_name", "last_name", "phone", "city"]);
});
