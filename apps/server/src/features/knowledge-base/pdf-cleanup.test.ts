import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { isContentsLine, isContentsPage, isPageMarker, removeRunningLines } from "./pdf-cleanup.ts";
import { readPdfLayout } from "./pdf-layout.ts";

const extract = (name: string) =>
  readPdfLayout(
    new Uint8Array(fs.readFileSync(new URL(`../../../../../tests/support/debian-extracts/${name}`, import.meta.url))),
  );
const texts = (lines: Array<{ text: string }>) => lines.map((l) => l.text);

test("texinfo manual: chapter headers with page numbers and bare page numbers go; headings and body stay", async () => {
  const layout = await extract("bashref-extract.pdf");
  const { pages, removed } = removeRunningLines(layout.pages);
  const before = layout.pages.flatMap((p) => texts(p.lines));
  const after = pages.flatMap((p) => texts(p.lines));
  // Printed on the pages of the extract (PDF pages 8 and 10 of the manual carry "Chapter 1: Introduction 2" …).
  for (const header of ["Chapter 1: Introduction 2", "Chapter 2: Definitions 4", "Chapter 3: Basic Shell Features 8"]) {
    assert.ok(before.includes(header), `the extract prints "${header}"`);
    assert.ok(!after.includes(header), `"${header}" removed`);
  }
  assert.ok(!texts(pages[2]!.lines).includes("1"), "the bare page number 1 of the first chapter page is gone");
  assert.ok(after.includes("1 Introduction"), "a chapter title starting with its number is not a page number");
  assert.ok(after.includes("1.1 What is Bash?"));
  assert.equal(before.length - after.length, removed);
  assert.ok(removed >= pages.length - 3, `one running line or more on each body page (${removed})`);
});

test("manual page: the repeated title line and dated footer go on every page", async () => {
  const layout = await extract("bash-manpage-extract.pdf");
  const before = layout.pages.flatMap((p) => texts(p.lines));
  assert.equal(before.filter((t) => t === "BASH(1) General Commands Manual BASH(1)").length, 4);
  assert.equal(before.filter((t) => /^GNU Bash 5\.2 2022 September 19 \d$/.test(t)).length, 4);
  const { pages, removed } = removeRunningLines(layout.pages);
  const after = pages.flatMap((p) => texts(p.lines));
  assert.ok(
    !after.some((t) => t.startsWith("BASH(1)") || t.startsWith("GNU Bash 5.2 2022")),
    after.filter((t) => /BASH\(1\)|GNU Bash 5/.test(t)).join(" | "),
  );
  assert.equal(removed, 8);
  assert.ok(after.includes("NAME") && after.includes("bash − GNU Bourne-Again SHell"));
});

test("table of contents and index pages are recognised; chapter pages are not", async () => {
  const layout = await extract("bashref-extract.pdf");
  const { pages } = removeRunningLines(layout.pages);
  const contents = pages.filter((p) => isContentsPage(p, layout.pages.length)).map((p) => p.page);
  // Pages 1–2 are the table of contents, 13 an index page; 3–12 are chapter text.
  assert.deepEqual(contents, [1, 2, 13]);
});

test("page markers", () => {
  for (const t of ["12", "- 12 -", "Page 3 of 40", "page 3", "3/40", "iv", "xii"]) assert.ok(isPageMarker(t), t);
  for (const t of ["Version 5", "1 Introduction", "12 monkeys", "I am"]) assert.ok(!isPageMarker(t), t);
});

test("a contents entry is a title, a dot leader and a page number", () => {
  // The last entry of the Filesystem Hierarchy Standard's table of contents (debian-policy), alone on its page.
  assert.ok(
    isContentsLine(
      "7.6. Contributors " +
        "....................................................................................................... 43",
    ),
  );
  assert.ok(isContentsLine("Appendix A . . . . . . . . . . . . . iv"));
  for (const t of ["and so on....", "See the manual... page 4", "cd ../../.. 3"]) assert.ok(!isContentsLine(t), t);
});
