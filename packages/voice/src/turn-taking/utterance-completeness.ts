/**
 * Whether what the callee has said so far sounds finished: "yes" and "Tuesday at three works" are,
 * "I'd like to book it on…" and "my budget is um" are not. Judged from the words alone (the streaming
 * recogniser's partial text or a final one), so turn-taking can end a finished turn sooner and wait out
 * a pause in the middle of a phrase. People pause mid-phrase mostly after a function word or a filler
 * ("book it on… Tuesday", "the, um, premium plan") and seldom after the noun or verb that closes a phrase,
 * so a phrase that stops on a content word counts as complete. "unknown" when the words do not say: no
 * words yet, a number that may still grow ("five… thousand"), a verb or pronoun that ends a phrase as
 * often as it opens one ("yes I can", "I can… do Tuesday").
 */
export type Completeness = "complete" | "incomplete" | "unknown";

const words = (s: string) => s.split(/\s+/).filter(Boolean);

// A phrase cannot end on these: prepositions, articles and determiners, conjunctions, a subject or an
// auxiliary waiting for its verb, fillers while the speaker thinks. "no", "then" and "that" are left out:
// "oh no", "see you then", "I like that" are whole.
const DANGLING = new Set(
  words(`
  on at to for with about from in into onto of by around after before until till between through over under near
  like than via
  a an the my your our their his her its this these those some any every each another
  and or but so because cause if when while although though unless whether nor plus
  i i'm i'd i'll i've we we're we'd we'll we've they'd let's
  would could should might must shall gonna wanna gotta going want need
  um uh er erm uhm ah eh hmm
  very quite rather just
  half quarter past point oh o
`),
);

// Two-word endings that open more than they close.
const DANGLING_PAIRS = new Set([
  "i think",
  "i guess",
  "i mean",
  "let me",
  "how about",
  "what about",
  "i was",
  "it's like",
]);

// "you" ends these: "thank you", "see you".
const CLOSING_PAIRS = new Set(["thank you", "see you", "to you", "with you", "are you", "you too"]);

// Neither: forms of be/have/do and modals, negation, question words, "you" and "that" end a phrase as often
// as they lead into one.
const EITHER = new Set(
  words(`
  is are was were be been am have has had do does did can will won't can't don't didn't isn't not
  you that what who how why where which there's it's that's
`),
);

const NUMBER = new Set(
  words(`
  zero one two three four five six seven eight nine ten eleven twelve
  thirteen fourteen fifteen sixteen seventeen eighteen nineteen
  twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million
`),
);

// A number after one of these is a time or a day ("at three", "on the fifth"): the phrase is whole.
const TIME_LEAD = new Set(["at", "around", "about", "by", "after", "before", "until", "till"]);

/** The judgement on one text: a partial hypothesis while the callee speaks, or a whole utterance. */
export function judgeCompleteness(text: string): Completeness {
  const trimmed = text.trim();
  if (!trimmed) return "unknown";
  // Cloud engines punctuate: a comma or an ellipsis is a pause inside the sentence.
  if (/(,|…|\.\.\.|-)$/.test(trimmed)) return "incomplete";
  const w = words(trimmed.toLowerCase().replace(/[^a-z0-9:' ]+/g, " "));
  const last = w.at(-1);
  if (!last) return "unknown";
  const lastTwo = w.slice(-2).join(" ");
  if (DANGLING.has(last) || DANGLING_PAIRS.has(lastTwo)) return "incomplete";
  if (/[.?!]$/.test(trimmed) || CLOSING_PAIRS.has(lastTwo)) return "complete";
  if (NUMBER.has(last) || /^\d+(:\d\d)?$/.test(last)) return numberEnds(w);
  return EITHER.has(last) ? "unknown" : "complete";
}

/**
 * A number at the end: a time after "at"/"around" is whole ("at three", "at three thirty"), but "five"
 * may yet become "five thousand", so elsewhere it is unknown.
 */
function numberEnds(w: string[]): Completeness {
  let i = w.length - 1;
  while (i > 0 && (NUMBER.has(w[i - 1]!) || /^\d/.test(w[i - 1]!))) i--;
  const lead = w[i - 1];
  return lead && TIME_LEAD.has(lead) ? "complete" : "unknown";
}
