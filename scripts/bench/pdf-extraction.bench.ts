/**
 * PDF extraction clean-up, before → after, on real PDFs: the dev set's, the unit tests' extract, and any
 * named in BENCH_PDFS (colon-separated paths, e.g. Debian manuals unpacked with `apt-get download` + `dpkg -x`).
 *
 * "Before" is the flat text of every page's lines, chunked as plain text (what indexing did with pdf-parse's
 * text); "after" is extractDocument's sections. Measured on the passages, independently of the clean-up:
 * - running line: a page's top or bottom line that recurs (digits aside) at the edge of 3+ pages, or a bare
 *   page number; a passage holds one when it holds that line's text (a bare number: with the words
 *   printed just before it);
 * - contents passage: three or more dot leaders (". . . ." runs), as tables of contents and indexes have.
 */
import fs from "node:fs";
import path from "node:path";
import { chunkSections, textSections, type Passage } from "../../apps/server/src/features/knowledge-base/chunk-text.ts";
import { pdfDocument } from "../../apps/server/src/features/knowledge-base/extract-document.ts";
import { isPageMarker } from "../../apps/server/src/features/knowledge-base/pdf-cleanup.ts";
import { readPdfLayout, type PdfLayout } from "../../apps/server/src/features/knowledge-base/pdf-layout.ts";

const root = new URL("../../", import.meta.url).pathname;
const inDir = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".pdf"))
        .map((f) => path.join(dir, f))
    : [];

function pdfs(): string[] {
  const named = (process.env.BENCH_PDFS ?? "").split(":").filter(Boolean);
  return [
    ...inDir(path.join(root, "tests/kb-dev-set")),
    ...inDir(path.join(root, "tests/support/debian-extracts")),
    ...named,
  ];
}

const shape = (t: string) => t.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
const squash = (t: string) => t.replace(/\s+/g, " ");

/** Texts that mark a passage as holding a running line: the line itself, or a bare number with the words before it. */
function runningMarks(layout: PdfLayout): string[] {
  const edgesOf = layout.pages.map((p) => {
    const sorted = [...p.lines].sort((a, b) => b.y - a.y);
    return sorted.length ? { sorted, edge: [sorted[0]!, sorted[sorted.length - 1]!] } : { sorted, edge: [] };
  });
  const count = new Map<string, number>();
  for (const { edge } of edgesOf)
    for (const s of new Set(edge.map((l) => shape(l.text)))) count.set(s, (count.get(s) ?? 0) + 1);
  const marks: string[] = [];
  for (const { sorted, edge } of edgesOf) {
    for (const line of edge) {
      if (isPageMarker(line.text)) {
        // The body line printed next to it, so the number is found where the flat text put it.
        const i = sorted.indexOf(line);
        const neighbour = i === 0 ? sorted[1] : sorted[i - 1];
        const tail = neighbour?.text.split(" ").slice(-3).join(" ");
        if (tail)
          marks.push(
            i === 0 ? `${line.text} ${neighbour!.text.split(" ").slice(0, 3).join(" ")}` : `${tail} ${line.text}`,
          );
      } else if ((count.get(shape(line.text)) ?? 0) >= 3 && line.text.split(" ").length >= 2) marks.push(line.text);
    }
  }
  return [...new Set(marks.map(squash))];
}

const DOT_LEADERS = /(?:\. ?){4,}/g;
const isContents = (p: Passage) => (p.text.match(DOT_LEADERS) ?? []).length >= 3;

function measure(passages: Passage[], marks: string[]) {
  const withRunning = passages.filter((p) => {
    const text = squash(p.text);
    return marks.some((m) => text.includes(m));
  }).length;
  return { passages: passages.length, withRunning, contents: passages.filter(isContents).length };
}

const pct = (n: number, of: number) => `${of ? ((100 * n) / of).toFixed(1) : "0.0"}%`;

export async function run(): Promise<void> {
  const files = pdfs();
  if (files.length === 0)
    return void console.log("no PDFs found (tests/kb-dev-set, tests/support/debian-extracts, BENCH_PDFS)");
  console.log(
    "PDF | pages | passages before → after | with a running header/footer/page number " +
      "before → after | contents/index passages before → after | clean-up counts",
  );
  for (const file of files) {
    const layout = await readPdfLayout(new Uint8Array(fs.readFileSync(file))).catch((err: Error) => err);
    if (layout instanceof Error) {
      console.log(`${path.basename(file)} | not read: ${layout.message}`);
      continue;
    }
    const marks = runningMarks(layout);
    const before = measure(
      chunkSections(textSections(layout.pages.map((p) => p.lines.map((l) => l.text).join("\n")).join("\n"))),
      marks,
    );
    const doc = pdfDocument(layout);
    const after = measure(chunkSections(doc.sections), marks);
    console.log(
      `${path.basename(file)} | ${layout.pages.length} | ${before.passages} → ${after.passages} | ` +
        `${before.withRunning} (${pct(before.withRunning, before.passages)}) → ` +
        `${after.withRunning} (${pct(after.withRunning, after.passages)}) | ` +
        `${before.contents} → ${after.contents} | ${JSON.stringify(doc.cleanup)}`,
    );
  }
}
