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
