/**
 * A table read aloud: each value becomes a sentence naming its row and column ("GPL — Can be linked
 * from proprietary code: No."), so a passage still says what a cell means once the grid is gone.
 */
export type TableCell = { text: string /** a <th>, or a cell set wholly in bold */; header: boolean };

const clean = (s: string) => s.replace(/\s+/g, " ").trim();
const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);
const hasDigit = (s: string) => /\d/.test(s);

/**
 * Whether the first row names the columns: all header cells; or, with three columns or more and no
 * header cells anywhere, short labels without figures (a two-column table without them is read as
 * "name: value" pairs).
 */
function firstRowIsHeader(rows: TableCell[][], width: number): boolean {
  const first = rows[0]!;
  const filled = first.filter((c) => c.text !== "");
  if (filled.length > 0 && filled.every((c) => c.header)) return rows.length > 1;
  if (width < 3 || rows.length < 2 || rows.some((r) => r.some((c) => c.header))) return false;
  return filled.length >= width - 1 && filled.every((c) => c.text.split(" ").length <= 8 && !hasDigit(c.text));
}

/** One paragraph per row of the table (rows without a value give none). */
export function tableSentences(table: TableCell[][]): string[] {
  const rows = table
    .map((r) => r.map((c) => ({ ...c, text: clean(c.text) })))
    .filter((r) => r.some((c) => c.text !== ""));
  if (rows.length === 0) return [];
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  if (width === 1) return rows.map((r) => sentence(r[0]!.text));
  const header = firstRowIsHeader(rows, width) ? rows[0]!.map((c) => c.text) : null;
  const body = header ? rows.slice(1) : rows;
  return body
    .map((row) => {
      const label = row[0]?.text ?? "";
      const cells = row.slice(1).map((c, i) => ({ value: c.text, column: header?.[i + 1] ?? "" }));
      const said = cells
        .filter((c) => c.value !== "")
        .map((c) => {
          const name = [label, c.column].filter(Boolean).join(" — ");
          return sentence(name ? `${name}: ${c.value}` : c.value);
        });
      // A row whose only text is its label (a sub-heading row) is kept as it is.
      return said.length ? said.join(" ") : sentence(label);
    })
    .filter((s) => s !== ".");
}
