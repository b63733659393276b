import { HEADING_SEPARATOR, SECTION_NUMBER, headingTitle, type Paragraph, type Section } from "./chunk-text.ts";
import { hyphenJoiner } from "./line-hyphens.ts";
import { bodySize } from "./pdf-cleanup.ts";
import type { OutlineEntry, PdfLine } from "./pdf-layout.ts";

/**
 * A PDF's cleaned lines to sections: headings from the outline (bookmarks) when the document has one,
 * else from type bigger than the body's (or, in a manual page, an all-capitals line at the margin);
 * lines joined into paragraphs, across page breaks while a sentence is unfinished, with words hyphenated
 * at a line end joined again.
 */

const SENTENCE_END = /[.!?:;]["'”’)]?$/;
const key = (title: string) =>
  title
    .replace(SECTION_NUMBER, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
const words = (text: string) => (text.match(/\S+/g) ?? []).length;

type Heading = { level: number; title: string };

/**
 * Finds headings by the outline: a line (or two wrapped lines) whose title is an outline entry's, on the
 * page it points to, or near it when set in bigger type than the body (a glossary term in body type that
 * happens to be a section's title elsewhere is not one).
 */
function outlineMatcher(outline: OutlineEntry[]) {
  const entries = outline.map((e) => ({ ...e, key: key(e.title), used: false })).filter((e) => e.key !== "");
  return (text: string, page: number, big: boolean): Heading | null => {
    const k = key(text);
    if (k === "") return null;
    const near = (e: { page: number | null }) =>
      e.page === null ? big : e.page === page || (big && Math.abs(e.page - page) <= 1);
    const entry = entries.find((e) => !e.used && e.key === k && near(e));
    if (!entry) return null;
    entry.used = true;
    return { level: entry.depth, title: headingTitle(entry.title) };
  };
}

/** Heading levels by type size: the largest size above the body's is level 0. */
function sizeLevels(lines: PdfLine[], body: number): (size: number) => number | null {
  const sizes = [
    ...new Set(
      lines.filter((l) => l.size >= body * 1.15 && words(l.text) <= 14).map((l) => Math.round(l.size * 2) / 2),
    ),
  ].sort((a, b) => b - a);
  return (size) => {
    const i = sizes.indexOf(Math.round(size * 2) / 2);
    return i < 0 ? null : i;
  };
}

const titleLike = (text: string) => /\p{L}/u.test(text) && words(text) <= 14 && !/[.,;]$/.test(text);
/** A manual page's section title: "SHELL GRAMMAR", "INVOCATION". */
const capitalsTitle = (text: string) => /^[\p{Lu}][\p{Lu}\d \-/&]{2,40}$/u.test(text) && words(text) <= 5;

export type PdfSectionStats = { hyphenJoins: number };

export function pdfSections(
  lines: PdfLine[],
  outline: OutlineEntry[],
): { sections: Section[]; stats: PdfSectionStats } {
  const body = bodySize(lines);
  // A loop, not Math.min(...): a 20 MB PDF has more lines than a call takes arguments.
  const margin = lines.reduce((m, l) => (Math.abs(l.size - body) < 0.5 ? Math.min(m, l.x) : m), Infinity);
  const fromOutline = outlineMatcher(outline);
  const levelOfSize = sizeLevels(lines, body);
  const joinHyphen = hyphenJoiner(lines);
  const useOutline = outline.length >= 2;
  // Capitals titles rank below every heading set in bigger type.
  const bigTypeLevels = new Set(lines.map((l) => levelOfSize(l.size)).filter((n) => n !== null)).size;

  const sections: Section[] = [{ heading: "", paragraphs: [] }];
  const path: Heading[] = [];
  // A paragraph is kept as its lines (joined at its end): re-reading a growing string per line is quadratic.
  type OpenParagraph = { parts: string[]; length: number; page: number; breaks: NonNullable<Paragraph["breaks"]> };
  let para: OpenParagraph | null = null;
  let prev: PdfLine | null = null;
  let hyphenJoins = 0;

  const endParagraph = () => {
    const text = para?.parts.join(" ") ?? "";
    if (para && /\p{L}|\d/u.test(text))
      sections[sections.length - 1]!.paragraphs.push({
        text,
        page: para.page,
        ...(para.breaks.length ? { breaks: para.breaks } : {}),
      });
    para = null;
  };
  const startSection = (h: Heading) => {
    endParagraph();
    while (path.length && path[path.length - 1]!.level >= h.level) path.pop();
    path.push(h);
    sections.push({ heading: path.map((p) => p.title).join(HEADING_SEPARATOR), paragraphs: [] });
  };
  const headingOf = (line: PdfLine, next: PdfLine | undefined): { heading: Heading; consumed: number } | null => {
    if (useOutline) {
      const big = line.size > body * 1.05;
      const one = fromOutline(line.text, line.page, big);
      if (one) return { heading: one, consumed: 1 };
      // A long title wraps onto a second line in the same type.
      if (big && next && next.page === line.page && Math.abs(next.size - line.size) < 0.5) {
        const two = fromOutline(`${line.text} ${next.text}`, line.page, big);
        if (two) return { heading: two, consumed: 2 };
      }
      return null;
    }
    const level = levelOfSize(line.size);
    if (level !== null && titleLike(line.text))
      return { heading: { level, title: headingTitle(line.text) }, consumed: 1 };
    if (line.x <= margin + 1 && capitalsTitle(line.text))
      return { heading: { level: bigTypeLevels, title: line.text }, consumed: 1 };
    return null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const found = headingOf(line, lines[i + 1]);
    if (found) {
      startSection(found.heading);
      i += found.consumed - 1;
      prev = null;
      continue;
    }
    if (para && prev && !startsParagraph(prev, line, body)) {
      const last = para.parts[para.parts.length - 1]!;
      const hyphen = joinHyphen(last, line.text);
      if (hyphen?.joined) hyphenJoins++;
      if (line.page !== prev.page) para.breaks.push({ at: para.length + 1, page: line.page });
      if (hyphen) {
        para.parts[para.parts.length - 1] = hyphen.text;
        para.length += hyphen.text.length - last.length;
      } else {
        para.parts.push(line.text);
        para.length += 1 + line.text.length;
      }
    } else {
      endParagraph();
      para = { parts: [line.text], length: line.text.length, page: line.page, breaks: [] };
    }
    prev = line;
  }
  endParagraph();
  return { sections: sections.filter((s) => s.paragraphs.length > 0), stats: { hyphenJoins } };
}

/**
 * Whether `line` begins a new paragraph after `prev`: on a new page only when the sentence before was
 * finished; on the same page after a wider gap than between lines, an indented first line, or a change
 * of type size.
 */
function startsParagraph(prev: PdfLine, line: PdfLine, body: number): boolean {
  if (prev.block || line.block) return true;
  const finished = SENTENCE_END.test(prev.text);
  if (line.page !== prev.page) return finished;
  if (Math.abs(line.size - prev.size) > 0.5) return true;
  const gap = prev.y - line.y;
  if (gap < 0 || gap > Math.max(prev.size, body) * 1.45) return true;
  return finished && Math.abs(line.x - prev.x) > body * 0.8;
}
