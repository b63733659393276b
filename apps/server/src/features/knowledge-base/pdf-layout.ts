import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PDFDocumentProxy, TextItem, TextMarkedContent } from "pdfjs-dist/types/src/display/api";
import { ExtractionError } from "./extraction-error.ts";

/** One printed line of a PDF page: its text, where it sits and how big its type is. */
export type PdfLine = {
  text: string;
  /** 1-based page number. */
  page: number;
  /** Baseline height from the page's bottom, in points. */
  y: number;
  /** Left edge, in points. */
  x: number;
  /** Font size (glyph height) in points, the largest on the line. */
  size: number;
  /** Text runs separated by wide gaps (table cells, perhaps), when there are two or more. */
  cells?: PdfCell[];
  /** A paragraph of its own (a table row read as sentences): never joined with the lines around it. */
  block?: boolean;
};
/** A run of text between wide gaps, and the font (pdf.js's name for it) its first item is set in. */
export type PdfCell = { x: number; text: string; font: string };
export type PdfPage = { page: number; lines: PdfLine[] };
/** An outline (bookmarks) entry: its title, nesting depth (0 = top) and the page it points to. */
export type OutlineEntry = { title: string; depth: number; page: number | null };
export type PdfLayout = { pages: PdfPage[]; outline: OutlineEntry[] };

const isTextItem = (item: TextItem | TextMarkedContent): item is TextItem => "str" in item;

type OpenLine = PdfLine & { end: number; cellList: PdfCell[] };

/** Joins the text items pdf.js reports for one page into lines, in the order the page draws them. */
export function linesOfItems(
  items: Array<Pick<TextItem, "str" | "transform" | "width" | "height" | "fontName">>,
  page: number,
): PdfLine[] {
  const lines: OpenLine[] = [];
  let current: OpenLine | null = null;
  for (const item of items) {
    if (item.str === "") continue;
    const [, , , , x, y] = item.transform as [number, number, number, number, number, number];
    const size = Math.abs(item.height) || Math.abs(item.transform[3]!);
    const blank = item.str.trim() === "";
    // A new line when the baseline moves by more than a third of the type's height.
    const sameLine = current && Math.abs(current.y - y) <= Math.max(current.size, size, 1) / 3 && x >= current.x;
    if (!sameLine || !current) {
      if (current) lines.push(current);
      current = {
        text: item.str,
        page,
        y,
        x,
        size,
        end: blank ? x : x + item.width,
        cellList: [{ x, text: item.str, font: item.fontName }],
      };
      continue;
    }
    // Some PDFs draw no space between words: a gap wider than a fifth of the type's height is one; one
    // wider than one and a half is a gap between columns.
    const gap = x - current.end;
    const spaced = /\s$/.test(current.text) || /^\s/.test(item.str);
    current.text += !spaced && gap > size * 0.2 ? ` ${item.str}` : item.str;
    if (!blank && gap > Math.max(size, current.size) * 1.5)
      current.cellList.push({ x, text: item.str, font: item.fontName });
    else current.cellList[current.cellList.length - 1]!.text += !spaced && gap > size * 0.2 ? ` ${item.str}` : item.str;
    current.size = Math.max(current.size, size);
    if (!blank) current.end = Math.max(current.end, x + item.width);
  }
  if (current) lines.push(current);
  const tidy = (t: string) => t.replace(/\s+/g, " ").trim();
  return lines
    .map(({ end: _end, cellList, ...line }) => {
      const cells = cellList.map((c) => ({ ...c, text: tidy(c.text) })).filter((c) => c.text !== "");
      return { ...line, text: tidy(line.text), ...(cells.length > 1 ? { cells } : {}) };
    })
    .filter((line) => line.text !== "");
}

async function outlineOf(doc: PDFDocumentProxy): Promise<OutlineEntry[]> {
  const out: OutlineEntry[] = [];
  type Node = { title: string; dest: string | unknown[] | null; items: Node[] };
  const pageOf = async (dest: Node["dest"]): Promise<number | null> => {
    try {
      const explicit = typeof dest === "string" ? await doc.getDestination(dest) : dest;
      const ref = explicit?.[0];
      if (ref === undefined || ref === null) return null;
      return typeof ref === "number" ? ref + 1 : (await doc.getPageIndex(ref as never)) + 1;
    } catch {
      return null;
    }
  };
  const walk = async (nodes: Node[], depth: number) => {
    for (const node of nodes) {
      out.push({ title: node.title.replace(/\s+/g, " ").trim(), depth, page: await pageOf(node.dest) });
      await walk(node.items, depth + 1);
    }
  };
  await walk(((await doc.getOutline()) ?? []) as Node[], 0);
  return out;
}

async function open(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js takes ownership of (detaches) the buffer it is given, and refuses a Buffer: hand it a plain copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  });
  try {
    return await task.promise;
  } catch (err) {
    if ((err as Error).name === "PasswordException")
      throw new ExtractionError("password-protected PDF: remove the password and upload it again");
    throw new ExtractionError(`unreadable PDF (${(err as Error).message})`);
  }
}

/** Every page's lines, and the outline: what headers, contents pages and headings are told from. */
export async function readPdfLayout(bytes: Uint8Array): Promise<PdfLayout> {
  const doc = await open(bytes);
  try {
    const pages: PdfPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push({ page: n, lines: linesOfItems(content.items.filter(isTextItem), n) });
      page.cleanup();
    }
    return { pages, outline: await outlineOf(doc).catch(() => []) };
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError(`unreadable PDF (${(err as Error).message})`);
  } finally {
    await doc.destroy();
  }
}
