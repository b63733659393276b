import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { HEADING_SEPARATOR, headingTitle, type Section } from "./chunk-text.ts";
import { tableSentences, type TableCell } from "./table-sentences.ts";
import { looksLikeCode } from "./text-markup.ts";

/** HTML as sections under their heading paths, and how many table rows were turned into sentences. */
export type HtmlSections = { sections: Section[]; tableRows: number };

const SKIP = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "SVG", "IFRAME", "HEAD", "BUTTON", "SELECT"]);
const BLOCK = new Set([
  "P",
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "ASIDE",
  "HEADER",
  "FOOTER",
  "NAV",
  "BLOCKQUOTE",
  "PRE",
  "UL",
  "OL",
  "LI",
  "DL",
  "DT",
  "DD",
  "FIGURE",
  "FIGCAPTION",
  "FORM",
  "FIELDSET",
  "ADDRESS",
  "CAPTION",
  "HR",
  "BR",
  "BODY",
  // A layout table's rows and cells (a data table is read as sentences before it gets here).
  "TABLE",
  "TR",
  "TD",
  "TH",
]);
/** Page furniture, not content: navigation, menus, tables of contents, banners. */
const BOILERPLATE =
  /(^|[\s_-])(nav\w*|menu|sidebar|breadcrumbs?|toc|footer|masthead|banner|cookies?|skip\w*)($|[\s_-])/i;

// linkedom's nodes, typed as far as this file reads them.
type DomNode = {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  parentNode: DomNode | null;
};
type DomElement = DomNode & {
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  remove(): void;
};

const collapse = (s: string) => s.replace(/\s+/g, " ");
const textOf = (node: DomNode) => collapse(node.textContent ?? "").trim();
const words = (s: string) => (s.match(/\S+/g) ?? []).length;

/** A cell is a header when it is a <th>, or when all its text is bold (Word tables have no <th>). */
function cellOf(cell: DomElement): TableCell {
  const text = textOf(cell);
  const bold = Array.from(cell.querySelectorAll("strong, b")).map(textOf).join(" ");
  return { text, header: cell.nodeName === "TH" || (text !== "" && collapse(bold).trim() === text) };
}

function closestTable(node: DomNode): DomNode | null {
  let at = node.parentNode;
  while (at && at.nodeName !== "TABLE") at = at.parentNode;
  return at;
}

/** The rows of a table (not those of tables nested in it); a cell spanning columns is repeated in each. */
function rowsOf(table: DomElement): TableCell[][] {
  const rows = Array.from(table.querySelectorAll("tr")).filter((tr) => closestTable(tr) === table);
  return rows.map((tr) =>
    Array.from(tr.childNodes as ArrayLike<DomElement>)
      .filter((c) => c.nodeName === "TD" || c.nodeName === "TH")
      .flatMap((c) =>
        Array.from({ length: Math.min(Math.max(Number(c.getAttribute("colspan")) || 1, 1), 20) }, () => cellOf(c)),
      ),
  );
}

/**
 * A paragraph set wholly in bold, short and without a full stop: how Word users often write a heading. A
 * command set in bold ("./configure --prefix=/usr" in nano's FAQ) is the answer, not a title.
 */
function boldTitle(node: DomElement): string | null {
  if (node.nodeName !== "P") return null;
  const text = textOf(node);
  if (!text || words(text) > 12 || /[.:;,]$/.test(text) || looksLikeCode(text)) return null;
  const bold = Array.from(node.querySelectorAll("strong, b")).map(textOf).join(" ");
  return collapse(bold).trim() === text ? text : null;
}

/**
 * A table used for layout, not data: a cell holds a heading, a listing, a list or another table, or runs to
 * a paragraph's length (DocBook's FAQs set each question and answer as a table row). Its content is read in
 * order as the page's text; a Word table's cells hold single short paragraphs and stay a data table.
 */
function isLayoutTable(table: DomElement): boolean {
  const cells = Array.from(table.querySelectorAll("td, th")).filter((c) => closestTable(c) === table);
  return cells.some(
    (c) => c.querySelectorAll("h1, h2, h3, h4, h5, h6, pre, ul, ol, dl, table").length > 0 || words(textOf(c)) > 80,
  );
}

/**
 * The question row of an FAQ set as a table (DocBook's `<tr class="question">`, or, once Readability has
 * dropped the classes, a row of a bare number and a bold question): the question is the heading of its answer,
 * and an error message or listing it shows starts the answer's text.
 */
function questionRow(row: DomElement): { asked: string; shown: string } | null {
  if (row.nodeName !== "TR") return null;
  const cells = Array.from(row.childNodes as ArrayLike<DomElement>).filter(
    (c) => c.nodeName === "TD" || c.nodeName === "TH",
  );
  const texts = cells.map(textOf).filter(Boolean);
  // The question as set in bold, without the error message or listing shown after it.
  const boldText = cells.length
    ? collapse(Array.from(cells.at(-1)!.querySelectorAll("strong, b")).map(textOf).join(" ")).trim()
    : "";
  const asked = words(boldText) >= 3 ? boldText : (texts.at(-1) ?? "");
  const numbered = texts.length === 2 && /^(?:\d+\.)+$/.test(texts[0]!);
  const bold = boldText !== "" && boldText === texts.at(-1);
  if (!asked || words(asked) > 60) return null;
  if (!/(?:^|\s)question(?:\s|$)/.test(row.getAttribute("class") ?? "") && !(numbered && bold)) return null;
  // What the question shows after its words (an error message, a listing) is text of the answer's section.
  return { asked, shown: (texts.at(-1) ?? "").replace(asked, "").trim() };
}

