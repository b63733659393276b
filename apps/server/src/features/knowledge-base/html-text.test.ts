import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { htmlSections, mainContentOfHtml } from "./html-text.ts";

// nano's FAQ (tests/kb-check-set): an in-page table of contents with no class naming it, and commands set in bold.
const nanoFaq = mainContentOfHtml(fs.readFileSync(new URL("../../../../../tests/kb-check-set/nano-faq.html", import.meta.url), "utf8"));
const texts = nanoFaq.sections.flatMap((s) => s.paragraphs.map((p) => p.text));

test("a block of nothing but links into the same page is a table of contents, not a passage", () => {
  assert.ok(!texts.some((t) => t.includes("1.1. What is GNU nano? 1.2.")), texts.slice(0, 3).join("\n"));
  // The questions are still there, as the headings of their answers.
  assert.ok(nanoFaq.sections.some((s) => s.heading.endsWith("What is GNU nano?") && /free replacement for the Pico/.test(s.paragraphs[0]!.text)));
});

test("a command set in bold on a line of its own stays in its answer instead of becoming a heading", () => {
  const usrLocal = nanoFaq.sections.find((s) => s.heading.endsWith("Why does everything go into /usr/local?"))!;
  assert.match(usrLocal.paragraphs.map((p) => p.text).join(" "), /--prefix=\/usr.*This will put nano into \/usr\/bin/);
  assert.ok(!nanoFaq.sections.some((s) => /configure --prefix|tar -xvf/.test(s.heading)), nanoFaq.sections.map((s) => s.heading).join("\n"));
});

test("a short bold paragraph that reads as a title is still a heading", () => {
  const { sections } = htmlSections("<p><b>Opening hours</b></p><p>We are open from 9 to 5 on weekdays.</p>");
  assert.equal(sections[0]!.heading, "Opening hours");
});
