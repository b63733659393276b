import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** Simple HTML (mammoth's, readability's) to text: headings become "# " lines the chunker recognises. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, "")
    .replace(/<h([1-6])[^>]*>/gi, (_, n: string) => `\n\n${"#".repeat(Number(n))} `)
    .replace(/<\/(h[1-6]|p|li|tr|div|section|article|blockquote|pre|table|ul|ol)>/gi, "\n\n")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/[ \t]+\n/g, "\n")
    .trim();
}

/** The main text of a web page (readability), falling back to the whole body; and its title. */
export function mainTextOfHtml(html: string): { title: string; text: string } {
  const { document } = parseHTML(html);
  const title = (document.querySelector("title")?.textContent ?? "").trim();
  const article = new Readability(document as unknown as Document).parse();
  if (article?.content && htmlToText(article.content).length > 0) {
    return { title: article.title?.trim() || title, text: htmlToText(article.content) };
  }
  const { document: fresh } = parseHTML(html);
  return { title, text: htmlToText(fresh.querySelector("body")?.innerHTML ?? "") };
}
