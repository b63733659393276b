import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { docxBomb } from "../../../../../tests/support/docx-bomb.ts";
import { ExtractionError } from "./extract-text.ts";
import { checkZipLimits } from "./zip-limits.ts";

test("an ordinary Word file passes the ZIP checks", async () => {
  await checkZipLimits(fs.readFileSync(new URL("../../../../../tests/support/kb-documents/pricing-plans.docx", import.meta.url)));
});

test("a Word file that inflates to 100 MB is refused before it is unpacked, with the reason", async () => {
  const bomb = await docxBomb(100);
  assert.ok(bomb.length < 1024 * 1024, `bomb is ${bomb.length} bytes`);
  await assert.rejects(checkZipLimits(bomb), (err: unknown) => err instanceof ExtractionError && /more than 64 MB when unpacked|ZIP bomb/.test(err.message));
});

test("a highly compressed part under the size limit is still refused by its ratio", async () => {
  await assert.rejects(checkZipLimits(await docxBomb(20)), (err: unknown) => err instanceof ExtractionError && /compressed \d+ times over \(word\/document\.xml\)/.test(err.message));
});

test("bytes that are not a ZIP archive are an unreadable DOCX", async () => {
  await assert.rejects(checkZipLimits(Buffer.from("PK\u0003\u0004 not really")), (err: unknown) => err instanceof ExtractionError && /unreadable DOCX/.test(err.message));
});
