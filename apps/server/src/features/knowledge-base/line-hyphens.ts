/**
 * Joins a word hyphenated at a line end ("expres-" + "sions"). The hyphen stays when the document spells
 * the word with it elsewhere, or when both halves are words of the document and the joined form is not
 * ("two-" + "way", "application-" + "provided"); with no dictionary at hand, the document's own words decide.
 * Used for PDF lines and for wrapped plain text. `typeset: false` (plain text, wrapped by an editor that
 * never splits words): a first half that is a word of the document makes a compound ("application-provided").
 */
export function hyphenJoiner(lines: Array<{ text: string }>, { typeset = true } = {}) {
  const hyphenated = new Set<string>();
  const known = new Set<string>();
  for (const l of lines) {
    const text = l.text.toLowerCase();
    for (const w of text.match(/\p{L}+(?:[-\u2010]\p{L}+)+/gu) ?? []) hyphenated.add(w.replace(/\u2010/g, "-"));
    // Not a line's first word nor one before a hyphen: either may be half of a split word ("sions").
    for (const w of text.replace(/^\P{L}*\p{L}+/u, "").match(/(?<![\p{L}\u2010-])\p{L}+(?![\p{L}\u2010-])/gu) ?? [])
      known.add(w);
  }
  return (before: string, after: string): { text: string; joined: boolean } | null => {
    const tail = /(\p{L}+)[-\u00ad\u2010]$/u.exec(before);
    const head = /^(\p{L}+)/u.exec(after);
    if (!tail || !head) return null;
    const lower = /^\p{Ll}/u.test(head[1]!);
    const capitals = /^\p{Lu}+$/u.test(tail[1]!) && /^\p{Lu}+$/u.test(head[1]!);
    if (!lower && !capitals) return null;
    const [a, b] = [tail[1]!.toLowerCase(), head[1]!.toLowerCase()];
    const keep = !known.has(a + b) && (hyphenated.has(`${a}-${b}`) || (known.has(a) && (known.has(b) || !typeset)));
    return keep
      ? { text: `${before}${after}`, joined: false }
      : { text: `${before.slice(0, -1)}${after}`, joined: true };
  };
}
