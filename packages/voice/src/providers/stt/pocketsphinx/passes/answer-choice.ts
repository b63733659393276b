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
 * The general pass heard, unsure, a word that sounds like the one digit the answers' model heard fairly surely, and
 * like no other digit as much ("fire" or "the zero" for "five" or "zero", but not "fine", as like "nine" as "five").
 * On a phone line the open model's large vocabulary finds a word near a short digit as readily as the digit itself,
 * so their disagreement there says little; what guards against a wrong digit is that the answers' model, among all
 * the digits and its way out, puts most of its weight on the one it heard, and that the open pass's sounds point
 * to that digit alone. A number of several words is left to the other rules.
 */
export function misheardDigits(general: Pass, expected: Pass): boolean {
  const open = wordsOf(general);
  const digits = wordsOf(expected);
  const digit = digits.length === 1 ? digits[0]! : null;
  const meant = digit ? DIGIT_PHONES[digit.word] : undefined;
  if (!digit || !meant || !open.length || digit.posterior < LIKELY) return false;
  const mean = open.reduce((n, w) => n + w.posterior, 0) / open.length;
  if (!(mean < OPEN_UNSURE)) return false;
  // Words without a pronunciation (the fallback's passes) prove no likeness.
  const heard = phoneString(open, null);
  if (heard === "") return false;
  const likeness = (phones: string) => alike(heard, phoneString([{ word: "", posterior: 1, phones }], null));
  const near = likeness(meant);
  const others = Object.entries(DIGIT_PHONES).filter(([w]) => w !== digit.word);
  return near >= SOUNDS_ALIKE && others.every(([, phones]) => likeness(phones) < near);
}

// The digits' pronunciations in the model's dictionary (cmudict-en-us.dict): the main thread reads no dictionary.
const DIGIT_PHONES: Record<string, string> = {
  zero: "Z IH R OW",
  oh: "OW",
  one: "W AH N",
  two: "T UW",
  three: "TH R IY",
  four: "F AO R",
  five: "F AY V",
  six: "S IH K S",
  seven: "S EH V AH N",
  eight: "EY T",
  nine: "N AY N",
};
