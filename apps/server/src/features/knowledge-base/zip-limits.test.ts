import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { docxBomb, lyingDocx } from "../../../../../tests/support/docx-bomb.ts";
import { ExtractionError } from "./extraction-error.ts";
import { checkZipLimits, unzipBounded } from "./zip-limits.ts";

test("an ordinary Word file passes the ZIP checks", async () => {
  await checkZipLimits(
    fs.readFileSync(new URL("../../../../../tests/support/kb-documents/pricing-plans.docx", import.meta.url)),
  );
});

test("a Word file that inflates to 100 MB is refused before it is unpacked, with the reason", async () => {
  const bomb = await docxBomb(100);
  assert.ok(bomb.length < 1024 * 1024, `bomb is ${bomb.length} bytes`);
  await assert.rejects(
    checkZipLimits(bomb),
    (err: unknown) => err instanceof ExtractionError && /more than 64 MB when unpacked|ZIP bomb/.test(err.message),
  );
});

test("a highly compressed part under the size limit is still refused by its ratio", async () => {
  await assert.rejects(
    checkZipLimits(await docxBomb(20)),
    (err: unknown) =>
      err instanceof ExtractionError && /compressed \d+ times over \(word\/document\.xml\)/.test(err.message),
  );
});

test("bytes that are not a ZIP archive are an unreadable DOCX", async () => {
  await assert.rejects(
    checkZipLimits(Buffer.from("PK\u0003\u0004 not really")),
    (err: unknown) => err instanceof ExtractionError && /unreadable DOCX/.test(err.message),
  );
});

test("a Word file whose headers lie about sizes passes the directory check, then stops at what inflates", async () => {
  // Claims 60 MB (within every limit of the directory), inflates to 200 MB.
  const liar = await lyingDocx(200, 60 * 1024 * 1024);
  await checkZipLimits(liar);
  const before = process.memoryUsage().arrayBuffers;
  await assert.rejects(
    unzipBounded(liar, 8 * 1024 * 1024),
    (err: unknown) => err instanceof ExtractionError && /more than 8 MB when unpacked/.test(err.message),
  );
  // Claims 64 KB: stopped as soon as a part passes what its header says.
  await assert.rejects(
    unzipBounded(await lyingDocx(200)),
    (err: unknown) =>
      err instanceof ExtractionError &&
      /says its parts are smaller than they are \(word\/document\.xml\)/.test(err.message),
  );
  const honest = fs.readFileSync(
    new URL("../../../../../tests/support/kb-documents/pricing-plans.docx", import.meta.url),
  );
  const parts = await unzipBounded(honest);
  assert.ok(parts.get("word/document.xml")!.length > 1000);
  // What stays allocated is the honest file's parts, not the liar's 200 MB.
  assert.ok(process.memoryUsage().arrayBuffers - before < 32 * 1024 * 1024);
});
