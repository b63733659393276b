import { isSure } from "../brain/heard-confidence.ts";
import { type Expectation, type HeardAnswer, sameAnswer } from "./expectation.ts";
import { readAnswer } from "./read-answer.ts";

export const NO_ANSWER: HeardAnswer = { answer: null, askAgain: false };

/**
 * The answer of an engine that only gives words (a cloud engine, or pocketsphinx's fallback): taken when the words
 * are an answer heard with confidence, asked again when they are one heard without, open speech otherwise.
 */
export function answerFromWords(
  expectation: Expectation,
  heard: { text: string; confidence: number | null },
): HeardAnswer {
  const answer = readAnswer(expectation, heard.text);
  if (!answer) return NO_ANSWER;
  return isSure(heard.confidence) ? { answer, askAgain: false } : { answer: null, askAgain: true };
}

/**
 * The words a brain reads for an utterance: as heard when they give the taken answer themselves, else the answer
 * ("now" heard where the answers' model heard "no"). For a brain that reads words only (a language model).
 */
export function wordsOfAnswer(expectation: Expectation, text: string, heard: HeardAnswer | undefined): string {
  if (!heard?.answer) return text;
  return sameAnswer(readAnswer(expectation, text), heard.answer) ? text : heard.answer.value;
}
