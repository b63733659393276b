/**
 * Every weight and threshold of the answer choice, in one table. Scores are shares of the question's weighted
 * words (0..1) or small bonuses added to them; the benches (`npm run bench -- knowledge`) measure them.
 */
export const WEIGHTS = {
  /** How much one word of the question counts when matched (term-weights.ts). */
  term: {
    plain: 1,
    /** A name with a digit ("bzip2", "4gb"): as specific as words get. */
    named: 1.5,
    /** Held by every passage looked at: the topic, not what tells them apart. */
    everywhere: 0.6,
    /** "Support", "work", "size": what a caller asks in many ways. */
    weak: 0.2,
    /** What the caller already has ("besides the copyright notice…"). */
    known: 0.2,
    /** The most telling word of the question is never one weighing less. */
    keyMin: 0.5,
    /** A passage's word related to the caller's (WordNet), as a share of the caller's word's weight. */
    related: 0.5,
  },
  /** The parts of a candidate sentence's score (scores.ts), summed. */
  score: {
    about: 0.15,
    notAbout: -0.1,
    fresh: 0.4,
    context: 0.3,
    coverage: 0.2,
    evidence: 0.25,
    perRank: 0.04,
    tooLong: 0.1,
    tooLongChars: 300,
  },
  /** What makes a sentence read as the answer beyond its words (scores.ts answerShape). */
  shape: {
    limit: 0.1,
    negation: 0.05,
    instructs: 0.1,
    outright: 0.1,
    named: 0.1,
    pair: 0.05,
    pairsMax: 0.15,
    firstAnswer: 0.25,
    laterPerSentence: 0.03,
    laterMax: 0.15,
  },
  /** The accept/reject rules' thresholds (rules.ts). */
  accept: {
    coverage: 0.6,
    coverageInContext: 0.5,
    coverageYesNo: 0.7,
    fittingContext: 0.5,
    /** …and the heading fit (not an FAQ question's) a sentence holding none of the question's words needs. */
    fittingContextAlone: 0.75,
    onTopic: 0.4,
    score: 0.5,
    actionWeight: 0.5,
    instructedTopical: 0.5,
    /** A yes/no answer that does not say yes or no outright holds this much of the question itself. */
    settlesTopical: 0.6,
    /**
     * The precision gate (gate.ts): the accepted sentence's share of the question plus its heading's. At 0.7
     * answers without the fact are 4 of 99 on the sets tuned on (was 8 of 109), at the cost of 6 right ones.
     */
    support: 0.7,
  },
  /** When a sentence under an FAQ question answers another question than the one asked (candidates.ts). */
  faqQuestion: { fits: 0.5, fitsBarely: 0.34, topicalAlone: 0.6 },
  /** The sentence said after the chosen one (spoken-answer.ts). */
  companion: { adds: 0.34, lookahead: 3 },
  /** A campaign FAQ answers when the caller's words fit its question (and a little its answer) this well. */
  faq: { question: 0.7, whole: 0.3, min: 0.5 },
  /** How much is said, and from how many passages. */
  answer: { maxChars: 260, maxPassages: 3 },
} as const;
