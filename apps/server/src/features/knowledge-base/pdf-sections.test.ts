import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { chunkSections, type Passage } from "./chunk-text.ts";
import { pdfDocument } from "./extract-document.ts";
import { readPdfLayout } from "./pdf-layout.ts";
import { pdfSections } from "./pdf-sections.ts";

const passagesOf = async (name: string) => {
  const layout = await readPdfLayout(
    new Uint8Array(fs.readFileSync(new URL(`../../../../../tests/support/debian-extracts/${name}`, import.meta.url))),
  );
  const doc = pdfDocument(layout);
  return { doc, passages: chunkSections(doc.sections) };
};
const holding = (passages: Passage[], s: string) => passages.find((p) => p.text.includes(s));

test("texinfo manual: outline headings as paths, pages, words and sentences joined across lines, pages", async () => {
  const { doc, passages } = await passagesOf("bashref-extract.pdf");
  const all = passages.map((p) => p.text).join(" ");
  // "expres-" / "sions." and "asyn-" / "chronous" are split at line ends on the manual's first chapter page.
  assert.match(all, /to create larger expressions\./);
  assert.match(all, /asynchronous commands continue to execute/);
  assert.doesNotMatch(all, /expres- sions|asyn- chronous/);
  assert.ok(doc.cleanup.hyphenJoins >= 10, `hyphen joins: ${doc.cleanup.hyphenJoins}`);
  // "… by blanks or newlines. This" ends PDF page 25; "is because the braces …" starts page 26.
  assert.match(all, /by blanks or newlines\. This is because the braces are reserved words/);

  const quotes = holding(passages, "Enclosing characters in single quotes");
  assert.equal(quotes?.heading, "Basic Shell Features › Shell Syntax › Quoting › Single Quotes");
  assert.equal(quotes?.page, 8);
  const bash = holding(passages, "Bash is the shell, or command language interpreter");
  assert.equal(bash?.heading, "Introduction › What is Bash?");
  assert.equal(bash?.page, 3);

  assert.ok(!passages.some((p) => /(\. ){4,}/.test(p.text)), "no contents or index text");
  assert.ok(
    !passages.some((p) => /Chapter \d: [A-Z][a-z]+( [A-Z][a-z]+)* \d/.test(p.text)),
    "no running chapter header",
  );
  assert.equal(doc.cleanup.contentsPages, 3);
});

test("manual page without outline: capitals titles are the headings", async () => {
  const { passages } = await passagesOf("bash-manpage-extract.pdf");
  assert.deepEqual([...new Set(passages.map((p) => p.heading))].slice(0, 5), [
    "NAME",
    "SYNOPSIS",
    "COPYRIGHT",
    "DESCRIPTION",
    "OPTIONS",
  ]);
  const login = holding(passages, "A login shell is one whose first character of argument zero");
  assert.equal(login?.heading, "INVOCATION");
  assert.ok((login?.page ?? 0) >= 2, `page ${login?.page}`);
  assert.ok(!passages.some((p) => /General Commands Manual|2022 September 19/.test(p.text)));
});

test("a document with more lines than a function call takes arguments (a 20 MB PDF) is read", () => {
  const lines = Array.from({ length: 200_000 }, (_, i) => ({
    text: `Line ${i} of the service agree-`,
    page: 1 + Math.floor(i / 40),
    y: 700 - (i % 40) * 11,
    x: 40,
    size: 9,
  }));
  const { sections } = pdfSections(lines, []);
  assert.equal(sections.length, 1);
  assert.match(sections[0]!.paragraphs[0]!.text, /^Line 0 of the service agree- Line 1 of/);
});
