import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { htmlSections, mainContentOfHtml } from "./html-text.ts";

// nano's FAQ (tests/kb-check-set): an in-page table of contents with no class naming it, and commands set in bold.
const nanoFaq = mainContentOfHtml(
  fs.readFileSync(new URL("../../../../../tests/kb-check-set/nano-faq.html", import.meta.url), "utf8"),
);
const texts = nanoFaq.sections.flatMap((s) => s.paragraphs.map((p) => p.text));

test("a block of nothing but links into the same page is a table of contents, not a passage", () => {
  assert.ok(!texts.some((t) => t.includes("1.1. What is GNU nano? 1.2.")), texts.slice(0, 3).join("\n"));
  // The questions are still there, as the headings of their answers.
  assert.ok(
    nanoFaq.sections.some(
      (s) => s.heading.endsWith("What is GNU nano?") && /free replacement for the Pico/.test(s.paragraphs[0]!.text),
    ),
  );
});

test("a command set in bold on a line of its own stays in its answer instead of becoming a heading", () => {
  const usrLocal = nanoFaq.sections.find((s) => s.heading.endsWith("Why does everything go into /usr/local?"))!;
  assert.match(usrLocal.paragraphs.map((p) => p.text).join(" "), /--prefix=\/usr.*This will put nano into \/usr\/bin/);
  assert.ok(
    !nanoFaq.sections.some((s) => /configure --prefix|tar -xvf/.test(s.heading)),
    nanoFaq.sections.map((s) => s.heading).join("\n"),
  );
});

test("a short bold paragraph that reads as a title is still a heading", () => {
  const { sections } = htmlSections("<p><b>Opening hours</b></p><p>We are open from 9 to 5 on weekdays.</p>");
  assert.equal(sections[0]!.heading, "Opening hours");
});

// valgrind's FAQ (tests/kb-third-set, DocBook XSL output): every question and answer is a row of a layout table.
test("a DocBook FAQ's layout table is read as text: each question heads its answer; contents rows not indexed", () => {
  const valgrind = mainContentOfHtml(
    fs.readFileSync(new URL("../../../../../tests/kb-third-set/valgrind-faq.html", import.meta.url), "utf8"),
  );
  const pronounce = valgrind.sections.find((s) => s.heading === 'Background › How do you pronounce "Valgrind"?');
  assert.ok(pronounce, valgrind.sections.map((s) => s.heading).join("\n"));
  assert.match(pronounce.paragraphs[0]!.text, /^The "Val" as in the word "value"\./);
  // Not "1.1.: How do you pronounce…" (a two-column data table's "name:
  // value"), nor the question list before the answers.
  const all = valgrind.sections.flatMap((s) => s.paragraphs.map((p) => p.text)).join("\n");
  assert.doesNotMatch(all, /\d\.\d\.:|1\.1\. How do you pronounce/);
  // An error message the question shows after its words starts the answer's text, not the heading.
  const ld = valgrind.sections.find((s) => s.heading.endsWith("'make' fails with this:"))!;
  assert.deepEqual(
    ld.paragraphs.map((p) => p.text),
    [
      "/usr/bin/ld: cannot find -lc collect2: ld returned 1 exit status",
      "You need to install the glibc-static-devel package.",
    ],
  );
});

test("a data table stays sentences, while a table holding a heading or a listing is layout", () => {
  const data = htmlSections(
    "<table><tr><th>Type</th><th>Size</th></tr><tr><td><p>point</p></td><td><p>16 bytes</p></td></tr></table>",
  );
  assert.deepEqual(
    data.sections[0]!.paragraphs.map((p) => p.text),
    ["point — Size: 16 bytes."],
  );
  const layout = htmlSections(
    "<table><tr><td><h3>Install</h3></td></tr><tr><td><p>Run make.</p><pre>make install</pre></td></tr></table>",
  );
  assert.deepEqual(
    layout.sections.map((s) => [s.heading, s.paragraphs.map((p) => p.text)]),
    [["Install", ["Run make.", "make install"]]],
  );
});
