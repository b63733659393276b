import type { Faq, KnowledgePassage } from "./brain.ts";
import { answerFromPassages } from "./kb-answer.ts";
import { fillVariables } from "@parley/shared/template-variables";

const STOP = new Set(
  ("a an the and or but if of to in on at for with about from by is are was were be been am do does did can could " +
    "would should will shall may might must i me my you your we our us it its this that these those there what whats " +
    "how which who whom when where why please tell know want like just so really any some much many get got have has " +
    "had okay ok yes no hi hello um uh well also").split(" "),
);

/** Content words, lightly stemmed so "plans"/"plan" and "costs"/"cost" meet. */
export function contentTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith("ies") ? `${w.slice(0, -3)}y` : w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w));
}

// Words that mean the same thing on a sales call, so "how much" finds an FAQ about "price".
const SYNONYMS: Record<string, string> = { much: "price", cost: "price", pricing: "price", fee: "price", charge: "price", expensive: "price", cheap: "price" };
const canon = (w: string): string => SYNONYMS[w] ?? w;

/** Share of the query's content words found in the text (0..1), with a small boost for exact phrase overlap. */
export function overlapScore(query: string, text: string): number {
  const q = new Set(contentTokens(query.replace(/\bhow much\b/gi, "price")).map(canon));
  if (!q.size) return 0;
  const t = new Set(contentTokens(text).map(canon));
  let hits = 0;
  for (const w of q) if (t.has(w)) hits += 1;
  return hits / q.size;
}

/** The best FAQ for a question, if it shares enough words with it. */
export function bestFaq(question: string, faqs: Faq[]): Faq | null {
  let best: Faq | null = null;
  let bestScore = 0;
  for (const faq of faqs) {
    const score = overlapScore(question, faq.question) * 0.7 + overlapScore(question, `${faq.question} ${faq.answer}`) * 0.3;
    if (score > bestScore) [best, bestScore] = [faq, score];
  }
  return bestScore >= 0.5 ? best : null;
}

/** Text fit for speech: no markdown, links, bullets or tables; one line. */
export function speakable(text: string): string {
  return text
    .replace(/^\s*#+ .*$/gm, "") // headings label a passage; they are not part of the answer
    .replace(/([^.!?:;\s])[ \t]*\n+/g, "$1.\n") // a line without punctuation still ends a spoken sentence
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+|www\.\S+/g, "")
    .replace(/[*_`#>|~]+/g, " ")
    .replace(/^\s*[-•]\s+/gm, "")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .trim();
}

export type FaqAnswer = {
  text: string;
  source: "faq" | "knowledge_base" | "none";
  /** The knowledge-base passages the answer was taken from. */
  passages: KnowledgePassage[];
};

/** Answers from the campaign FAQs first, then the knowledge base; says so honestly when neither knows. */
export async function answerQuestion(
  question: string,
  faqs: Faq[],
  retrieve: (q: string) => Promise<KnowledgePassage[]>,
  variables: Record<string, string>,
): Promise<FaqAnswer> {
  const faq = bestFaq(question, faqs);
  if (faq) return { text: speakable(fillVariables(faq.answer, variables)), source: "faq", passages: [] };
  const passages = await retrieve(question).catch(() => [] as KnowledgePassage[]);
  const answer = answerFromPassages(question, passages);
  if (!answer.answered) return { text: answer.text, source: "none", passages: [] };
  return { text: answer.text, source: "knowledge_base", passages: answer.used.map((i) => passages[i]!) };
}
