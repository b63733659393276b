import { hyphenJoiner } from "./line-hyphens.ts";
import { tableSentences } from "./table-sentences.ts";
import {
  isPipeRow,
  isPipeRule,
  isRuleLine,
  literalFence,
  looksLikeCode,
  pipeCells,
  underlines,
  withoutMarkdownMarkup,
} from "./text-markup.ts";

/**
 * Splits a document into passages for retrieval: about 80–200 words each, never across a heading,
 * broken only at sentence ends (a sentence longer than the maximum is cut at a word boundary).
 */
export type Passage = {
  /** The heading path, outermost first ("Chapter 3 › Installing"); "" before the first heading. */
  heading: string;
  text: string;
  /** The PDF page (1-based) the passage starts on; null or absent for documents without pages. */
  page?: number | null;
};
export type ChunkOptions = { minWords: number; maxWords: number };
const DEFAULTS: ChunkOptions = { minWords: 80, maxWords: 200 };

/** A paragraph and the page it starts on; `breaks` are the offsets in `text` where a later page begins. */
export type Paragraph = { text: string; page: number | null; breaks?: Array<{ at: number; page: number }> };
/** The paragraphs under one heading path. */
export type Section = { heading: string; paragraphs: Paragraph[] };

/** Joins heading levels into the path a passage carries. */
export const HEADING_SEPARATOR = " › ";
/** "3.2.1 ", "8.1. ", "3.1 - ", "Chapter 3: ", "Appendix A ", "A.1 ": section numbers a listener does not need. */
export const SECTION_NUMBER = new RegExp(
  String.raw`^(?:(?:[Cc]hapter|[Aa]ppendix|[Pp]art|[Ss]ection)\s+[\dA-Z]+[.:]?\s+|` +
    String.raw`(?:\d+|[A-Z](?=\.))(?:\.\d+)*\.?\s+(?:[-–—:]\s+)?(?=\S))`,
);
/** A heading as a passage carries it: without its section number (unless that is all it is). */
export const headingTitle = (title: string) => title.replace(SECTION_NUMBER, "").trim() || title.trim();

const words = (s: string) => (s.match(/\S+/g) ?? []).length;
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

type Heading = { level: number; title: string };

/**
 * A short title-like line of no markup, followed by its text (a wrapped line continues into a lower-case
 * one; a code line is indented deeper). A title stands apart from the paragraph before it: after a blank
 * line, or, in text without blank lines between paragraphs (a Word file's), after a finished sentence.
 * So "See" at the start of a wrapped line is not a heading.
 */
