import { dropCommonRoot, textSections, type Section } from "./chunk-text.ts";
import { assertHasText, decodeText, docText, docxSections, ExtractionError } from "./extract-text.ts";
import type { DocKind } from "./file-sniff.ts";
import { mainContentOfHtml, type HtmlSections } from "./html-text.ts";
import { isContentsLine, isContentsPage, removeRunningLines } from "./pdf-cleanup.ts";
import type { PdfLayout } from "./pdf-layout.ts";
import { pdfSections } from "./pdf-sections.ts";
import { pdfTablesAsSentences } from "./pdf-tables.ts";

/** What extraction's clean-up removed or rewrote in one document (the knowledge bench prints these). */
export type ExtractionCleanup = {
  /** PDF lines dropped as running headers, footers or page numbers. */
  runningLines: number;
  /** PDF pages not indexed: tables of contents and indexes. */
  contentsPages: number;
  /** PDF contents entries (dot leaders and a page number) dropped from other pages. */
  contentsLines: number;
  /** Words hyphenated at a PDF line end joined again. */
  hyphenJoins: number;
  /** Table rows (Word, web page, PDF where the columns line up) turned into sentences. */
  tableRows: number;
};
export type ExtractedDocument = { sections: Section[]; cleanup: ExtractionCleanup };
/** What can be extracted: an uploaded file's kind, or a fetched web page ("html") or plain-text page. */
export type ExtractKind = DocKind | "html";

export const noCleanup = (): ExtractionCleanup => ({
  runningLines: 0,
  contentsPages: 0,
  contentsLines: 0,
  hyphenJoins: 0,
  tableRows: 0,
});

/** A read PDF's sections after its clean-up. */
export function pdfDocument(layout: PdfLayout): ExtractedDocument {
  assertHasText(layout.pages.flatMap((p) => p.lines.map((l) => l.text)).join(" "), "scanned PDF with no text");
  const { pages, removed } = removeRunningLines(layout.pages);
  const kept = pages.filter((p) => !isContentsPage(p, layout.pages.length));
  // A contents entry left over on another page (the last lines of a table of contents, say).
  const keptLines = kept.flatMap((p) => p.lines);
  const lines = keptLines.filter((l) => !isContentsLine(l.text));
  const tables = pdfTablesAsSentences(lines);
  const { sections, stats } = pdfSections(tables.lines, layout.outline);
  return {
    sections,
    cleanup: {
      runningLines: removed,
      contentsPages: pages.length - kept.length,
      contentsLines: keptLines.length - lines.length,
      hyphenJoins: stats.hyphenJoins,
      tableRows: tables.rows,
    },
  };
}

const fromText = (text: string): ExtractedDocument => ({ sections: textSections(text), cleanup: noCleanup() });
const fromHtml = ({ sections, tableRows }: HtmlSections): ExtractedDocument => ({
  sections,
  cleanup: { ...noCleanup(), tableRows },
});

/**
 * A document's sections (heading path, paragraphs with their page) and what its clean-up did. Throws
 * ExtractionError with the reason a user reads when the file cannot be read or holds no text. `charset`:
 * a fetched page's declared one (an uploaded text file is read as UTF-8, else Latin-1).
 */
export async function extractDocument(
  kind: ExtractKind,
  bytes: Uint8Array,
  charset?: string,
): Promise<ExtractedDocument> {
  let doc: ExtractedDocument;
  try {
    // pdf.js takes most of a reader's start-up: loaded only for a PDF (each document is read in a new process).
    if (kind === "pdf") doc = pdfDocument(await (await import("./pdf-layout.ts")).readPdfLayout(bytes));
    else if (kind === "docx") doc = fromHtml(await docxSections(bytes));
    else if (kind === "doc") doc = fromText(await docText(bytes));
    else if (kind === "html") doc = fromHtml(mainContentOfHtml(new TextDecoder(charset ?? "utf-8").decode(bytes)));
    else doc = fromText(charset ? new TextDecoder(charset).decode(bytes) : decodeText(bytes));
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError(`unreadable ${kind.toUpperCase()} file (${(err as Error).message})`);
  }
  assertHasText(doc.sections.flatMap((s) => s.paragraphs.map((p) => p.text)).join(" "));
  // A text file's title line is its only statement of what it is about ("How to setup Git server over http"):
  // its words stay on every passage's heading path.
  return { ...doc, sections: kind === "txt" ? doc.sections : dropCommonRoot(doc.sections) };
}
