import { type Expectation, type HeardAnswer, sameAnswer } from "../../../../expectation/expectation.ts";
import { answerFromWords, NO_ANSWER } from "../../../../expectation/heard-answer.ts";
import { readAnswer } from "../../../../expectation/read-answer.ts";
import type { SttResult } from "../../stt-provider.ts";
import type { Pass } from "./pass.ts";
import { SURE } from "./word-choice.ts";

// How much better the answers' model must explain the audio than the general model (share of the general pass's
// log-likelihood) to be taken on its own, when the open words hold no answer: the rule the domain pass follows.
const CLEAR_ADVANTAGE = 0.2;
// "fourteen" and "forty" differ in a weak final consonant and stress the model does not hear: a number with one of
// these words is asked again in a narrower form ("one four, or four zero?") rather than taken.
const TEEN_OR_TY =
  /\b(thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/;

/**
 * The answer of an utterance heard under a closed expectation, from the open words (both passes chosen between) and
 * the pass of the answers' model. Taken when both hear the same answer, or when the answers' model alone hears one
 * and explains the audio far better and surely; open speech when the answers' model took its way out (words that are
 * no answer) or explains the audio worse than English does; asked again otherwise.
 */
export function chooseAnswer(
  expectation: Expectation,
  heard: SttResult,
  general: Pass,
  expected: Pass | null,
): HeardAnswer {
  if (!expected) return answerFromWords(expectation, heard);
  const fromWords = readAnswer(expectation, heard.text);
  const fromModel = readAnswer(expectation, expected.text);
  if (expectation.kind === "number" && (TEEN_OR_TY.test(heard.text) || TEEN_OR_TY.test(expected.text)))
    return fromWords || fromModel ? { answer: null, askAgain: true } : NO_ANSWER;
  if (sameAnswer(fromWords, fromModel)) return { answer: fromModel, askAgain: false };
  if (fromWords) return { answer: null, askAgain: true }; // the two heard different answers, or only the words one
  if (!fromModel) return NO_ANSWER;
  const advantage = (expected.logProb - general.logProb) / Math.abs(general.logProb);
  if (!(advantage >= 0)) return NO_ANSWER; // English explains it better: speech outside the answers
  if (advantage >= CLEAR_ADVANTAGE && (expected.confidence ?? 0) >= SURE) return { answer: fromModel, askAgain: false };
  return { answer: null, askAgain: true };
}
