import mammoth from "mammoth";
// word-extractor ships no types; its surface here is one class with extract(Buffer) → { getBody() }.
import WordExtractor from "word-extractor";
import { ExtractionError } from "./extraction-error.ts";
import { htmlSections, type HtmlSections } from "./html-text.ts";
import { boundedDocx } from "./zip-limits.ts";

export { ExtractionError };

/** UTF-8 when valid (a BOM is dropped), else Latin-1 (Windows text files). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

/**
 * A Word file's sections through mammoth's HTML, which keeps headings and tables. mammoth gets the file unpacked
 * within the ZIP limits and packed again uncompressed: it would otherwise inflate whatever the archive holds.
 */
export async function docxSections(bytes: Uint8Array): Promise<HtmlSections> {
  const { value } = await mammoth.convertToHtml({ buffer: await boundedDocx(bytes) });
  return htmlSections(value);
}

/** An old binary Word (.doc) file's body text. */
export async function docText(bytes: Uint8Array): Promise<string> {
  const doc = await new WordExtractor().extract(Buffer.from(bytes));
  return doc.getBody();
}

/** Throws the user-facing reason when the text has no words. */
export function assertHasText(text: string, what = "the document contains no text"): void {
  if (!/\p{L}{2,}/u.test(text)) throw new ExtractionError(what);
}
