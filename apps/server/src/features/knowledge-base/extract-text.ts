import mammoth from "mammoth";
import { PDFParse } from "pdf-parse";
// word-extractor ships no types; its surface here is one class with extract(Buffer) → { getBody() }.
import WordExtractor from "word-extractor";
import type { DocKind } from "./file-sniff.ts";
import { htmlToText } from "./html-text.ts";

/** A document that cannot be indexed, with the reason shown to the user. */
export class ExtractionError extends Error {}

/** UTF-8 when valid (a BOM is dropped), else Latin-1 (Windows text files). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    const result = await parser.getText({ pageJoiner: "\n" });
    return result.text;
  } catch (err) {
    throw new ExtractionError(`unreadable PDF (${(err as Error).message})`);
  } finally {
    await parser.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  // HTML keeps headings; turn them into markdown-style lines the chunker recognises.
  const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return htmlToText(value);
}

async function docText(bytes: Uint8Array): Promise<string> {
  const doc = await new WordExtractor().extract(Buffer.from(bytes));
  return doc.getBody();
}

/** The document's text; throws ExtractionError with a user-facing reason when there is none. */
export async function extractText(kind: DocKind, bytes: Uint8Array): Promise<string> {
  let text: string;
  try {
    if (kind === "pdf") text = await pdfText(bytes);
    else if (kind === "docx") text = await docxText(bytes);
    else if (kind === "doc") text = await docText(bytes);
    else text = decodeText(bytes);
  } catch (err) {
    if (err instanceof ExtractionError) throw err;
    throw new ExtractionError(`unreadable ${kind.toUpperCase()} file (${(err as Error).message})`);
  }
  // pdf-parse marks page breaks with "-- 1 of 3 --" lines; they carry no content.
  const cleaned = text.replace(/^-- \d+ of \d+ --$/gm, "").trim();
  if (!/\p{L}{2,}/u.test(cleaned)) {
    throw new ExtractionError(kind === "pdf" ? "scanned PDF with no text" : "the document contains no text");
  }
  return cleaned;
}