/**
 * A block that is nothing but links to places in the same page ("1.1. What is GNU nano?" …): a table of
 * contents written without a class that names it. Its entries are the page's own headings, never answers.
 */
function isInPageIndex(node: DomElement, anchors: Set<string>): boolean {
  if (!BLOCK.has(node.nodeName) || node.nodeName === "BODY") return false;
  // "#faq.pronounce", or "faq.html#faq.pronounce" when the page names itself: an anchor of this page.
  const inPage = (a: DomElement) => anchors.has((a.getAttribute("href") ?? "").replace(/^[^#]*#/, ""));
  const links = Array.from(node.querySelectorAll("a[href*='#']")).filter(inPage).map(textOf);
  if (links.length < 2) return false;
  // Nothing but the links and their numbers ("1.1. How do you pronounce…").
  let rest = textOf(node);
  for (const l of links) rest = rest.replace(l, " ");
  return !/\p{L}/u.test(rest);
}

/** HTML (mammoth's, Readability's, a page's) to sections: h1–h6 give the heading path, tables give sentences. */
export function htmlSections(html: string): HtmlSections {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const sections: Section[] = [{ heading: "", paragraphs: [] }];
  const path: Array<{ level: number; title: string }> = [];
  let inline: string[] = [];
  let tableRows = 0;
  const anchors = new Set(
    Array.from((document as unknown as DomElement).querySelectorAll("[id], a[name]"))
      .flatMap((e) => [e.getAttribute("id"), e.getAttribute("name")])
      .filter((x): x is string => !!x),
  );

  const paragraph = (text: string) => {
    const t = collapse(text).trim();
    if (/\p{L}|\d/u.test(t)) sections[sections.length - 1]!.paragraphs.push({ text: t, page: null });
  };
  const flush = () => {
    paragraph(inline.join(""));
    inline = [];
  };
  const heading = (level: number, title: string) => {
    flush();
    while (path.length && path[path.length - 1]!.level >= level) path.pop();
    path.push({ level, title: headingTitle(title) });
    sections.push({ heading: path.map((h) => h.title).join(HEADING_SEPARATOR), paragraphs: [] });
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) return void inline.push(node.textContent ?? "");
    if (node.nodeType !== 1 || SKIP.has(node.nodeName)) return;
    const el = node as DomElement;
    const h = /^H([1-6])$/.exec(node.nodeName);
    const asked = questionRow(el);
    if (asked) return (heading(7, asked.asked), paragraph(asked.shown));
    const title = h ? textOf(node) : boldTitle(el);
    if (title) return heading(h ? Number(h[1]) : 7, title);
    if (isInPageIndex(el, anchors)) return;
    if (node.nodeName === "TABLE" && !isLayoutTable(el)) {
      flush();
      const sentences = tableSentences(rowsOf(el));
      tableRows += sentences.length;
      sentences.forEach(paragraph);
      return;
    }
    const block = BLOCK.has(node.nodeName);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(document.body as unknown as DomNode);
  flush();
  return { sections: sections.filter((s) => s.paragraphs.length > 0), tableRows };
}

/** The page's body without its furniture (navigation, menus, table of contents, header and footer). */
function bodyContent(html: string): string {
  const { document } = parseHTML(html);
  for (const el of Array.from(
    document.querySelectorAll("nav, header, footer, aside, form, [role=navigation]"),
  ) as DomElement[])
    el.remove();
  for (const el of Array.from(document.querySelectorAll("[class], [id]")) as DomElement[]) {
    if (BOILERPLATE.test(`${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`)) el.remove();
  }
  return document.querySelector("body")?.innerHTML ?? "";
}

const headingCount = (s: HtmlSections) => s.sections.filter((x) => x.heading !== "").length;

/**
 * The main content of a web page, with its headings, and the page's title. Readability finds the main
 * content; when it drops most of the page's headings (it does on generated manuals, whose headings sit in
 * small "titlepage" blocks), the body without its furniture is read instead.
 */
export function mainContentOfHtml(html: string): HtmlSections & { title: string } {
  const { document } = parseHTML(html);
  const pageTitle = collapse(document.querySelector("title")?.textContent ?? "").trim();
  const article = new Readability(document as unknown as Document, { classesToPreserve: ["question"] }).parse();
  const body = htmlSections(bodyContent(html));
  const main = article?.content ? htmlSections(article.content) : null;
  const chosen = main && main.sections.length > 0 && headingCount(main) * 2 >= headingCount(body) ? main : body;
  const title = (chosen === main && article?.title?.trim()) || pageTitle;
  // Text before the first heading is about the page as a whole: its title says what.
  const sections = chosen.sections.map((s) => (s.heading === "" && title ? { ...s, heading: headingTitle(title) } : s));
  return { title, sections, tableRows: chosen.tableRows };
}
