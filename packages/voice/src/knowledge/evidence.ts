import type { QuestionKind } from "./question.ts";
import type { Weights } from "./term-weights.ts";
import { terms } from "./words.ts";

/**
 * What a sentence must hold to answer each kind of question: a number for "how much", a time for "when",
 * a definition for "what is", a yes or a no for "can / does / is".
 */
// A digit that is not part of a name ("EUI-64", "macaddr8", "ipv4").
export const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\d]-?)\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|` +
    String.raw`thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|twice|once|unlimited|no limit)\b`,
  "iu",
);
export const EVIDENCE: Record<QuestionKind, RegExp> = {
  quantity: NUMBER,
  time: new RegExp(
    String.raw`\b(?:19|20)\d\d\b|\b\d{1,2}(?::\d\d)?\s?(?:am|pm)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|` +
      String.raw`dec)[a-z]*\.?\s+\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|` +
      String.raw`weekdays?|weekends?|` +
      String.raw`daily|weekly|monthly|yearly|annually|morning|afternoon|evening|noon|midnight|hours?|days?|weeks?|` +
      // (Not "the second letter": a second is a time only with a number or as "seconds".)
      String.raw`months?|years?|minutes?|seconds|before|after|until|since|during|when|at boot|at startup)\b|` +
      String.raw`\b(?:\d+|a|one)[\s-]seconds?\b`,
    "i",
  ),
  definition: /\b(?:is|are|was|were|means?|refers? to|stands? for|called|known as)\b/i, // (see defines)
  // A person's name (two capitalised words, not a sentence's first) or
  // "by" a name: "Wietse Venema", "written by Chris".
  person: /(?:[^.!?\s]\s+|\bby\s+)\p{Lu}\p{Ll}+(?:\s+\p{Lu}\.)*\s+\p{Lu}\p{Ll}+|\bby\s+\p{Lu}\p{Ll}+/u,
  yesno: new RegExp(
    String.raw`^(?:yes|no)\b|:\s*(?:yes|no)\b|\b(?:not|no|cannot|can't|doesn't|don't|isn't|` +
      String.raw`won't|never|only|always|supports?|can|will|does|may)\b`,
    "i",
  ),
  reason:
    /\b(?:because|since|so that|in order to|designed|due to|reason|as a result|to (?:keep|avoid|allow|make|ensure))\b/i,
  // (Or a path: "nano gets installed into /usr/local".)
  place: /\b(?:in|into|at|from|under|inside|directory|file|folder|site|page|located)\b|(?:^|\s)~?\/[\w.-]+/i,
  how: new RegExp(
    String.raw`\b(?:use|run|type|call|set|install|make|click|open|add|enter|choose|select|` +
      String.raw`press|configure|compile|build|request|by \w+ing)\b`,
    "i",
  ),
  other: /./,
};
// "How do I…" is answered by a way to do it: what you can or should do, an option, a command.
/**
 * An instruction given outright, also after a condition or a first step ("If you need…, use the
 * AllowOverrideList directive", "…, first press Meta-V", "then type…"):
 * the way to do it, whatever verb the caller used.
 */
export const IMPERATIVE = new RegExp(
  String.raw`(?:^|[,;:]\s+|\b(?:then|first|just|simply|try)\s+)(?:use|using|run|press|type|hit|set|` +
    String.raw`add|call|invoke|install|create|edit|enable|disable|click|select|choose|enter|put|copy|` +
    String.raw`export|pass|give|specify|insert)\s+(?!to\b|that\b)\S`,
  "i",
);
export const INSTRUCTS = new RegExp(
  String.raw`\b(?:you (?:can|could|should|must|need to|have to|may)|can be|should be|must be|is done (?:by|with)|` +
    String.raw`by \w+ing|to do (?:so|this|that)|(?:it's|it is) (?:necessary|enough|possible) to)\b|(?:^|\s)(?:--?|` +
    String.raw`−−?)[a-z]|^(?:use|run|set|add|type|call|invoke|install|create|edit|enable)\b`,
  "i",
);
/**
 * "Which file / variable / option…": the answer names one, written as such ("Makefile.in", "/etc/profile",
 * "CLEANFILES", "-j"), and not the one the question already names.
 */
const NAMED_THINGS: Array<[RegExp, RegExp]> = [
  [/\b(?:which|what) (?:\w+ )?files?\b/, /(?:[\w-]+\.[a-z][a-z0-9]{0,3}|\/[\w.-]+\/[\w.-]+)(?=[\s,;)]|$)/gi],
  [/\b(?:which|what) (?:\w+ )?(?:variables?|settings?|parameters?)\b/, /\b[A-Z][A-Z0-9]*_?[A-Z0-9_]{2,}\b/g],
  [/\b(?:which|what) (?:\w+ )?(?:options?|flags?|switch(?:es)?)\b/, /(?:^|\s)(?:--?|−−?)[a-z][\w-]*/g],
  // A program or command named by its manual page ("reportbug(1)").
  [/\b(?:which|what) (?:\w+ )?(?:programs?|commands?|tools?|utilit(?:y|ies))\b/, /\b[a-z][\w.-]*\(\d\w?\)/g],
];
export function namesAskedThing(question: string, sentence: string): boolean {
  const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const asked = letters(question);
  return NAMED_THINGS.some(
    ([ask, name]) => ask.test(question) && (sentence.match(name) ?? []).some((n) => !asked.includes(letters(n))),
  );
}
const MODAL =
  "(?:can|cannot|can't|could|couldn't|does|doesn't|does not|do|don't|do not|will|won't|is|isn't|is " +
  "not|are|aren't|has|hasn't|have|may|must|should|need(?:s)? to|supports?|provides?|allows?|never|always)";
