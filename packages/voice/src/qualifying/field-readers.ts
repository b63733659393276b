import type { OutcomeField } from "@parley/shared/outcome-fields";
import { normaliseNumberWords } from "../brain/number-words.ts";
import { isoInZone, parseSpokenTime, speakDateTime } from "../brain/spoken-time.ts";
import { readChoice, wordsOf } from "../expectation/read-answer.ts";

/**
 * What one utterance gives a qualifying question, by the field's type: a value read from the callee's own words,
 * a refusal or an "I don't know" (`declined`: not answered, and not asked again), or nothing sure (`unclear`: asked
 * again). A value is only ever read from words that were said: an answer that could be read two ways is unclear.
 */
export type FieldReading =
  | { kind: "value"; value: boolean | number | string; currency: string | null; display: string }
  | { kind: "declined" }
  | { kind: "unclear" };

export type ReadingTime = { now: Date; timezone: string };

const UNCLEAR: FieldReading = { kind: "unclear" };
const DECLINED: FieldReading = { kind: "declined" };

// "not sure yet", "no idea", "I'd rather not say", "it depends": the question heard, no answer given.
const NON_ANSWER = new RegExp(
  String.raw`\b(not (sure|certain)|unsure|no idea|no clue|(don'?t|do not) know|dunno|(can'?t|cannot|couldn'?t) ` +
    String.raw`(say|tell)|hard to say|rather not|prefer not|not telling|won'?t say|it depends|depends on|` +
    String.raw`(haven'?t|have not|not) (decided|figured)|not yet decided|let me think|skip (that|this)|pass on that)\b`,
);

export const isNonAnswer = (text: string): boolean => NON_ANSWER.test(text.toLowerCase().replace(/’/g, "'"));

const YES_LEAD = new RegExp(
  String.raw`^(yes|yeah|yep|yup|ya|sure|absolutely|definitely|certainly|of course|correct|indeed|uh huh|we do|` +
    String.raw`i do|we are|i am|we have|i have|we did|i did|that's right|right)\b`,
);
const NO_LEAD = new RegExp(
  String.raw`^(no|nope|nah|not really|not yet|never|we don'?t|i don'?t|we do not|i do not|we aren'?t|we're not|` +
    String.raw`i'm not|we are not|we haven'?t|i haven'?t|we didn'?t|i didn'?t|not at (the moment|all)|not right now)\b`,
);
const LEAD_FILLERS = /^((um|uh|er|erm|hmm|well|oh|so|ah|okay|ok|actually|honestly)[,.!]?\s+)+/;

