import { pipeline, Readable } from "node:stream";
import { parse } from "csv-parse";
import { decodeStream, detectEncoding, NotCsvError, type TextEncoding } from "./csv-decode.ts";
import { detectDelimiter } from "@parley/shared/csv-header";

export type CsvRecord = { cells: string[]; line: number };

/** Line breaks inside quoted cells: the record spans that many more physical lines. */
function lineBreaksIn(record: string[]): number {
  let n = 0;
  for (const cell of record) if (cell.includes("\n") || cell.includes("\r")) n += cell.match(/\r\n|\r|\n/g)!.length;
  return n;
}

function csvErrorText(err: Error): string {
  const line = (err as { lines?: number }).lines;
  const what =
    (err as { code?: string }).code === "CSV_QUOTE_NOT_CLOSED"
      ? "a quoted value is never closed"
      : err.message.split(":")[0]!.toLowerCase();
  return line ? `${what} (line ${line})` : what;
}

/**
 * The non-blank records of an uploaded CSV, streamed, each with the physical line it starts on.
 * Encoding and delimiter are read from the content; a file that is not CSV throws NotCsvError.
 */
export async function openCsvRecords(
  open: () => Promise<Readable>,
): Promise<{ encoding: TextEncoding; delimiter: string; records: AsyncGenerator<CsvRecord> }> {
  const encoding = await detectEncoding(open);
  // pipeline(): an error or an early stop anywhere destroys every stage and is handled, never uncaught.
  const chunks = pipeline(await open(), decodeStream(encoding), () => undefined);
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done ? "" : (first.value as string);
  const delimiter = detectDelimiter(head);
  async function* text() {
    try {
      yield head;
      for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value as string;
    } finally {
      chunks.destroy();
    }
  }
  // No `info` or skip options: they slow the parse of big files. Blank lines come through as records and
  // are dropped here, which also lets us count physical lines for the rejected-row report.
  const parser = pipeline(
    Readable.from(text()),
    parse({ delimiter, relax_column_count: true, relax_quotes: true }),
    () => undefined,
  );

  async function* records(): AsyncGenerator<CsvRecord> {
    let nextLine = 1;
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        const line = nextLine;
        nextLine += 1 + lineBreaksIn(cells);
        if (cells.every((cell) => cell.trim() === "")) continue;
        yield { cells, line };
      }
    } catch (err) {
      const code = (err as { code?: string }).code ?? "";
      throw code.startsWith("CSV_") ? new NotCsvError(csvErrorText(err as Error)) : err;
    } finally {
      parser.destroy();
    }
  }
  return { encoding, delimiter, records: records() };
}
