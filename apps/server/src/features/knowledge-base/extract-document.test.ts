import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import JSZip from "jszip";
import { extractDocument } from "./extract-document.ts";
import { ExtractionError } from "./extraction-error.ts";
import { extractPassages } from "./isolated-extract.ts";

const extract = (name: string) =>
  fs.readFileSync(new URL(`../../../../../tests/support/debian-extracts/${name}`, import.meta.url));
const isExtractionError = (pattern: RegExp) => (err: unknown) =>
  err instanceof ExtractionError && pattern.test(err.message);

/** A Word file holding `body` (WordprocessingML), as Word writes its three required parts. */
async function docx(body: string): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ' +
      'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ' +
      'ContentType="application/xml"/><Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships ' +
      'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
      'Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    "word/document.xml",
    '<?xml version="1.0" encoding="UTF-8"?><w:document ' +
      `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: "uint8array" });
}
const para = (text: string, bold = false) =>
  `<w:p><w:r>${bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
const row = (cells: string[], bold = false) =>
  `<w:tr>${cells.map((c) => `<w:tc>${para(c, bold)}</w:tc>`).join("")}</w:tr>`;

test("a password-protected PDF fails with that reason, in the reader process too", async () => {
  const bytes = extract("bash-manpage-page1-password.pdf");
  await assert.rejects(extractDocument("pdf", bytes), isExtractionError(/^password-protected PDF/));
  await assert.rejects(
    extractPassages({ kind: "pdf", bytes, lenientText: false }, { memoryMb: 256, timeoutMs: 60_000 }),
    isExtractionError(/^password-protected PDF/),
  );
});

test("an image-only PDF keeps its reason", async () => {
  await assert.rejects(
    extractDocument(
      "pdf",
      fs.readFileSync(new URL("../../../../../tests/support/kb-documents/scanned-no-text.pdf", import.meta.url)),
    ),
    isExtractionError(/^scanned PDF with no text$/),
  );
});

test("the clean-up counts what it removed and joined", async () => {
  const { cleanup } = await extractDocument("pdf", extract("bashref-extract.pdf"));
  assert.equal(cleanup.contentsPages, 3);
  assert.ok(cleanup.runningLines >= 10, `running lines ${cleanup.runningLines}`);
  assert.ok(cleanup.hyphenJoins >= 10, `hyphen joins ${cleanup.hyphenJoins}`);
  assert.equal(cleanup.tableRows, 0);
});

test("a Word table (PostgreSQL's storage sizes, bold header row) becomes sentences, counted as rows", async () => {
  const bytes = await docx(
    para("Storage sizes", true) +
      `<w:tbl>${row(["Type", "Storage Size", "Range"], true)}${row(["smallint", "2 bytes", "-32768 to +32767"])}` +
      `${row(["bigint", "8 bytes", "-9223372036854775808 to +9223372036854775807"])}</w:tbl>`,
  );
  const { sections, cleanup } = await extractDocument("docx", bytes);
  assert.equal(cleanup.tableRows, 2);
  assert.deepEqual(sections, [
    {
      heading: "Storage sizes",
      paragraphs: [
        { text: "smallint — Storage Size: 2 bytes. smallint — Range: -32768 to +32767.", page: null },
        {
          text: "bigint — Storage Size: 8 bytes. bigint — Range: -9223372036854775808 to +9223372036854775807.",
          page: null,
        },
      ],
    },
  ]);
});

test("passages from the reader process keep their heading path and page", async () => {
  const passages = await extractPassages(
    { kind: "pdf", bytes: extract("bashref-extract.pdf"), lenientText: false },
    { memoryMb: 256, timeoutMs: 60_000 },
  );
  const quoting = passages.find((p) => p.text.startsWith("Quoting is used to remove the special meaning"));
  assert.deepEqual(
    { heading: quoting?.heading, page: quoting?.page },
    { heading: "Basic Shell Features › Shell Syntax › Quoting", page: 8 },
  );
});
