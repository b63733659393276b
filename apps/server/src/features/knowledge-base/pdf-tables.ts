import type { PdfCell, PdfLine } from "./pdf-layout.ts";
import { tableSentences } from "./table-sentences.ts";

/**
 * Tables in a PDF, where they can be told from the layout: three or more columns whose cells start at the
 * same x on every row, under a header row set in another font than the rows (bold, as a rule). A cell
 * wrapped onto the next line is joined back. Grids of words (reserved words, colour names, contributors'
 * names: one word a cell, many cells empty, or no header of their own) stay as they are.
 */

const ALIGN = 4;
const MIN_COLUMNS = 3;
const MIN_ROWS = 3;

const cellsOf = (line: PdfLine): PdfCell[] => line.cells ?? [{ x: line.x, text: line.text, font: "" }];
const columnOf = (columns: number[], x: number) => columns.findIndex((c) => Math.abs(c - x) <= ALIGN);

/** The rows of the table starting at `lines[start]`, and where it ends; null when no table starts there. */
function tableAt(lines: PdfLine[], start: number): { rows: string[][]; end: number } | null {
  const head = lines[start]!;
  if (!head.cells || head.cells.length < MIN_COLUMNS) return null;
  const columns = head.cells.map((c) => c.x);
  const rows: string[][] = [head.cells.map((c) => c.text)];
  const bodyFonts = new Set<string>();
  let end = start + 1;
  for (; end < lines.length && lines[end]!.page === head.page; end++) {
    const cells = cellsOf(lines[end]!);
    const at = cells.map((c) => columnOf(columns, c.x));
    if (at.some((i) => i < 0)) break;
    for (const c of cells) bodyFonts.add(c.font);
    if (at[0] === 0) {
      // A new row needs more than its first cell: a lone line at the left margin is text after the table.
      if (cells.length < 2) break;
      const row = columns.map(() => "");
      cells.forEach((c, i) => {
        row[at[i]!] = c.text;
      });
      rows.push(row);
    } else {
      // A cell wrapped onto the next line, in the columns right of the first.
      const last = rows[rows.length - 1]!;
      cells.forEach((c, i) => {
        last[at[i]!] = `${last[at[i]!]}${/[/-]$/.test(last[at[i]!]!) ? "" : " "}${c.text}`.trim();
      });
    }
  }
  if (rows.length < MIN_ROWS) return null;
  const body = rows.slice(1).flat();
  // A grid of words leaves many cells empty (the list runs out) or holds one word in each.
  if (body.filter((t) => t === "").length > body.length * 0.2 || rows.flat().every((t) => !/\s/.test(t))) return null;
  if (head.cells.some((c) => bodyFonts.has(c.font))) return null;
  return { rows, end };
}

/** Replaces each table found with one line per row, read as sentences; answers how many rows were read. */
export function pdfTablesAsSentences(lines: PdfLine[]): { lines: PdfLine[]; rows: number } {
  const out: PdfLine[] = [];
  let rows = 0;
  for (let i = 0; i < lines.length; i++) {
    const table = tableAt(lines, i);
    if (!table) {
      out.push(lines[i]!);
      continue;
    }
    const sentences = tableSentences(table.rows.map((r, n) => r.map((text) => ({ text, header: n === 0 }))));
    const first = lines[i]!;
    for (const text of sentences)
      out.push({ text, page: first.page, y: first.y, x: first.x, size: first.size, block: true });
    rows += sentences.length;
    i = table.end - 1;
  }
  return { lines: out, rows };
}
