import fs from "node:fs";
import { fold, STOP, terms } from "./words.ts";

/**
 * Related words from WordNet (synonyms.txt, built by scripts/build-synonyms.ts): a caller says "cancel"
 * where a document says "cancellation", "price" where it says "cost". Read once, on first use.
 */
let table: Map<string, string[]> | null = null;

function load(): Map<string, string[]> {
  if (table) return table;
  const text = fs.readFileSync(new URL("./synonyms.txt", import.meta.url), "utf8");
  table = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const [word, ...related] = line.split(" ");
    table.set(word!, related);
  }
  return table;
}

// WordNet's own ways to a base form ("stopped" → "stop", "files" → "file"), tried in turn.
const BASE_FORMS: Array<[RegExp, string]> = [
  [/ies$/, "y"],
  [/([sxz]|ch|sh)es$/, "$1"],
  [/s$/, ""],
  [/ied$/, "y"],
  [/(\w)\1ed$/, "$1"],
  [/ed$/, "e"],
  [/ed$/, ""],
  [/(\w)\1ing$/, "$1"],
  [/ing$/, "e"],
  [/ing$/, ""],
  [/iest$/, "y"],
  [/ier$/, "y"],
  [/(\w)\1est$/, "$1"],
  [/(\w)\1er$/, "$1"],
  [/est$/, "e"],
  [/est$/, ""],
  [/er$/, "e"],
  [/er$/, ""],
];

/** The related words of a word or two-word phrase as said ("turn off", "files"), lower case; none when unknown. */
export function relatedWords(said: string): string[] {
  const words = load();
  const w = said.toLowerCase().trim().replace(/\s+/g, "_");
  if (words.has(w)) return words.get(w)!;
  for (const [re, to] of BASE_FORMS) {
    const base = w.replace(re, to);
    if (base !== w && words.has(base)) return words.get(base)!;
  }
  return [];
}

/**
 * The question's content words each with the folded terms of its related words (those not already a word
 * of the question): what a passage may say instead.
 */
export function relatedTerms(question: string): Map<string, Set<string>> {
  const said = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((w) => w.length > 2 && !STOP.has(w));
  const own = new Set(terms(question));
  const out = new Map<string, Set<string>>();
  for (const w of said) {
    const term = terms(w)[0] ?? fold(w);
    const related = new Set(relatedWords(w).flatMap((r) => terms(r.replace(/-/g, " "))));
    for (const t of own) related.delete(t);
    if (related.size) out.set(term, new Set([...(out.get(term) ?? []), ...related]));
  }
  return out;
}

/** Related words per caller's word that retrieval also searches by, the commonest sense's first. */
const SEARCHED_PER_WORD = 3;

/** The words retrieval searches by besides the caller's (`searchText`): a few related words of each content word. */
export function relatedSearchText(question: string): string {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
  const own = new Set(words);
  // A two-word verb as said ("sign up", "turn off") before its words alone.
  const phrases = words
    .slice(1)
    .map((w, i) => `${words[i]} ${w}`)
    .filter((p) => relatedWords(p).length);
  const single = words.filter((w) => w.length > 2 && !STOP.has(w) && !phrases.some((p) => p.split(" ").includes(w)));
  const related = [...phrases, ...single].flatMap((w) =>
    relatedWords(w)
      .filter((r) => !own.has(r))
      .slice(0, SEARCHED_PER_WORD),
  );
  return [...new Set(related)].join(" ").replace(/-/g, " ");
}
