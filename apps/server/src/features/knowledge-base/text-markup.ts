/**
 * The marks plain-text documents (README, FAQ, AsciiDoc, reStructuredText, markdown) put on lines of
 * their own: they shape the document and are never words to index or say.
 */

/** A line of one mark repeated ("=====", "-----", "~~~~", "* * *"): an underline, a rule or a block delimiter. */
export const isRuleLine = (line: string) => /^([=\-~^"'`#*+_.:])(?: ?\1){2,}$/.test(line);

/**
 * Opens or closes a block of code or literal text (AsciiDoc "----" and "....", markdown ``` and ~~~):
 * nothing inside is a heading ("# This is the key pair…" is a comment in a listing). Returns the mark that
 * closes it.
 */
export function literalFence(line: string): string | null {
  const m = /^(-{4,}|\.{4,}|`{3,}|~{3,})[\w+-]*$/.exec(line);
  return m ? m[1]!.slice(0, 3) : null;
}

/**
 * An underline under a one-line title ("Configuration" over "-------------"): about as long as the title
 * (reStructuredText wants it no shorter, AsciiDoc within two marks, markdown any length from three).
 */
export const underlines = (title: string, rule: string) =>
  /\p{L}/u.test(title) && rule.length >= Math.min(3, title.length) && rule.length <= title.length * 2 + 4;

/**
 * A command, a pattern, an address or a setting: not a title however short ("LoadModule dav_module
 * libexec/httpd/libdav.so", "tar -xvf nano-x.y.tar.gz": an option flag, a file name of several dots).
 */
export const looksLikeCode = (line: string) =>
  /[$<>={};|\\`@^*[\]]|:\/\/|\w_\w|(?:^|\s)[/~.]\w|\w\/\w+\/|(?:^|\s)--?[a-z]|[a-z]\.[a-z]+\.[a-z]/.test(line);

/** Markdown: "#" titles at the margin, or a fenced block. */
const isMarkdown = (text: string) => /^#{1,6} \S/m.test(text) || /^```/m.test(text);

/**
 * Markdown's inline HTML ("3 * 10<sup>9</sup> bytes", `<span class="title-ref">monkey_patch()</span>`) and
 * backslash escapes ("forbid\_dtd") are markup, not words: the tags go (a tag's text stays) and the escaped
 * mark is kept without its backslash. Outside markdown a text file's "<div>" may be what it talks about.
 */
export function withoutMarkdownMarkup(text: string): string {
  if (!isMarkdown(text)) return text;
  return text
    .replace(
      /<\/?(?:div|span|sup|sub|br|p|a|img|b|i|em|strong|code|kbd|small|u|s|del|ins|details|summary)\b[^<>]*>/gi,
      (tag) =>
        /^<sup\b/i.test(tag) ? "^" : /^<\/?(?:sup|sub|span|a|b|i|em|strong|code|kbd|small|u|s)\b/i.test(tag) ? "" : " ",
    )
    .replace(/\\([\\`*_{}[\]()#+\-.!<>|])/g, "$1");
}

/**
 * A markdown table's line ("| billion laughs | **True** | False (1) |"),
 * and its rule under the header ("| --- | :-: |").
 */
export const isPipeRow = (line: string) => /^\|.*\|$/.test(line.trim()) && line.trim().length > 2;
export const isPipeRule = (line: string) => /^\|(?:\s*:?-{3,}:?\s*\|)+$/.test(line.trim());

/** The cells of a markdown table's line, without their emphasis marks. */
export const pipeCells = (line: string) =>
  line
    .trim()
    .slice(1, -1)
    .split("|")
    .map((c) => c.replace(/\*\*|__|`/g, "").trim());
