/** How often one of the question's lexemes occurs in an org's knowledge base (kb_lexemes). */
export type LexemeStat = { lexeme: string; passages: number; headings: number };
/** The org's searchable passages: how many, and their mean length in distinct lexemes (BM25's avgdl). */
export type CorpusStats = { passages: number; avgLength: number };

/** A query term and its weight: the rarer in the org's passages, the more a passage holding it is worth. */
export type WeightedTerm = { lexeme: string; idf: number };

/** How a question's passages are found and ranked (kb-retrieval.repo.ts searchRanked). */
export type RankPlan = {
  /** Ranking: every lexeme of the question the knowledge base holds, with its weight. */
  terms: WeightedTerm[];
  /** Candidates: passages holding one of these (the rarest lexemes, together in at most `cap` passages). */
  body: string[];
  /** Candidates too: passages whose heading holds one of these (rare in headings). */
  headings: string[];
  /** Every lexeme common: the candidates are a sample of the passages holding the rarest one (and all, if any do). */
  sample: boolean;
  /**
   * For that sample: the lexemes whose index entries are read to find passages
   * holding every word (the others are checked on those rows).
   */
  indexed: string[];
};

/** BM25's inverse document frequency: near 0 for a lexeme in most passages, high for a rare one. */
export function idf(passages: number, holding: number): number {
  const n = Math.max(passages, holding);
  return Math.log(1 + (n - holding + 0.5) / (holding + 0.5));
}

/** A lexeme in at most this many passages is looked up in the index when every word must match. */
export const INDEX_MAX = 20_000;

/** Rarest first, as many as fit together in `cap` passages. */
function rarest(stats: LexemeStat[], count: (s: LexemeStat) => number, cap: number): string[] {
  const out: string[] = [];
  let total = 0;
  for (const s of stats
    .filter((x) => count(x) > 0)
    .sort((a, b) => count(a) - count(b) || a.lexeme.localeCompare(b.lexeme))) {
    if (total + count(s) > cap) break;
    total += count(s);
    out.push(s.lexeme);
  }
  return out;
}

/**
 * Candidates are found through the question's rare words: a word found in most passages ("service" in a
 * service manual) would bring tens of thousands of rows to rank, and says little about which one answers.
 * No single word is required: a passage holding any rare word of the question (or one in its heading) is
 * ranked, and every word the knowledge base holds counts in the ranking by its rarity. Words related to the
 * caller's (`related`: "cancellation" for "cancel") count for less, and bring candidates only where the
 * caller's own words leave room. Null when the knowledge base holds none of them.
 */
export function planRanking(
  stats: LexemeStat[],
  corpus: CorpusStats,
  cap: number,
  indexMax = INDEX_MAX,
  related: LexemeStat[] = [],
): RankPlan | null {
  const own = stats.filter((s) => s.passages > 0);
  const ownLexemes = new Set(stats.map((s) => s.lexeme));
  const others = related.filter((s) => s.passages > 0 && !ownLexemes.has(s.lexeme));
  // With none of the caller's words known, the related ones stand in for them.
  const present = own.length ? own : others;
  const extra = own.length ? others : [];
  if (present.length === 0) return null;
  let body = rarest(present, (s) => s.passages, cap);
  const used = body.reduce((n, l) => n + present.find((s) => s.lexeme === l)!.passages, 0);
  body = [...body, ...rarest(extra, (s) => s.passages, cap - used)];
  const headings = rarest(present, (s) => s.headings, cap);
  const sample = body.length === 0 && headings.length === 0;
  if (sample) body = [present.reduce((a, b) => (b.passages < a.passages ? b : a)).lexeme];
  // Reading the long index entry of a word in most passages costs more than checking it on the rows the others leave.
  const byRarity = [...present].sort((a, b) => a.passages - b.passages);
  const indexed = byRarity.filter((s) => s.passages <= indexMax).map((s) => s.lexeme);
  const weighed = (s: LexemeStat, w: number) => ({ lexeme: s.lexeme, idf: w * idf(corpus.passages, s.passages) });
  return {
    terms: [...present.map((s) => weighed(s, 1)), ...extra.map((s) => weighed(s, BM25.related))],
    body,
    headings,
    sample,
    indexed: indexed.length ? indexed : [byRarity[0]!.lexeme],
  };
}

// BM25's term-frequency saturation and length normalisation (the usual values), how much more an
// occurrence in the passage's heading counts than one in its body, and what a word related to the
// caller's is worth against the caller's own.
export const BM25 = { k1: 1.2, b: 0.75, heading: 2, related: 0.5 };

const quoted = (l: string) => `'${l.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** A tsquery matching any of the lexemes (quoted, so no lexeme is read as an operator); null for none. */
export function anyOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" | ") : null;
}

/** A tsquery matching all of the lexemes. */
export function allOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" & ") : null;
}
