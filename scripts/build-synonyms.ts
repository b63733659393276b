/**
 * Builds packages/voice/src/knowledge/synonyms.txt from WordNet 3.0 (Debian's `wordnet-base`, read from
 * /usr/share/wordnet): for each word or two-word phrase a caller may say, the other words of its commonest
 * senses and their derived forms ("cancel": "scrub", "cancellation"). Run after installing wordnet-base:
 *
 *   npx tsx scripts/build-synonyms.ts
 *
 * Only senses WordNet's tagged corpus has seen are read (its index orders senses by that count), so rare
 * senses ("fee" as land held in fee) add nothing; one-word related words only, as the answer choice matches words.
 */
import fs from "node:fs";
import path from "node:path";

const WORDNET = process.env.WORDNET_DIR ?? "/usr/share/wordnet";
const OUT = new URL("../packages/voice/src/knowledge/synonyms.txt", import.meta.url).pathname;
// Verbs first: a caller asks what to do ("cancel", "start"), and a word keeps its first related words.
const POS = ["verb", "noun", "adj", "adv"] as const;
/** Senses read per word, commonest first, and related words kept per word. */
const SENSES = 2;
const KEEP = 6;

type Synset = { words: string[]; derived: Array<{ from: number; offset: string; pos: string; to: number }> };

const read = (file: string) => fs.readFileSync(path.join(WORDNET, file), "utf8").split("\n");
const posFile = (p: string) => ({ n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" })[p]!;

/** A data file's synsets by offset: their words and their lexical "derivationally related form" pointers. */
function synsets(pos: string): Map<string, Synset> {
  const out = new Map<string, Synset>();
  for (const line of read(`data.${pos}`)) {
    if (!line || line.startsWith(" ")) continue;
    const f = line.split(" | ")[0]!.split(" ");
    const count = Number.parseInt(f[3]!, 16);
    const words = Array.from({ length: count }, (_, i) => f[4 + 2 * i]!.toLowerCase().replace(/\(.*\)$/, ""));
    let at = 4 + 2 * count;
    const pointers = Number(f[at]);
    at++;
    const derived: Synset["derived"] = [];
    for (let i = 0; i < pointers; i++, at += 4) {
      const [symbol, offset, p, st] = [f[at]!, f[at + 1]!, f[at + 2]!, f[at + 3]!];
      if (symbol === "+" && st !== "0000")
        derived.push({
          from: Number.parseInt(st.slice(0, 2), 16),
          offset,
          pos: p,
          to: Number.parseInt(st.slice(2), 16),
        });
    }
    out.set(f[0]!, { words, derived });
  }
  return out;
}

function build(): Map<string, Set<string>> {
  const data = new Map(POS.map((p) => [p, synsets(p)]));
  const related = new Map<string, Set<string>>();
  for (const pos of POS) {
    for (const line of read(`index.${pos}`)) {
      if (!line || line.startsWith(" ")) continue;
      const f = line.trim().split(" ");
      const lemma = f[0]!;
      const senses = Number(f[2]);
      const tagged = Number(f[f.length - senses - 1]);
      // Words of more than two parts are not said as one, and a tagged sense is one people use.
      if (lemma.split("_").length > 2 || tagged === 0 || lemma.length < 3) continue;
      const set = related.get(lemma) ?? new Set<string>();
      for (const offset of f.slice(f.length - senses).slice(0, Math.min(SENSES, tagged))) {
        const synset = data.get(pos)!.get(offset)!;
        for (const w of synset.words) set.add(w);
        const own = synset.words.indexOf(lemma) + 1;
        for (const d of synset.derived.filter((x) => x.from === own))
          set.add(data.get(posFile(d.pos) as (typeof POS)[number])!.get(d.offset)!.words[d.to - 1]!);
      }
      set.delete(lemma);
      for (const w of set) if (w.includes("_") || !/^[a-z][a-z-]+$/.test(w)) set.delete(w);
      if (set.size) related.set(lemma, set);
    }
  }
  return related;
}

const related = build();
// WordNet's licence asks for its notice, statements and disclaimer on every copy of the database.
const copyright = fs.readFileSync("/usr/share/doc/wordnet-base/copyright", "utf8");
const licence = copyright
  .slice(
    copyright.indexOf("This software and database is being provided"),
    copyright.indexOf("agrees to preserve same.") + 24,
  )
  .split("\n")
  .map((l) => `# ${l.trim() === "." ? "" : l.trim()}`.trimEnd());
const header = [
  "# Words a caller may say, each followed by related words of its commonest senses. Built by",
  "# scripts/build-synonyms.ts from WordNet 3.0 (Debian wordnet-base), whose licence follows.",
  "#",
  ...licence,
];
const lines = [...related]
  .sort(([a], [b]) => (a < b ? -1 : 1))
  .map(([w, s]) => `${w} ${[...s].slice(0, KEEP).join(" ")}`);
fs.writeFileSync(OUT, `${[...header, ...lines].join("\n")}\n`);
console.log(`${lines.length} words → ${OUT} (${(fs.statSync(OUT).size / 1024).toFixed(0)} KB)`);