function titleLine(
  line: string,
  indent: number,
  next: { text: string; indent: number } | undefined,
  apart: boolean,
): Heading | null {
  if (
    !apart ||
    indent > 1 ||
    next === undefined ||
    next.text === "" ||
    next.indent > indent + 1 ||
    /^\p{Ll}/u.test(next.text)
  )
    return null;
  const w = words(line);
  if (w === 0 || w > 8 || line.length > 80 || looksLikeCode(line)) return null;
  if (/[.!?,;:)"'”]$/.test(line) || !/^[\p{Lu}\d]/u.test(line)) return null;
  // Below every marked level: it names a part of the section it is in.
  return { level: 7, title: line };
}

const isBoxLine = (line: string | undefined) => line !== undefined && /^\|.*\|$/.test(line);

/**
 * The indentation of most of the text's prose lines (long lines of words): 0 in most files; 4 in a GNU-style
 * README whose titles stand at the margin over indented paragraphs ("Purpose", blank line, "    Nano is…").
 */
function indentOfProse(lines: Array<{ text: string; indent: number }>): number {
  const counts = new Map<number, number>();
  for (const l of lines)
    if (l.text.length >= 40 && /^\p{L}/u.test(l.text) && !looksLikeCode(l.text))
      counts.set(l.indent, (counts.get(l.indent) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * In text whose paragraphs are indented, a short title-like line at the margin, apart from the text
 * before it, over a blank line and an indented paragraph, is a title.
 */
function outdentedTitle(
  lines: Array<{ text: string; indent: number }>,
  i: number,
  bodyIndent: number,
  apart: boolean,
): Heading | null {
  const { text, indent } = lines[i]!;
  if (bodyIndent < 2 || indent !== 0 || lines[i + 1]?.text !== "") return null;
  const next = lines.slice(i + 1).find((l) => l.text !== "");
  if (!next || next.indent < bodyIndent) return null;
  return titleLine(text, indent, { text: next.text, indent }, apart);
}

/**
 * Plain text (TXT, DOC) to sections with heading paths. Headings: markdown "#" lines, titles underlined
 * (levels in the order their marks first appear, as reStructuredText does) and short title lines (see
 * titleLine). Rules and block delimiters are dropped; inside a code or literal block nothing is a heading.
 * A word hyphenated at a line end is joined, keeping its hyphen when it is a compound (line-hyphens.ts).
 */
export function textSections(text: string): Section[] {
  const raw = withoutMarkdownMarkup(text.replace(/\r\n?/g, "\n")).split("\n");
  const lines = joinHyphenatedLines(raw).map((l) => ({
    text: l.replace(/\s+/g, " ").trim(),
    indent: /^[ \t]*/.exec(l.replace(/\t/g, "    "))![0].length,
  }));
  const blanks = lines.filter((l) => l.text === "").length;
  const bodyIndent = indentOfProse(lines);
  // Paragraphs one per line with no blank lines between (a Word file's text): a title follows a finished sentence.
  const linePerParagraph = blanks < lines.length * 0.05;
  const out: Section[] = [{ heading: "", paragraphs: [] }];
  const path: Heading[] = [];
  const underlineLevels: string[] = [];
  let para: string[] = [];
  let literal: string | null = null;
  const endParagraph = () => {
    if (para.length) out[out.length - 1]!.paragraphs.push({ text: para.join(" "), page: null });
    para = [];
  };
  const startSection = (h: Heading) => {
    endParagraph();
    while (path.length && path[path.length - 1]!.level >= h.level) path.pop();
    path.push(h);
    out.push({ heading: path.map((p) => p.title).join(HEADING_SEPARATOR), paragraphs: [] });
  };
  let table: string[][] = [];
  for (const [i, { text: line, indent }] of lines.entries()) {
    // A markdown table (a header line, its "| --- |" rule, rows) is read as sentences, as a web page's is.
    if (literal === null && isPipeRow(line) && (table.length > 0 || isPipeRule(lines[i + 1]?.text ?? ""))) {
      if (!isPipeRule(line)) table.push(pipeCells(line));
      if (isPipeRow(lines[i + 1]?.text ?? "")) continue;
      endParagraph();
      const header = table[0]!.map((text) => ({ text, header: true }));
      for (const row of tableSentences([
        header,
        ...table.slice(1).map((r) => r.map((text) => ({ text, header: false }))),
      ])) {
        para.push(row);
        endParagraph();
      }
      table = [];
      continue;
    }
    if (literal !== null) {
      if (literalFence(line) === literal) {
        literal = null;
        endParagraph();
      } else if (line !== "") para.push(line);
      continue;
    }
    if (line === "") {
      endParagraph();
      continue;
    }
    // A box drawn in text ("|  GNU nano 7.2  filename  |" between "-----" lines) is a picture: its rules are
    // neither a title's underline nor a listing's delimiters.
    if (isRuleLine(line) && (isBoxLine(para[para.length - 1]) || isBoxLine(lines[i + 1]?.text))) {
      endParagraph();
      continue;
    }
    // (Marks under part of a line, "^^^^" under a path far to the right, point at it: they underline no title.)
    if (isRuleLine(line) && para.length === 1 && underlines(para[0]!, line) && indent <= lines[i - 1]!.indent + 3) {
      const mark = line[0]!;
      if (!underlineLevels.includes(mark)) underlineLevels.push(mark);
      const title = para.pop()!;
      startSection({ level: underlineLevels.indexOf(mark) + 1, title: headingTitle(title) });
      continue;
    }
    const fence = literalFence(line);
    if (fence !== null) {
      endParagraph();
      literal = fence;
      continue;
    }
    if (isRuleLine(line)) {
      endParagraph();
      continue;
    }
    const md = indent === 0 ? /^(#{1,6})\s+(.+)$/.exec(line) : null;
    if (md) {
      startSection({ level: md[1]!.length, title: md[2]!.trim() });
      continue;
    }
    const prev = para[para.length - 1];
    const apart = prev === undefined || (linePerParagraph && /[.!?:]$/.test(prev));
    const nextLine = lines[i + 1];
    // An underlined title is found at its underline.
    const heading =
      nextLine && isRuleLine(nextLine.text)
        ? null
        : (titleLine(line, indent, nextLine, apart) ?? outdentedTitle(lines, i, bodyIndent, apart));
    if (heading !== null) {
      startSection(heading);
      continue;
    }
    para.push(line);
  }
  endParagraph();
  return out.filter((s) => s.paragraphs.length > 0);
}

/** Lines with a word hyphenated at their end joined to the next line (its indentation dropped). */
function joinHyphenatedLines(raw: string[]): string[] {
  const join = hyphenJoiner(
    raw.map((l) => ({ text: l.trim() })),
    { typeset: false },
  );
  const out: string[] = [];
  for (const line of raw) {
    const last = out[out.length - 1];
    const joined = last !== undefined && !isRuleLine(line.trim()) ? join(last.trimEnd(), line.trim()) : null;
    if (joined && /\p{L}[-\u00ad]$/u.test(last!.trimEnd()) && !isRuleLine(last!.trim()))
      out[out.length - 1] = joined.text;
    else out.push(line);
  }
  return out;
}

/**
 * Drops a root heading every other heading sits under (the document's title, set as its one top heading):
 * it says nothing about where in the document a passage is. Sections directly under it keep it.
 */
export function dropCommonRoot(sections: Section[]): Section[] {
  const headed = sections.filter((s) => s.heading !== "");
  const root = headed[0]?.heading.split(HEADING_SEPARATOR)[0];
  const under = (h: string) => h.startsWith(`${root}${HEADING_SEPARATOR}`);
  if (!root || !headed.every((s) => s.heading === root || under(s.heading)) || !headed.some((s) => under(s.heading)))
    return sections;
  return sections.map((s) =>
    under(s.heading) ? { ...s, heading: s.heading.slice(root.length + HEADING_SEPARATOR.length) } : s,
  );
}

type Sentence = { text: string; page: number | null };

function sentences(paragraph: Paragraph, maxWords: number): Sentence[] {
  const out: Sentence[] = [];
  const breaks = paragraph.breaks ?? [];
  let page = paragraph.page;
  let next = 0;
  for (const { segment, index } of segmenter.segment(paragraph.text)) {
    // The page the sentence starts on: sentences come in order, so the page breaks are passed once.
    while (next < breaks.length && breaks[next]!.at <= index) page = breaks[next++]!.page;
    const s = segment.trim();
    if (!s) continue;
    const w = s.split(/\s+/);
    for (let i = 0; i < w.length; i += maxWords) out.push({ text: w.slice(i, i + maxWords).join(" "), page });
  }
  return out;
}

function packSection(section: Section, o: ChunkOptions): Passage[] {
  const passages: Array<{ text: string; page: number | null }> = [];
  let current: Sentence[] = [];
  let count = 0;
  const flush = () => {
    if (current.length) passages.push({ text: current.map((s) => s.text).join(" "), page: current[0]!.page });
    current = [];
    count = 0;
  };
  for (const paragraph of section.paragraphs) {
    for (const s of sentences(paragraph, o.maxWords)) {
      const n = words(s.text);
      if (count + n > o.maxWords) flush();
      current.push(s);
      count += n;
    }
    // Prefer paragraph ends as cut points once a passage is long enough.
    if (count >= o.minWords) flush();
  }
  flush();
  // A short tail joins the passage before it when both still fit.
  const last = passages.length - 1;
  if (
    last > 0 &&
    words(passages[last]!.text) < o.minWords &&
    words(passages[last - 1]!.text) + words(passages[last]!.text) <= o.maxWords
  ) {
    passages[last - 1]!.text += " " + passages.pop()!.text;
  }
  return passages.map(({ text, page }) => ({ heading: section.heading, text, page }));
}

export function chunkSections(sections: Section[], options: Partial<ChunkOptions> = {}): Passage[] {
  const o = { ...DEFAULTS, ...options };
  return sections.flatMap((s) => packSection(s, o));
}
