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
/** "3.2.1 ", "8.1. ", "Chapter 3: ", "Appendix A ", "A.1 ": section numbers a listener does not need. */
export const SECTION_NUMBER = /^(?:(?:[Cc]hapter|[Aa]ppendix|[Pp]art|[Ss]ection)\s+[\dA-Z]+[.:]?\s+|(?:\d+|[A-Z](?=\.))(?:\.\d+)*\.?\s+(?=\S))/;
/** A heading as a passage carries it: without its section number (unless that is all it is). */
export const headingTitle = (title: string) => title.replace(SECTION_NUMBER, "").trim() || title.trim();

const words = (s: string) => (s.match(/\S+/g) ?? []).length;
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** A markdown heading (with its level), or a short title-like line with no sentence punctuation that is followed by text. */
function headingOf(line: string, next: string | undefined): { level: number; title: string } | null {
  const md = /^(#{1,6})\s+(.+)$/.exec(line);
  if (md) return { level: md[1]!.length, title: md[2]!.trim() };
  // A wrapped line continues into a lower-case next line; a title is followed by a new sentence.
  if (next === undefined || next.trim() === "" || /^\p{Ll}/u.test(next)) return null;
  const w = words(line);
  if (w === 0 || w > 8 || line.length > 80) return null;
  if (/[.!?,;:)"'”]$/.test(line) || !/^[\p{Lu}\d]/u.test(line)) return null;
  // Below every markdown level: it names a part of the section it is in.
  return { level: 7, title: line };
}

/** Plain text (TXT, DOC, and HTML turned into "# " heading lines) to sections with heading paths. */
export function textSections(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, "\n").replace(/-\n(?=\p{Ll})/gu, "").split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  const out: Section[] = [{ heading: "", paragraphs: [] }];
  const path: Array<{ level: number; title: string }> = [];
  let para: string[] = [];
  const endParagraph = () => {
    if (para.length) out[out.length - 1]!.paragraphs.push({ text: para.join(" "), page: null });
    para = [];
  };
  lines.forEach((line, i) => {
    if (line === "") return endParagraph();
    const heading = headingOf(line, lines[i + 1]);
    // Extracted text may have no blank lines: a title line after a finished sentence also starts a section.
    const sentenceDone = para.length === 0 || /[.!?:]$/.test(para[para.length - 1]!);
    if (heading !== null && sentenceDone) {
      endParagraph();
      while (path.length && path[path.length - 1]!.level >= heading.level) path.pop();
      path.push(heading);
      out.push({ heading: path.map((h) => h.title).join(HEADING_SEPARATOR), paragraphs: [] });
      return;
    }
    para.push(line);
  });
  endParagraph();
  return out.filter((s) => s.paragraphs.length > 0);
}

/**
 * Drops a root heading every other heading sits under (the document's title, set as its one top heading):
 * it says nothing about where in the document a passage is. Sections directly under it keep it.
 */
export function dropCommonRoot(sections: Section[]): Section[] {
  const headed = sections.filter((s) => s.heading !== "");
  const root = headed[0]?.heading.split(HEADING_SEPARATOR)[0];
  const under = (h: string) => h.startsWith(`${root}${HEADING_SEPARATOR}`);
  if (!root || !headed.every((s) => s.heading === root || under(s.heading)) || !headed.some((s) => under(s.heading))) return sections;
  return sections.map((s) => (under(s.heading) ? { ...s, heading: s.heading.slice(root.length + HEADING_SEPARATOR.length) } : s));
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
  if (last > 0 && words(passages[last]!.text) < o.minWords && words(passages[last - 1]!.text) + words(passages[last]!.text) <= o.maxWords) {
    passages[last - 1]!.text += " " + passages.pop()!.text;
  }
  return passages.map(({ text, page }) => ({ heading: section.heading, text, page }));
}

export function chunkSections(sections: Section[], options: Partial<ChunkOptions> = {}): Passage[] {
  const o = { ...DEFAULTS, ...options };
  return sections.flatMap((s) => packSection(s, o));
}

export function chunkText(text: string, options: Partial<ChunkOptions> = {}): Passage[] {
  return chunkSections(textSections(text), options);
}
