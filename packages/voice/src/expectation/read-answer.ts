import { isoInZone, parseSpokenTime } from "../brain/spoken-time.ts";
import {
  DIGIT_WORDS,
  FILLERS,
  NO_FORMS,
  NUMBER_FILLERS,
  SCALE_WORDS,
  TEEN_WORDS,
  TENS_WORDS,
  YES_FORMS,
} from "./answer-forms.ts";
import type { Answer, Expectation } from "./expectation.ts";

/**
 * The answer the words give to what was expected, or null when they give none (open speech, or words that are
 * not only an answer: "i don't know", "who is this"). Whole utterances only, so a stray "no" inside a sentence is
 * never taken for a refusal.
 */
export function readAnswer(expectation: Expectation, text: string): Answer | null {
  const words = wordsOf(text);
  if (!words.length) return null;
  switch (expectation.kind) {
    case "yes-no": {
      const value = readYesNo(words);
      return value ? { kind: "yes-no", value } : null;
    }
    case "number": {
      const value = readDigits(words);
      return value ? { kind: "number", value } : null;
    }
    case "time": {
      const value = readTime(words.join(" "), expectation.now ?? new Date(), expectation.timezone ?? "UTC");
      return value ? { kind: "time", value } : null;
    }
    case "choice": {
      const value = readChoice(words, expectation.options);
      return value ? { kind: "choice", value } : null;
    }
    case "open":
      return null;
  }
}

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

const YES = YES_FORMS.map((f) => f.split(" "));
const NO = NO_FORMS.map((f) => f.split(" "));

/** "yes", "no", or null: the words are forms of one of them only (and fillers), nothing else. */
function readYesNo(words: string[]): "yes" | "no" | null {
  const heard = new Set<"yes" | "no">();
  for (let at = 0; at < words.length; ) {
    const yes = longestForm(YES, words, at);
    const no = longestForm(NO, words, at);
    if (yes || no) {
      heard.add(no >= yes ? "no" : "yes");
      at += Math.max(yes, no);
    } else if (FILLERS.includes(words[at] ?? "")) at++;
    else return null;
  }
  return heard.size === 1 ? [...heard][0]! : null;
}

/** The words of the longest form that starts at `at` (0: none). */
function longestForm(forms: string[][], words: string[], at: number): number {
  let best = 0;
  for (const f of forms) if (f.length > best && f.every((w, i) => words[at + i] === w)) best = f.length;
  return best;
}

type Run = { value: number; last: "digit" | "teen" | "tens" | "scale" };

/**
 * The digits of a number said as digits ("two nine three four zero" → 29340), as a number ("forty two",
 * "one hundred and five") or both ("twenty twenty"); null when any word is neither a number word nor a filler.
 */
export function readDigits(words: string[]): string | null {
  const runs: Run[] = [];
  let repeat = 1;
  for (const w of words) {
    const run = runs.at(-1);
    if (w in DIGIT_WORDS) {
      const d = DIGIT_WORDS[w]!;
      if (run && d > 0 && (run.last === "tens" || (run.last === "scale" && run.value % 100 === 0))) {
        run.value += d;
        run.last = "digit";
      } else for (let i = 0; i < repeat; i++) runs.push({ value: d, last: "digit" });
      repeat = 1;
    } else if (w in TEEN_WORDS || w in TENS_WORDS) {
      const n = TEEN_WORDS[w] ?? TENS_WORDS[w]!;
      const last = w in TEEN_WORDS ? "teen" : "tens";
      if (run && run.last === "scale" && run.value % 100 === 0) {
        run.value += n;
        run.last = last;
      } else runs.push({ value: n, last });
    } else if (w in SCALE_WORDS) {
      if (!run || run.last === "scale") return null;
      run.value = scaled(run.value, SCALE_WORDS[w]!);
      run.last = "scale";
    } else if (w === "double" || w === "triple") repeat = w === "double" ? 2 : 3;
    else if (!NUMBER_FILLERS.includes(w) && !FILLERS.includes(w)) return null;
  }
  return runs.length ? runs.map((r) => String(r.value)).join("") : null;
}

/** "two hundred" → 200; "one hundred five thousand" → 105000 (the scale multiplies what came before it). */
function scaled(value: number, scale: number): number {
  const below = value % scale;
  return value - below + below * scale;
}

function readTime(text: string, now: Date, timezone: string): string | null {
  const heard = parseSpokenTime(text, { now, timezone, businessHours: { start: "00:00", end: "23:59" } });
  return heard ? isoInZone(heard.at, timezone) : null;
}

/** The one option whose own words (those no other option has) were all said; null when none or several were. */
export function readChoice(words: string[], options: string[]): string | null {
  const said = new Set(words);
  const wordsOfOption = options.map((o) => wordsOf(o));
  const named = options.filter((_, i) => {
    const others = new Set(wordsOfOption.flatMap((ws, j) => (j === i ? [] : ws)));
    const own = wordsOfOption[i]!.filter((w) => !others.has(w) && !["the", "a", "an"].includes(w));
    return own.length > 0 && own.every((w) => said.has(w));
  });
  return named.length === 1 ? named[0]! : null;
}
