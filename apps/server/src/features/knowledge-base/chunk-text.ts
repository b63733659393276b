/**
 * Splits extracted text into passages for retrieval: about 80–200 words each, never across a heading,
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

type Section = { heading: string; paragraphs: string[] };
const words = (s: string) => (s.match(/\S+/g) ?? []).length;
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** A markdown heading, or a short title-like line with no sentence punctuation that is followed by text. */
function headingOf(line: string, next: string | undefined): string | null {
  const md = /^#{1,6}\s+(.+)$/.exec(line);
  if (md) return md[1]!.trim();
  // A wrapped line continues into a lower-case next line; a title is followed by a new sentence.
  if (next === undefined || next.trim() === "" || /^\p{Ll}/u.test(next)) return null;
  const w = words(line);
  if (w === 0 || w > 8 || line.length > 80) return null;
  if (/[.!?,;:)"'”]$/.test(line) || !/^[\p{Lu}\d]/u.test(line)) return null;
  return line;
}

function sections(text: string): Section[] {
  const lines = text.replace(/\r\n?/g, "\n").replace(/-\n(?=\p{Ll})/gu, "").split("\n").map((l) => l.replace(/\s+/g, " ").trim());
  const out: Section[] = [{ heading: "", paragraphs: [] }];
  let para: string[] = [];
  const endParagraph = () => {
    if (para.length) out[out.length - 1]!.paragraphs.push(para.join(" "));
    para = [];
  };
  lines.forEach((line, i) => {
    if (line === "") return endParagraph();
    const heading = headingOf(line, lines[i + 1]);
    // Extracted PDFs have no blank lines: a title line after a finished sentence also starts a section.
    const sentenceDone = para.length === 0 || /[.!?:]$/.test(para[para.length - 1]!);
    if (heading !== null && sentenceDone) {
      endParagraph();
      out.push({ heading, paragraphs: [] });
      return;
    }
    para.push(line);
  });
  endParagraph();
  return out.filter((s) => s.paragraphs.length > 0);
}

function sentences(paragraph: string, maxWords: number): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(paragraph)) {
    const s = segment.trim();
    if (!s) continue;
    const w = s.split(/\s+/);
    for (let i = 0; i < w.length; i += maxWords) out.push(w.slice(i, i + maxWords).join(" "));
  }
  return out;
}

function packSection(section: Section, o: ChunkOptions): Passage[] {
  const passages: string[] = [];
  let current: string[] = [];
  let count = 0;
  const flush = () => {
    if (current.length) passages.push(current.join(" "));
    current = [];
    count = 0;
  };
  for (const paragraph of section.paragraphs) {
    for (const s of sentences(paragraph, o.maxWords)) {
      const n = words(s);
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
  if (last > 0 && words(passages[last]!) < o.minWords && words(passages[last - 1]!) + words(passages[last]!) <= o.maxWords) {
    passages[last - 1] += " " + passages.pop();
  }
  return passages.map((text) => ({ heading: section.heading, text }));
}

export function chunkText(text: string, options: Partial<ChunkOptions> = {}): Passage[] {
  const o = { ...DEFAULTS, ...options };
  return sections(text).flatMap((s) => packSection(s, o));
}
