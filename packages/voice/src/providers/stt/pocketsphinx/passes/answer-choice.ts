import { type Expectation, type HeardAnswer, sameAnswer } from "../../../../expectation/expectation.ts";
import { answerFromWords, NO_ANSWER } from "../../../../expectation/heard-answer.ts";
import { readAnswer } from "../../../../expectation/read-answer.ts";
import type { SttResult } from "../../stt-provider.ts";
import { phoneString } from "../dictionary.ts";
import type { Pass } from "./pass.ts";
import { alike, SURE, wordsOf } from "./word-choice.ts";

// How much better the answers' model must explain the audio than the general model (share of the general pass's
// log-likelihood) to be taken on its own, when the open words hold no answer: the rule the domain pass follows.
const CLEAR_ADVANTAGE = 0.2;
// A digit the open words misheard as a word that sounds like it: the general pass unsure of its words (the line
// word-choice.ts draws), the answers' model more likely right than all its alternatives together, by 3 to 2 (each
// answer word's posterior), and the two pronunciations at least as alike as word-choice.ts asks of a mended word.
const OPEN_UNSURE = 0.5;
const LIKELY = 0.6;
const SOUNDS_ALIKE = 0.4;
// "fourteen" and "forty" differ in a weak final consonant and stress the model does not hear: a number with one of
// these words is asked again in a narrower form ("one four, or four zero?") rather than taken.
const TEEN_OR_TY =
  /\b(thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/;

/**
 * The answer of an utterance heard under a closed expectation, from the open words (both passes chosen between) and
 * the pass of the answers' model. Taken when both hear the same answer, or when the answers' model alone hears one
 * and explains the audio far better and surely; open speech when the answers' model took its way out (words that are
 * no answer) or explains the audio worse than English does; asked again otherwise. Under a number, a digit the
 * answers' model alone hears is also taken when the open words are an unsure mishearing of it (misheardDigits).
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
  if (expectation.kind === "number" && misheardDigits(general, expected)) return { answer: fromModel, askAgain: false };
  return { answer: null, askAgain: true };
}

/**
 * The general pass heard, unsure, a word that sounds like the digits the answers' model heard fairly surely ("fire"
 * or "fine" for "five"). On a phone line the open model's large vocabulary finds a word near a short digit as readily
 * as the digit itself, so their disagreement there says little; what still guards against a wrong digit is that the
 * answers' model, among all the digits and its way out, puts most of its weight on the one it heard, and that the
 * open pass's own sounds match it.
 */
export function misheardDigits(general: Pass, expected: Pass): boolean {
  const open = wordsOf(general);
  const digits = wordsOf(expected);
  if (!open.length || !digits.length) return false;
  const mean = open.reduce((n, w) => n + w.posterior, 0) / open.length;
  if (!(mean < OPEN_UNSURE)) return false;
  if (!digits.every((w) => w.posterior >= LIKELY)) return false;
  // Words without a pronunciation (the fallback's passes) prove no likeness.
  const [heard, meant] = [phoneString(open, null), phoneString(digits, null)];
  return heard !== "" && meant !== "" && alike(heard, meant) >= SOUNDS_ALIKE;
}
