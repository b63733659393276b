import { test } from "node:test";
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { parseContactList } from "../../../../../tests/support/contact-list.ts";
import { NotCsvError } from "./csv-decode.ts";

const from = (data: string | Buffer) => async () =>
  Readable.from([typeof data === "string" ? Buffer.from(data, "utf8") : data]);
const parseIn = (data: string | Buffer) => parseContactList(from(data), { region: "IN" });

test("quoted commas stay in their field; other columns become variables", async () => {
  const r = await parseIn('name,phone,company,notes\n"Rao, Asha",+91 98765 43210,"Acme, Inc","says ""hi"""\n');
  assert.equal(r.contacts.length, 1);
  const c = r.contacts[0]!;
  assert.equal(c.name, "Rao, Asha");
  assert.equal(c.phone, "+919876543210");
  assert.deepEqual(c.variables, { company: "Acme, Inc", notes: 'says "hi"' });
  assert.equal(c.line, 2);
});

test("UTF-8 BOM, Windows line ends and semicolons", async () => {
  const r = await parseIn(
    "\uFEFFFirst Name;Last " +
      "Name;Mobile;Email\r\nAsha;Rao;9876543210;asha@example.com\r\nVikram;Shah;+91 99887 76655;\r\n",
  );
  assert.equal(r.delimiter, ";");
  assert.deepEqual(
    r.contacts.map((c) => [c.name, c.firstName, c.lastName, c.phone, c.email, c.line]),
    [
      ["Asha Rao", "Asha", "Rao", "+919876543210", "asha@example.com", 2],
      ["Vikram Shah", "Vikram", "Shah", "+919988776655", null, 3],
    ],
  );
});

test("Windows-1252 / Latin-1 bytes are decoded, not mangled", async () => {
  const bytes = Buffer.concat([
    Buffer.from("name,phone,city,price\n"),
    Buffer.from([0x4a, 0x6f, 0x73, 0xe9]), // "José" in Latin-1
    Buffer.from(",+34 612 345 678,"),
    Buffer.from([0x4d, 0xe1, 0x6c, 0x61, 0x67, 0x61]), // "Málaga"
    Buffer.from(","),
    Buffer.from([0x80, 0x35]), // "€5" in Windows-1252
    Buffer.from("\n"),
  ]);
  const r = await parseIn(bytes);
  assert.equal(r.encoding, "windows-1252");
  assert.equal(r.contacts[0]!.name, "José");
  assert.deepEqual(r.contacts[0]!.variables, { city: "Málaga", price: "€5" });
});

test("UTF-16 with BOM (Excel 'Unicode text', tab separated)", async () => {
  const text = "\uFEFFname\tphone\nZoë\t+971 50 123 4567\n";
  const r = await parseIn(Buffer.from(text, "utf16le"));
  assert.equal(r.encoding, "utf-16le");
  assert.deepEqual(
    r.contacts.map((c) => [c.name, c.phone]),
    [["Zoë", "+971501234567"]],
  );
});

test("20 bad rows among good ones: good rows import, bad ones are reported with their line", async () => {
  const lines = ["name,phone"];
  const bad: number[] = [];
  for (let i = 0; i < 60; i++) {
    if (i % 3 === 0) {
      lines.push(`Bad ${i},${i % 2 ? "" : "12-34"}`);
      bad.push(lines.length);
    } else lines.push(`Good ${i},+9198${String(10000000 + i)}`);
  }
  const r = await parseIn(lines.join("\n") + "\n");
  assert.equal(r.contacts.length, 40);
  assert.equal(r.rejectedCount, 20);
  assert.deepEqual(
    r.rejected.map((x) => x.line),
    bad,
  );
  assert.equal(r.rejected[0]!.reason, 'Invalid phone number "12-34"');
  assert.equal(r.rejected[1]!.reason, "Missing phone number");
  assert.equal(r.rejected[0]!.raw, "Bad 0,12-34");
});

test("line numbers survive quoted line breaks and blank lines", async () => {
  const r = await parseIn('name,phone,address\n\n"Asha","9876543210","12 Main St\nFlat 4"\nNobody,nope,x\n');
  assert.equal(r.contacts[0]!.line, 3);
  assert.equal(r.contacts[0]!.variables.address, "12 Main St\nFlat 4");
  assert.deepEqual(
    r.rejected.map((x) => x.line),
    [5],
  );
});

test("duplicate numbers within a list are merged into the first contact", async () => {
  const r = await parseIn(
    "name,phone,company,email\nAsha,09876543210,,\n,+91 98765 43210,Acme,asha@x.io\nRavi,9123456789,Beta,\n",
  );
  assert.equal(r.contacts.length, 2);
  assert.equal(r.duplicatesMerged, 1);
  assert.deepEqual(
    [r.contacts[0]!.name, r.contacts[0]!.email, r.contacts[0]!.variables],
    ["Asha", "asha@x.io", { company: "Acme" }],
  );
  assert.deepEqual(r.columns, ["name", "phone", "company", "email"]);
  assert.deepEqual(r.variableKeys, ["company"], "name, phone and email are the contact's own fields");
});

test("a persona column is kept on the contact and as a variable", async () => {
  const r = await parseIn("name,phone,persona\nAsha,9876543210,busy_skeptic\n");
  assert.equal(r.contacts[0]!.persona, "busy_skeptic");
  assert.equal(r.contacts[0]!.variables.persona, "busy_skeptic");
});

test("a file without a header row is read when its first row holds a phone number", async () => {
  const r = await parseIn("Asha,9876543210,Acme\nRavi,9123456789,Beta\n");
  assert.deepEqual(
    r.contacts.map((c) => [c.phone, c.variables]),
    [
      ["+919876543210", { column_1: "Asha", column_3: "Acme" }],
      ["+919123456789", { column_1: "Ravi", column_3: "Beta" }],
    ],
  );
  assert.deepEqual(r.columns, ["column_1", "column_2", "column_3"]);
  assert.deepEqual(r.variableKeys, ["column_1", "column_3"]);
});

test("not a CSV: binary, known formats, no phone column, empty, broken quotes", async () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
  await assert.rejects(parseIn(png), (e) => e instanceof NotCsvError && /PNG/.test(e.message));
  await assert.rejects(parseIn(Buffer.from([0x41, 0x00, 0x42, 0x0a])), NotCsvError);
  await assert.rejects(parseIn("name,email\nAsha,a@x.io\n"), /no column of phone numbers/);
  await assert.rejects(parseIn(""), /empty/);
  await assert.rejects(parseIn('name,phone\n"Asha,9876543210\n'), /never closed/);
});
