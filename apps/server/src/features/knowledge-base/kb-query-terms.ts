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
  /** For that sample: the lexemes whose index entries are read to find passages holding every word (the others are checked on those rows). */
  indexed: string[];
};

// Said on the phone around a question, never what it is about.
const FILLERS = [
  "um", "uh", "er", "erm", "hmm", "okay", "ok", "yeah", "yes", "well", "please", "hi", "hello", "thanks", "thank you",
  "you know", "i mean", "i was wondering", "i wonder", "i'd like to know", "i want to know", "i would like to know",
  "can you tell me", "could you tell me", "tell me", "do you know", "actually", "basically", "just", "really",
];
// Contractions a speech recogniser or a hurried typist writes without the apostrophe.
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(what|that|where|who|how|there|it|here)['’]?s\b/g, "$1 is"],
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could)n['’]?t\b/g, "$1 not"],
  [/\bcan['’]?t\b/g, "can not"],
  [/\bwon['’]?t\b/g, "will not"],
  [/\bi['’]m\b/g, "i am"],
  [/\b(i|you|we|they)['’]ve\b/g, "$1 have"],
];
const NUMBER_WORDS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
  "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
];
const TENS: Record<string, number> = { thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100, thousand: 1000 };
// Words that only join others ("big int", "data base" are joined; "how much" is not).
const JOINERS = new Set(
  ("a an the and or not no nor of to in on at for with by from as if so than then is are was were be been am do does did " +
    "has have had can could will would should may might must how what which who when where why it its this that these " +
    "those there here i me my you your we our they them their").split(" "),
);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FILLER_RE = new RegExp(`\\b(?:${FILLERS.map(escape).join("|")})\\b`, "g");

/**
 * The text a question is searched by, the same typed or spoken: "whats the biggest number a small int can
 * hold um" → "what is the biggest number a small int can hold smallint". Fillers and "how many / how much"
 * go (they say what kind of answer is wanted, not what it is about: the answer choice reads them from the
 * question itself); number words get their digits; two words said apart get their joined form too, as
 * documents write "bigint" or "database" (an unknown joined form weighs nothing).
 */
export function searchText(question: string): string {
  let q = ` ${question.toLowerCase().replace(/[‘’]/g, "'")} `;
  for (const [re, to] of CONTRACTIONS) q = q.replace(re, to);
  q = q.replace(FILLER_RE, " ").replace(/\bhow (many|much)\b/g, "how");
  const words = q.split(/[^a-z0-9'+.-]+/).map((w) => w.replace(/^[.'-]+|[.'-]+$/g, "")).filter(Boolean);
  const extra: string[] = [];
  words.forEach((w, i) => {
    const n = NUMBER_WORDS.indexOf(w);
    if (n >= 0) extra.push(String(n));
    else if (w in TENS) extra.push(String(TENS[w]));
    const next = words[i + 1];
    if (next && /^[a-z]{2,}$/.test(w) && /^[a-z]{2,}$/.test(next) && !JOINERS.has(w) && !JOINERS.has(next)) extra.push(w + next);
  });
  return [...words, ...extra].join(" ");
}

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
  for (const s of stats.filter((x) => count(x) > 0).sort((a, b) => count(a) - count(b) || a.lexeme.localeCompare(b.lexeme))) {
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
 * ranked, and every word the knowledge base holds counts in the ranking by its rarity. Null when the
 * knowledge base holds none of the question's words.
 */
export function planRanking(stats: LexemeStat[], corpus: CorpusStats, cap: number, indexMax = INDEX_MAX): RankPlan | null {
  const present = stats.filter((s) => s.passages > 0);
  if (present.length === 0) return null;
  let body = rarest(present, (s) => s.passages, cap);
  const headings = rarest(present, (s) => s.headings, cap);
  const sample = body.length === 0 && headings.length === 0;
  if (sample) body = [present.reduce((a, b) => (b.passages < a.passages ? b : a)).lexeme];
  // Reading the long index entry of a word in most passages costs more than checking it on the rows the others leave.
  const byRarity = [...present].sort((a, b) => a.passages - b.passages);
  const indexed = byRarity.filter((s) => s.passages <= indexMax).map((s) => s.lexeme);
  return {
    terms: present.map((s) => ({ lexeme: s.lexeme, idf: idf(corpus.passages, s.passages) })),
    body, headings, sample,
    indexed: indexed.length ? indexed : [byRarity[0]!.lexeme],
  };
}

// BM25's term-frequency saturation and length normalisation (the usual values), and how much more an
// occurrence in the passage's heading counts than one in its body.
export const BM25 = { k1: 1.2, b: 0.75, heading: 2 };

const quoted = (l: string) => `'${l.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** A tsquery matching any of the lexemes (quoted, so no lexeme is read as an operator); null for none. */
export function anyOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" | ") : null;
}

/** A tsquery matching all of the lexemes. */
export function allOf(lexemes: string[]): string | null {
  return lexemes.length ? lexemes.map(quoted).join(" & ") : null;
}
