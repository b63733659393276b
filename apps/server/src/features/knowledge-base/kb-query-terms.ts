/** How often one of the question's lexemes occurs in an org's knowledge base (kb_lexemes). */
export type LexemeStat = { lexeme: string; passages: number; headings: number };

/** How a question holding only words the knowledge base knows looks for passages holding all of them. */
export type AllTermsPlan = {
  /** Found through the index: the rarest of them (the others are checked on those rows only). */
  rare: string[];
  all: string[];
  /** Every lexeme common: the candidates are a sample of the passages holding them. */
  sample: boolean;
};

/** The lexemes a question is searched by when not every one of its words is found together. */
export type AnyTermsPlan = {
  /** Candidates: passages holding one of these (the rarest lexemes, together in at most `cap` passages). */
  body: string[];
  /** Candidates too: passages whose heading holds one of these (rare in headings). */
  headings: string[];
  /** Ranking: every lexeme of the question the knowledge base holds. */
  ranked: string[];
  /** A candidate must hold at least this many of the question's lexemes (a third of them). */
  needed: number;
  /** Nothing rare: the candidates are a sample of the passages holding the rarest lexeme. */
  sample: boolean;
};

/** Rarest first, as many as fit together in `cap` passages. */
function rarest(stats: LexemeStat[], count: (s: LexemeStat) => number, cap: number): string[] {
  const out: string[] = [];
  let total = 0;
  for (const s of stats.filter((x) => count(x) > 0).sort((a, b) => count(a) - count(b))) {
    if (total + count(s) > cap) break;
    total += count(s);
    out.push(s.lexeme);
  }
  return out;
}

/**
 * Passages holding every lexeme of the question are found through the index by those in at most
 * `indexMax` passages (the rarest one at least): reading the long index entry of a word found in most
 * passages costs more than checking it on the few rows the rare ones leave.
 * Null when a lexeme is unknown to the knowledge base (then no passage holds them all).
 */
export function planAllTerms(stats: LexemeStat[], indexMax: number): AllTermsPlan | null {
  if (stats.length === 0 || stats.some((s) => s.passages === 0)) return null;
  const sorted = [...stats].sort((a, b) => a.passages - b.passages);
  const rare = sorted.filter((s) => s.passages <= indexMax);
  return { rare: (rare.length ? rare : sorted.slice(0, 1)).map((s) => s.lexeme), all: stats.map((s) => s.lexeme), sample: !rare.length };
}

/**
 * Chooses how to find candidates by the rare words of the question: a word found in most passages
 * ("service" in a service manual) would bring tens of thousands of rows to read and rank, and says little
 * about which passage answers. Common words still count in the ranking. Returns null when the knowledge
 * base holds none of the question's words.
 */
export function planAnyTerms(stats: LexemeStat[], cap: number): AnyTermsPlan | null {
  const present = stats.filter((s) => s.passages > 0);
  if (present.length === 0) return null;
  let body = rarest(present, (s) => s.passages, cap);
  const headings = rarest(present, (s) => s.headings, cap);
  // Every word common and none in a heading: the rarest one still finds candidates (a sample of its passages).
  const sample = body.length === 0 && headings.length === 0;
  if (sample) body = [present.reduce((a, b) => (b.passages < a.passages ? b : a)).lexeme];
  return {
    sample,
    body,
    headings,
    ranked: present.map((s) => s.lexeme),
    needed: Math.ceil(stats.length / 3),
  };
}

const quoted = (l: string) => `'${l.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** A tsquery matching any of the lexemes (quoted, so no lexeme is read as an operator); null for none. */
export function anyOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" | ") : null;
}

/** Every way to choose k of the items (in order), or null when there would be more than `max`. */
function combinations<T>(items: T[], k: number, max: number): T[][] | null {
  let count = 1;
  for (let i = 0; i < k; i++) count = (count * (items.length - i)) / (i + 1);
  if (count > max) return null;
  const out: T[][] = [];
  const pick = (from: number, chosen: T[]) => {
    if (chosen.length === k) return void out.push(chosen);
    for (let i = from; i <= items.length - (k - chosen.length); i++) pick(i + 1, [...chosen, items[i]!]);
  };
  pick(0, []);
  return out;
}

/**
 * A tsquery matching passages that hold at least `k` of the lexemes: one match per row (each match
 * decompresses the row's tsvector, the costly part) instead of one per lexeme. Null when the
 * alternatives would be too many (a long question); then each lexeme is checked on its own.
 */
export function atLeast(lexemes: string[], k: number, max = 100): string | null {
  if (k <= 1) return anyOf(lexemes);
  const groups = combinations(lexemes, k, max);
  return groups && groups.length ? groups.map((g) => `(${g.map(quoted).join(" & ")})`).join(" | ") : null;
}

/** A tsquery matching all of the lexemes. */
export function allOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" & ") : null;
}
