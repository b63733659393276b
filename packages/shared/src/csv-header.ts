const CANDIDATES = [",", ";", "\t", "|"] as const;

/**
 * The field delimiter, read from the first non-empty line (the header): the candidate that occurs
 * most often outside quotes. Excel writes ";" in locales where "," is the decimal mark.
 */
export function detectDelimiter(text: string): string {
  const line = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== "") ?? "";
  const counts = new Map<string, number>(CANDIDATES.map((c) => [c, 0]));
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ",";
  for (const c of CANDIDATES) if (counts.get(c)! > counts.get(best)!) best = c;
  return best;
}

/**
 * The header row's cells (quotes removed): enough for the setup screen to list a file's columns at once.
 * By hand: the server parses whole files with csv-parse, while the browser needs one line and no library.
 */
export function readHeader(text: string): string[] {
  const line = text.split(/\r\n|\n|\r/).find((l) => l.trim() !== "") ?? "";
  const delimiter = detectDelimiter(line);
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (const ch of line.replace(/^\uFEFF/, "")) {
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells.filter(Boolean);
}
