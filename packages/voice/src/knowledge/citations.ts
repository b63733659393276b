// Keys a manual writes in brackets for the reader to press, never a citation: "press [Enter]." stays.
const KEYS = new RegExp(
  String.raw`^(?:enter|return|tab|esc|escape|space|backspace|delete|del|ins|insert|` +
    String.raw`home|end|ctrl|alt|shift|up|down|left|right|pgup|pgdn)$`,
  "i",
);

/**
 * A document's marks for readers are not said on the phone: citation keys ("…shared database[SharedMIME]."),
 * numbered references ("[1]", "[2, 3]"), AsciiDoc's manual links ("linkgit:gitignore[5]" is "gitignore"),
 * footnote marks ("¹", "†") and a footnote number run into a sentence's end ("…the project.1 It…").
 */
export function withoutCitations(text: string): string {
  return (
    text
      .replace(/\blinkgit:([\w.-]+)\[\d\]/g, "$1")
      // A key in brackets right after a word, or before the end of a clause.
      .replace(/(\s?)\[([A-Z][\w.-]{1,30})\](?=([\s.,;:!?)]|$))/g, (mark, space: string, key: string, after: string) =>
        KEYS.test(key) || (space && !/^[.,;:!?)]?$/.test(after)) ? mark : "",
      )
      // Numbers in brackets after a word or a clause's end (an array's "BASH_VERSINFO[0]" stays).
      .replace(/(?<=[\p{Ll}.,;:!?)])\s?\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]/gu, "")
      .replace(/(?<=\p{L}{3}|[.,;:)])[¹²³⁴⁵⁶⁷⁸⁹⁰†‡]+/gu, "")
      .replace(/(?<=\p{Ll}{2}[.,;:])\d{1,2}(?=\s+\p{Lu}|$)/gu, "")
  );
}
