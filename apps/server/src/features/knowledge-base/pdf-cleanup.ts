import type { PdfLine, PdfPage } from "./pdf-layout.ts";

/**
 * Clean-up of a PDF's pages before its text is indexed: running headers and footers (the lines printed on
 * every page: title, chapter, page number, "Page 3 of 40") and tables of contents and indexes (lines of
 * titles ending in page numbers: as passages they match every question and answer none).
 */

/** The body's font size: the one most characters are set in. */
export function bodySize(lines: PdfLine[]): number {
  const chars = new Map<number, number>();
  for (const l of lines)
    chars.set(Math.round(l.size * 2) / 2, (chars.get(Math.round(l.size * 2) / 2) ?? 0) + l.text.length);
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

const byPosition = (lines: PdfLine[]) => [...lines].sort((a, b) => b.y - a.y);
/** Digits do not make a running line different: "Chapter 3: Basic Shell Features 9" and "… 10" are one. */
const shape = (text: string) => text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
const words = (text: string) => (text.match(/\S+/g) ?? []).length;

/** A line that is nothing but a page number: "12", "- 12 -", "Page 3 of 40", "3/40", "iv". */
export function isPageMarker(text: string): boolean {
  const t = text.trim();
  return (
    /^(page\s+)?\d{1,4}(\s*(of|\/)\s*\d{1,4})?$/i.test(t) ||
    /^[-–—]\s*\d{1,4}\s*[-–—]$/.test(t) ||
    /^[ivxlcdm]{1,7}$/i.test(t)
  );
}

/** The number a line starts or ends with ("Chapter 2: Definitions 4" → 4), if any. */
function edgeNumber(text: string): number | null {
  const m = /(?:^|\D)(\d{1,4})$/.exec(text) ?? /^(\d{1,4})(?:\D|$)/.exec(text);
  return m ? Number(m[1]) : null;
}

/** Lines at the top and bottom edge of a page (`depth` of each), where running lines are printed. */
function edges(page: PdfPage, depth: number): PdfLine[] {
  const sorted = byPosition(page.lines);
  if (sorted.length <= depth * 2) return sorted;
  return [...sorted.slice(0, depth), ...sorted.slice(-depth)];
}

/** The outermost line at each edge (lines on the same baseline count together). */
function outermost(page: PdfPage): PdfLine[] {
  if (page.lines.length === 0) return [];
  const top = page.lines.reduce((m, l) => Math.max(m, l.y), -Infinity);
  const bottom = page.lines.reduce((m, l) => Math.min(m, l.y), Infinity);
  return page.lines.filter((l) => Math.abs(l.y - top) < 2 || Math.abs(l.y - bottom) < 2);
}

/**
 * The printed page number's offset from the page's position in the file (page 7 printed "1" → 6): the
 * offset most pages agree on, when enough do.
 */
function pageNumberOffset(pages: PdfPage[]): number | null {
  const votes = new Map<number, number>();
  for (const page of pages) {
    const offsets = new Set(
      outermost(page)
        .map((l) => edgeNumber(l.text))
        .filter((n) => n !== null)
        .map((n) => page.page - n),
    );
    for (const o of offsets) votes.set(o, (votes.get(o) ?? 0) + 1);
  }
  const [best] = [...votes].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= Math.max(2, pages.length * 0.25) ? best[0] : null;
}

/** Removes running headers and footers; answers the pages left and how many lines went. */
export function removeRunningLines(pages: PdfPage[]): { pages: PdfPage[]; removed: number } {
  const body = bodySize(pages.flatMap((p) => p.lines));
  const seen = new Map<string, number>();
  // A line shaped like the body's own lines is content, however often it recurs at the edges.
  const inBody = new Map<string, number>();
  for (const page of pages) {
    const edge = edges(page, 2);
    for (const s of new Set(edge.map((l) => shape(l.text)))) seen.set(s, (seen.get(s) ?? 0) + 1);
    for (const s of new Set(page.lines.filter((l) => !edge.includes(l)).map((l) => shape(l.text))))
      inBody.set(s, (inBody.get(s) ?? 0) + 1);
  }
  const repeatsOn = Math.min(3, Math.max(2, pages.length));
  const offset = pageNumberOffset(pages);
  let removed = 0;
  const cleaned = pages.map((page) => {
    const edge = new Set(edges(page, 2));
    const outer = new Set(outermost(page));
    const running = (l: PdfLine) => {
      if (!edge.has(l) || l.size > body * 1.1) return false;
      const s = shape(l.text);
      if (pages.length > 1 && words(l.text) <= 15 && (seen.get(s) ?? 0) >= repeatsOn && (inBody.get(s) ?? 0) < 2)
        return true;
      if (!outer.has(l)) return false;
      return (
        isPageMarker(l.text) || (offset !== null && edgeNumber(l.text) === page.page - offset && words(l.text) <= 12)
      );
    };
    const lines = page.lines.filter((l) => !running(l));
    removed += page.lines.length - lines.length;
    return { ...page, lines };
  });
  return { pages: cleaned, removed };
}

const DOT_LEADER = /(?:\.\s?){4,}\s*(?:\d{1,4}|[ivxlcdm]{1,6})?$|…\s*\d{1,4}$/i;
const PAGE_REFS = /\s(\d{1,4})(?:\s*[,–-]\s*\d{1,4})*$/;
const CONTENTS_TITLE = new RegExp(
  String.raw`^(table of )?contents$|^index$|^(concept|function|variable|command|general|subject|` +
    String.raw`keystroke|program|option)s?( and [a-z]+)? index$|^list of (figures|tables)$`,
  "i",
);

/** A contents or index entry: a title, dot leaders, a page number ("7.6. Contributors ........ 43"). */
export const isContentsLine = (text: string) => /\p{L}.*(?:\.\s?){5,}\s*(?:\d{1,4}|[ivxlcdm]{1,6})$/iu.test(text);

/**
 * A table of contents or an index page: most of its lines are titles ending in dot leaders or page
 * numbers (within the document's page count, so a table of figures is not taken for one).
 */
export function isContentsPage(page: PdfPage, pageCount: number): boolean {
  const lines = page.lines.filter((l) => /\p{L}|\./u.test(l.text));
  if (lines.length < 5) return false;
  const leaders = lines.filter((l) => DOT_LEADER.test(l.text)).length;
  const refs = lines.filter((l) => {
    const m = PAGE_REFS.exec(l.text);
    return m !== null && Number(m[1]) <= pageCount + 50 && words(l.text) <= 12;
  }).length;
  const titled = lines.slice(0, 3).some((l) => CONTENTS_TITLE.test(l.text.replace(/^[\d.]+\s+/, "")));
  return (
    leaders >= lines.length * 0.4 || refs >= lines.length * 0.6 || (titled && leaders + refs >= lines.length * 0.3)
  );
}
