import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { chunkSections } from "./chunk-text.ts";
import { pdfDocument } from "./extract-document.ts";
import { readPdfLayout } from "./pdf-layout.ts";

const fhs = async () =>
  pdfDocument(
    await readPdfLayout(
      new Uint8Array(
        fs.readFileSync(new URL("../../../../../tests/support/debian-extracts/fhs-extract.pdf", import.meta.url)),
      ),
    ),
  );

test("a PDF table with a bold header row reads as row — column: value sentences, wrapped cells joined", async () => {
  const doc = await fhs();
  const text = chunkSections(doc.sections)
    .map((p) => p.text)
    .join(" ");
  // FHS 3.0, /usr/share/man: the locale table runs over two pages; its directory cells wrap onto a second line.
  assert.match(
    text,
    new RegExp(
      String.raw`English — Territory: United Kingdom\. English — Character Set: Unicode UTF-8\. ` +
        String.raw`English — Directory: \/usr\/share\/man\/en_GB\.10646\.`,
    ),
  );
  assert.match(
    text,
    new RegExp(
      String.raw`Japanese — Territory: Japan\. Japanese — Character Set: SJIS\. Japanese` +
        String.raw` — Directory: \/usr\/share\/man\/ja_JP\.sjis\.`,
    ),
  );
  assert.doesNotMatch(text, /Language Territory Character Set Directory/);
  assert.equal(doc.cleanup.tableRows, 13);
});

test("a grid of names without a header of its own stays a list", async () => {
  const text = chunkSections((await fhs()).sections)
    .map((p) => p.text)
    .join(" ");
  assert.match(text, /Brandon S\. Allbery John A\. Martin Mike Sangrey Keith Bostic Ian McCloghrie David H\. Silber/);
  assert.doesNotMatch(text, /Keith Bostic — John A\. Martin/);
});
