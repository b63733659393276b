import {
  DAY_WORDS,
  DIGIT_WORDS,
  NO_FORMS,
  SCALE_WORDS,
  TEEN_WORDS,
  TENS_WORDS,
  YES_FORMS,
} from "../../../../expectation/answer-forms.ts";
import type { Expectation } from "../../../../expectation/expectation.ts";
import { bookingPhrases, REPLIES } from "../domain-model/domain-phrases.ts";

// The answers weigh this many times what each phrase of the way out does: the model leans to the answers without
// being unable to hear anything else.
const ANSWER_WEIGHT = 10;

// The way out of the answers: common English words one by one and what callees say instead of answering, so speech
// outside the answers finds words of its own rather than being forced into one (and is then heard as open speech).
const COMMON_WORDS = (
  "the be to of and a in that have i it for not on with he as you do at this but his by from they we say " +
  "her she or an will my one all would there their what so up out if about who get which go me when make " +
  "can like time no just him know take people into year your good some could them see other than then now " +
  "look only come its over think also back after use two how our work first well way even new want " +
  "because any these give day most us is are was were am has had did does"
).split(" ");

const DIGITS = Object.keys(DIGIT_WORDS).filter((w) => w !== "o");
const NUMBERS = [...DIGITS, ...Object.keys(TEEN_WORDS), ...Object.keys(TENS_WORDS)];

/** The sentences of an expectation's model: its answers' forms, weighed, and the way out of them. */
export function expectationSentences(e: Expectation): string[] {
  const weighed = (answers: string[]) => Array.from({ length: ANSWER_WEIGHT }, () => answers).flat();
  return [...weighed(answerPhrases(e)), ...REPLIES, ...COMMON_WORDS];
}

function answerPhrases(e: Expectation): string[] {
  switch (e.kind) {
    case "yes-no":
      return [...YES_FORMS, ...NO_FORMS];
    case "number":
      return [
        ...NUMBERS,
        // Digits one after another, a tens word and its unit, and the scales after any number word.
        ...DIGITS.flatMap((a) => DIGITS.map((b) => `${a} ${b}`)),
        ...Object.keys(TENS_WORDS).flatMap((t) => DIGITS.slice(2).map((d) => `${t} ${d}`)),
        ...Object.keys(SCALE_WORDS).flatMap((s) => NUMBERS.map((n) => `${n} ${s}`)),
        ...NUMBERS.map((n) => `it's ${n}`),
      ];
    case "time":
      return [...DAY_WORDS, ...bookingPhrases()];
    case "choice":
      return e.options.flatMap((o) => [o, `${o} please`]);
    case "open":
      return [];
  }
}

/** One key per distinct model: a thread builds each once. */
export function expectationKey(e: Expectation): string {
  return e.kind === "choice" ? `choice:${e.options.join("|")}` : e.kind;
}
