import type { Faq, KnowledgeLookup, KnowledgePassage } from "../brain/brain.ts";
import { answerFromPassages, lookupsOf } from "./answer.ts";
import { withoutCitations } from "./citations.ts";
import { WEIGHTS } from "./weights.ts";
import { faqTerms } from "./words.ts";
import { fillVariables } from "@parley/shared/fill-variables";

// Words that mean the same thing on a sales call, so "how much" finds an FAQ about "price".
const PRICE = new Set(faqTerms("price cost pricing fee charge expensive cheap"));
const canon = (t: string): string => (PRICE.has(t) ? "price" : t);

/** Share of the query's content words found in the text (0..1). */
export function overlapScore(query: string, text: string): number {
  const q = new Set(faqTerms(query.replace(/\bhow much\b/gi, "price")).map(canon));
  if (!q.size) return 0;
  const t = new Set(faqTerms(text).map(canon));
  let hits = 0;
  for (const w of q) if (t.has(w)) hits += 1;
  return hits / q.size;
}

/** The best FAQ for a question, if it shares enough words with it. */
export function bestFaq(question: string, faqs: Faq[]): Faq | null {
  let best: Faq | null = null;
  let bestScore = 0;
  for (const faq of faqs) {
    const score =
      overlapScore(question, faq.question) * WEIGHTS.faq.question +
      overlapScore(question, `${faq.question} ${faq.answer}`) * WEIGHTS.faq.whole;
    if (score > bestScore) [best, bestScore] = [faq, score];
  }
  return bestScore >= WEIGHTS.faq.min ? best : null;
}

/** Text fit for speech: no markdown, links, bullets or tables; one line. */
export function speakable(text: string): string {
  const plain = text
    .replace(/^\s*#+ .*$/gm, "") // headings label a passage; they are not part of the answer
    .replace(/([^.!?:;\s])[ \t]*\n+/g, "$1.\n") // a line without punctuation still ends a spoken sentence
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+|www\.\S+/g, "")
    .replace(/[*_`#>|~]+/g, " ")
    .replace(/^\s*[-•]\s+/gm, "")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .trim();
  return withoutCitations(plain);
}

export type FaqAnswer = {
  text: string;
  source: "faq" | "knowledge_base" | "none";
  /** The knowledge-base passages the answer was taken from. */
  passages: KnowledgePassage[];
  /** Every passage looked at, with why each did or did not answer (empty for an FAQ's answer). */
  looked: KnowledgeLookup[];
};

/** Answers from the campaign FAQs first, then the knowledge base; says so honestly when neither knows. */
export async function answerQuestion(
  question: string,
  faqs: Faq[],
  retrieve: (q: string) => Promise<KnowledgePassage[]>,
  variables: Record<string, string>,
): Promise<FaqAnswer> {
  const faq = bestFaq(question, faqs);
  if (faq) return { text: speakable(fillVariables(faq.answer, variables)), source: "faq", passages: [], looked: [] };
  const passages = await retrieve(question).catch(() => [] as KnowledgePassage[]);
  const answer = answerFromPassages(question, passages);
  const looked = lookupsOf(answer, passages);
  if (!answer.answered) return { text: answer.text, source: "none", passages: [], looked };
  return { text: answer.text, source: "knowledge_base", passages: answer.used.map((i) => passages[i]!), looked };
}