const YOU_MODAL = new RegExp(`^(?:yes|no)\\b|^(?:you|one)\\s+${MODAL}\\b`, "i");
const SUBJECT_MODAL = new RegExp(`^((?:\\S+\\s){0,2}\\S+)\\s+${MODAL}\\b`, "i");
/**
 * A yes or no said outright, as "can / does / is…" is answered on the phone: "Yes…", "You can…", or the
 * question's subject with its verb ("Git doesn't provide a way to do this." for "can git ignore…").
 */
export function statesYesNo(sentence: string, weights: Weights): boolean {
  if (YOU_MODAL.test(sentence)) return true;
  const m = SUBJECT_MODAL.exec(sentence);
  return m !== null && terms(m[1]!).some((t) => (weights.get(t) ?? 0) > 0);
}

// "Which web server does…", "is there a file that…": the kind of thing asked for (its head noun, "server",
// "file"). Words for a way of doing ("is there a way to…") ask how, not for a thing.
const WHICH_THING = new RegExp(
  String.raw`(?:^|\b(?:on|in|for|with|at) [^,]{1,40}, )(?:which|is there (?:a|an|any)|` +
    String.raw`are there(?: any)?) ((?:[a-z][\w-]* ){0,2}?[a-z][\w-]*?)(?= (?:does|do|did|is|are|was|were|` +
    String.raw`should|can|could|would|will|has|have|that|which|who|to|for|of|in|on|i|you|we)\b|$)`,
);
// "What program can I use to…", "what file should I edit": asked as "which" is, for the kinds of thing a
// sentence is seen to name (a file, an option, a variable, a program); "what exit code do I get" is not.
const WHAT_THING = new RegExp(
  String.raw`^what ((?:[a-z][\w-]* )?(?:files?|options?|flags?|switch(?:es)?|variables?|settings?|parameters?|` +
    String.raw`programs?|commands?|tools?|utilit(?:y|ies))) (?:can|could|should|do|does|did|would|must) ` +
    String.raw`(?:i|you|we|one)\b`,
);
const NOT_A_THING = new Set(
  terms("way ways means method methods chance reason difference problem possibility kind type sort happens"),
);
export function askedThing(question: string): string | null {
  const words = terms(WHICH_THING.exec(question)?.[1] ?? WHAT_THING.exec(question)?.[1] ?? "");
  const head = words.at(-1);
  return head && !NOT_A_THING.has(head) ? head : null;
}

// A short yes or no leads its explanation ("Yes. zlib doesn't handle dates.").
export const YES_NO_LEAD = /^(?:yes|no|not by itself|not yet|sorry)\b[^.!?]{0,30}[.!?]$/i;
// A sentence starting so leans on the one before it.
export const LEANS_BACK = /^(?:it|this|that|these|those|they|such|both|so|but|however|also|therefore|thus|hence)\b/i;

// "The largest…", "how far…": a range or a limit answers it ("Range: -32768 to +32767").
export const ASKS_LIMIT =
  /\b(?:largest|biggest|highest|smallest|lowest|maximum|minimum|max|min|most|least|range|far|limit)\b/i;
// Which end of the range is asked and said: "how far into the future" wants the high value, not the low one.
export const HIGH_END = new RegExp(
  String.raw`\b(?:future|ahead|forward|largest|biggest|highest|maximum|max|most|` +
    String.raw`longest|latest|upper|high value|up to|at most)\b`,
  "i",
);
export const LOW_END =
  /\b(?:past|back|smallest|lowest|minimum|min|least|shortest|earliest|lower|low value|at least)\b/i;
// "…when a command can't be found" is answered by "…cannot be found, the exit status is 127", not "…was found".
export const NEGATION = /\b(?:not|no|never|cannot|without)\b|n't\b/i;
export const STATES_LIMIT = new RegExp(
  String.raw`\b(?:range|maximum|minimum|max|min|up to|at most|at least|largest|highest|` +
    String.raw`smallest|lowest|limit(?:ed)?|high value|low value)\b|\bto [+-]?\d`,
  "i",
);

/** "Redis is often referred to as…": the sentence opens with a word of the question, then says what it is. */
export function defines(sentence: string, weights: Weights): boolean {
  const m = /^((?:\S+\s){0,3}\S+?)\s(?:is|are|was|were|means|refers to|stands for)\b/i.exec(sentence);
  return m !== null && terms(m[1]!).some((t) => weights.has(t));
}
