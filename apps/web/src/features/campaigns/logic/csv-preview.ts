import { detectDelimiter, readHeader } from "@parley/shared/csv-header";
import { availableVariables, variableKey } from "@parley/shared/template-variables";

/** A column of the chosen file and the variables it offers the opening line and answers. */
export type CsvColumn = { header: string; variables: string[]; persona: boolean };
/** What the setup screen shows as soon as a file is chosen, before anything is sent. */
export type CsvPreview = { rows: number; columns: CsvColumn[]; variables: string[] };

/**
 * Data rows after the header: records ended by a line break outside quotes (a quoted field may hold one),
 * blank records skipped. The server's import decides which rows it keeps; this is the count the file holds.
 * By hand: one pass over the text, where a CSV library would build every row only to count them.
 */
export function countCsvRows(text: string): number {
  const delimiter = detectDelimiter(text);
  let records = 0;
  let quoted = false;
  let content = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') {
      quoted = !quoted;
      content = true;
    } else if ((ch === "\n" || ch === "\r") && !quoted) {
      if (content) records++;
      content = false;
    } else if (!quoted && !content && ch !== delimiter && ch.trim() !== "" && ch !== "\uFEFF") content = true;
  }
  if (content) records++;
  return Math.max(0, records - 1);
}

/** The file's rows, its columns and the variables each column gives ({first_name} and {last_name} from a full name). */
export function previewCsv(text: string): CsvPreview {
  const headers = readHeader(text);
  const columns = headers.map((header) => ({
    header,
    variables: availableVariables([header]),
    persona: variableKey(header) === "persona",
  }));
  return { rows: countCsvRows(text), columns, variables: availableVariables(headers) };
}

/**
 * The preview once the server's import has read the file: each column offers only the variables a save
 * accepts (a full-name column is the contact's name, so `{full_name}` is not one of them).
 */
export function withCheckedVariables(preview: CsvPreview, checked: string[]): CsvPreview {
  const allowed = new Set(checked);
  return {
    ...preview,
    columns: preview.columns.map((c) => ({ ...c, variables: c.variables.filter((v) => allowed.has(v)) })),
    variables: preview.variables.filter((v) => allowed.has(v)),
  };
}
