import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { looksLikeText, sniffDocKind } from "./file-sniff.ts";

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../../../../../tests/support/kb-documents/${name}`, import.meta.url));

test("recognises each real fixture by content", async () => {
  assert.equal(await sniffDocKind(fixture("helios-battery.pdf"), "helios-battery.pdf"), "pdf");
  assert.equal(await sniffDocKind(fixture("pricing-plans.docx"), "Pricing.DOCX"), "docx");
  assert.equal(await sniffDocKind(fixture("service-area.doc"), "service-area.doc"), "doc");
  assert.equal(await sniffDocKind(fixture("support-hours.txt"), "support-hours.txt"), "txt");
});

test("refuses a file whose content does not match its name", async () => {
  assert.equal(await sniffDocKind(fixture("support-hours.txt"), "fake.pdf"), null);
  assert.equal(await sniffDocKind(fixture("helios-battery.pdf"), "renamed.txt"), null);
  assert.equal(await sniffDocKind(fixture("helios-battery.pdf"), "renamed.docx"), null);
  assert.equal(await sniffDocKind(fixture("pricing-plans.docx"), "renamed.doc"), null);
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
  assert.equal(await sniffDocKind(png, "image.txt"), null);
  assert.equal(await sniffDocKind(fixture("support-hours.txt"), "notes.md"), null);
});

test("text check: UTF-8 and Latin-1 pass, binary fails", () => {
  assert.equal(looksLikeText(Buffer.from("Café — naïve\n", "utf8")), true);
  assert.equal(looksLikeText(Buffer.from("Caf\xe9\n", "latin1")), true);
  assert.equal(looksLikeText(Buffer.from([0x41, 0x00, 0x42])), false);
  assert.equal(looksLikeText(Buffer.from(Array.from({ length: 100 }, (_, i) => i % 8))), false);
});