/** The utterance in lower case without its opening fillers ("um, well yeah we do" → "yeah we do"). */
const plain = (text: string): string =>
  text
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[^a-z0-9$€£₹'.,\s-]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(LEAD_FILLERS, "");

/** Yes or no as the answer leads with it ("yeah we do", "no, not yet"); unclear when it leads with neither. */
function readYesNo(text: string): FieldReading {
  const t = plain(text).replace(/[,.!]/g, "");
  const yes = YES_LEAD.test(t);
  const no = NO_LEAD.test(t);
  if (yes === no) return UNCLEAR;
  return { kind: "value", value: yes, currency: null, display: yes ? "Yes" : "No" };
}

// A few counts said as words that normaliseNumberWords leaves alone.
const COUNT_WORDS: Array<[RegExp, string]> = [
  [/\b(a|one) dozen\b/g, "12"],
  [/\bdozen\b/g, "12"],
  [/\ba couple( of)?\b/g, "2"],
  [/\b(none|nobody|no one|nothing)\b/g, "0"],
  [/\bjust (me|myself)\b/g, "1"],
];

const SMALL = "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|[a-z]+ty)";
// "two and three grand" is a range: "and" joins number words only after hundred, thousand or million.
const RANGE_AND = new RegExp(String.raw`\b(${SMALL}) and (?=${SMALL}\b)`, "g");

const NUMBER_WORD =
  String.raw`(?:\d[\d,.]*|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|` +
  String.raw`[a-z]+teen|[a-z]+ty|hundred|and|half)`;
// "the bounty of thousand dollars": a scale word with no number before it was misheard, not "a thousand".
const BARE_SCALE = new RegExp(
  String.raw`(^|\s)(?!${NUMBER_WORD}\s)\S+\s+(hundred|thousand|million|grand)\b|^(hundred|thousand|million|grand)\b`,
);

/** Numbers in the words, each with its scale word ("2 grand", "5k", "1.5 million"); none after a bare scale. */
function numbersIn(text: string): { value: number; scaled: boolean; at: number; end: number }[] {
  if (
    BARE_SCALE.test(
      text
        .toLowerCase()
        .replace(/[^a-z0-9$€£₹.,\s-]/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
  )
    return [];
  let t = normaliseNumberWords(text.toLowerCase().replace(RANGE_AND, "$1, ")).replace(/(\d),(\d{3})\b/g, "$1$2");
  t = t.replace(/\b(\d+) and a half (1000|1000000)\b/g, (_m, a: string, s: string) => String((Number(a) + 0.5) * +s));
  const out: { value: number; scaled: boolean; at: number; end: number }[] = [];
  const re = /(\d+(?:\.\d+)?)\s?(k\b|grand\b|thousand\b|m\b|mil\b|million\b)?/g;
  for (const m of t.matchAll(re)) {
    const scale = m[2] ? (/^(k|grand|thousand)$/.test(m[2]) ? 1_000 : 1_000_000) : 1;
    out.push({ value: Number(m[1]) * scale, scaled: scale > 1, at: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
}

/** The one number said ("maybe fifty people" → 50); unclear when none or several different ones were. */
function readNumber(text: string): FieldReading {
  let t = text.toLowerCase();
  for (const [re, digits] of COUNT_WORDS) t = t.replace(re, digits);
  const values = [...new Set(numbersIn(t).map((n) => n.value))];
  if (values.length !== 1) return UNCLEAR;
  const value = values[0]!;
  return { kind: "value", value, currency: null, display: value.toLocaleString("en-US") };
}

const CURRENCIES: Array<[RegExp, string]> = [
  [/\$|\b(dollars?|bucks|usd)\b/, "$"],
  [/€|\b(euros?|eur)\b/, "€"],
  [/£|\b(pounds?|quid|gbp)\b/, "£"],
  [/₹|\b(rupees?|inr|rs)\b/, "₹"],
  [/\b(dirhams?|aed)\b/, "AED "],
];

/** An amount of money ("about two grand a month" → 2000; "$1,500" → 1500, "$"); unclear when several are said. */
function readAmount(text: string): FieldReading {
  const numbers = numbersIn(text);
  const values = [...new Set(numbers.map((n) => n.value))];
  if (values.length !== 1 || values[0]! <= 0) return UNCLEAR;
  const value = values[0]!;
  const currency = CURRENCIES.find(([re]) => re.test(text.toLowerCase()))?.[1] ?? null;
  const display = `${currency ?? ""}${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
  return { kind: "value", value, currency, display };
}

/** Whether the words talk money: a currency, or a number with a money scale ("two grand", "5k"). */
export const talksMoney = (text: string): boolean =>
  CURRENCIES.some(([re]) => re.test(text.toLowerCase())) ||
  /\b\d+(\.\d+)?\s?(k|grand)\b/.test(normaliseNumberWords(text));

function readDateTime(text: string, time: ReadingTime): FieldReading {
  const heard = parseSpokenTime(text, { ...time, businessHours: { start: "00:00", end: "23:59" } });
  if (!heard) return UNCLEAR;
  return {
    kind: "value",
    value: isoInZone(heard.at, time.timezone),
    currency: null,
    display: speakDateTime(heard.at, time.timezone),
  };
}

function readOption(text: string, options: string[]): FieldReading {
  const option = readChoice(wordsOf(text), options);
  return option ? { kind: "value", value: option, currency: null, display: option } : UNCLEAR;
}

const FILLER_WORDS = new Set(["um", "uh", "er", "erm", "hmm", "well", "oh", "so", "ah", "mm"]);

/** The callee's own words, without opening fillers; unclear when nothing is left. */
function readText(text: string): FieldReading {
  const said = text
    .trim()
    .replace(/^((um|uh|er|erm|hmm|well|oh|so|ah)[,.!]?\s+)+/i, "")
    .slice(0, 200);
  if (wordsOf(said).every((w) => FILLER_WORDS.has(w))) return UNCLEAR;
  return { kind: "value", value: said, currency: null, display: said };
}

/** What `text`, said in answer to the field's question, gives it. */
export function readField(field: OutcomeField, text: string, time: ReadingTime): FieldReading {
  const declined = isNonAnswer(text);
  if (declined && (field.type === "yes_no" || field.type === "text")) return DECLINED;
  const reading = readValue(field, text, time);
  // "Not sure, maybe fifty": the number said is the answer; "not sure yet" alone is not one.
  return reading.kind === "unclear" && declined ? DECLINED : reading;
}

function readValue(field: OutcomeField, text: string, time: ReadingTime): FieldReading {
  switch (field.type) {
    case "yes_no":
      return readYesNo(text);
    case "number":
      return readNumber(text);
    case "amount":
      return readAmount(text);
    case "datetime":
      return readDateTime(text, time);
    case "choice":
      return readOption(text, field.options);
    case "text":
      return readText(text);
  }
}

/**
 * A field's value in words said before its question was asked ("we're on Salesforce" before "Which CRM do you
 * use?"), only where the words cannot be about something else: a choice that names one of its options, an amount
 * said as money, a number followed by a noun of the field's own question ("about fifty people" for "How many people
 * work there?"). Yes/no, dates and free text are always asked.
 */
export function readUnasked(field: OutcomeField, text: string): FieldReading {
  if (isNonAnswer(text)) return UNCLEAR;
  if (field.type === "choice") return readOption(text, field.options);
  if (field.type === "amount") return talksMoney(text) ? readAmount(text) : UNCLEAR;
  if (field.type === "number") return countsNounOf(field, text) ? readNumber(text) : UNCLEAR;
  return UNCLEAR;
}

const STOP = new Set(["how", "many", "much", "what", "your", "you", "do", "does", "the", "are", "there", "have", "is"]);

/** A number directly followed by a noun the field's name or question uses ("50 people" for "How many people…"). */
function countsNounOf(field: OutcomeField, text: string): boolean {
  const nouns = new Set(wordsOf(`${field.name} ${field.question}`).filter((w) => w.length > 2 && !STOP.has(w)));
  const t = normaliseNumberWords(text);
  return [...t.matchAll(/\b\d+\s+([a-z']+)/g)].some((m) => nouns.has(m[1]!) || nouns.has(m[1]!.replace(/s$/, "")));
}
