import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { lyingDocx } from "../../../../../tests/support/docx-bomb.ts";
import { ExtractionError } from "./extraction-error.ts";
import { extractPassages } from "./isolated-extract.ts";

const roomy = { memoryMb: 256, timeoutMs: 60_000 };
const isExtractionError = (pattern: RegExp) => (err: unknown) =>
  err instanceof ExtractionError && pattern.test(err.message);

test("a real document is extracted and chunked in a child process", async () => {
  const bytes = fs.readFileSync(
    new URL("../../../../../tests/support/kb-documents/pricing-plans.docx", import.meta.url),
  );
  const passages = await extractPassages({ kind: "docx", bytes, lenientText: false }, roomy);
  assert.ok(passages.length >= 1);
  assert.ok(passages.some((p) => /\w{4,}/.test(p.text)));
});

test("a file whose reading outgrows the child's heap fails with the memory reason; this process lives on", async () => {
  // 40 MB of short words: chunking it holds far more than 64 MB of strings and arrays at once.
  const bytes = Buffer.from("lorem ipsum dolor sit amet. ".repeat(1_500_000));
  await assert.rejects(
    extractPassages({ kind: "txt", bytes, lenientText: true }, { memoryMb: 64, timeoutMs: 120_000 }),
    isExtractionError(/needs more than 64 MB of memory/),
  );
});

test("a file that takes longer than the deadline fails with the time reason", async () => {
  // 40 MB: several seconds of chunking, far past the deadline on any machine.
  const bytes = Buffer.from("lorem ipsum dolor sit amet. ".repeat(1_500_000));
  await assert.rejects(
    extractPassages({ kind: "txt", bytes, lenientText: true }, { memoryMb: 2048, timeoutMs: 1_000 }),
    isExtractionError(/took longer than 1 s/),
  );
});

test("what the reader refuses comes back as the user-facing reason", async () => {
  await assert.rejects(
    extractPassages({ kind: "pdf", bytes: Buffer.from("%PDF-1.4 broken"), lenientText: false }, roomy),
    isExtractionError(/unreadable PDF/),
  );
});

test("a Word file whose ZIP directory lies about its sizes is refused once a part passes what it claims", async () => {
  await assert.rejects(
    extractPassages({ kind: "docx", bytes: await lyingDocx(300), lenientText: false }, roomy),
    isExtractionError(/says its parts are smaller than they are/),
  );
});
