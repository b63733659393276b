import { NUMBER_WORDS, plainWords, terms } from "./words.ts";

/**
 * What a caller's question asks for: its kind (a number, a time, a definition, a yes or no…) and its
 * content words, folded so that "printing", "prints" and "printed" meet "print".
 */
export type QuestionKind =
  | "quantity"
  | "time"
  | "definition"
  | "person"
  | "yesno"
  | "reason"
  | "place"
  | "how"
  | "other";

// Spoken lead-ins that carry no meaning: "so, um, can you tell me whether…".
const LEAD_INS = new RegExp(
  String.raw`^(?:(?:so|and|but|well|okay|ok|um+|uh+|er+|hi|hello|yeah|right|also|then|oh|sorry|excuse me|` +
    String.raw`quick question)[\s,]+|(?:can|could) you (?:please )?(?:tell me|explain|say)\s+|i(?:'d|` +
    String.raw` would)? (?:like|want|wanted) to know\s+|i (?:was )?wonder(?:ing)?\s+|do you know\s+|tell me\s+|` +
    String.raw`please\s+)+`,
);

const KIND_PATTERNS: Array<[QuestionKind, RegExp]> = [
  [
    "quantity",
    new RegExp(
      String.raw`\bhow (?:much|many|long|big|large|far|fast|often|old|heavy|high|small|wide|tall|deep)\b|` +
        // "What was the usual page size": up to two words may say which size, price or number.
        String.raw`\bwhat(?:'s|s| is| are| was| were)? (?:the )?(?:[\w-]+ ){0,2}?(?:price|cost|fee|rate|size|number|` +
        String.raw`amount|limit|maximum|` +
        String.raw`minimum|max|min|length|version|largest|biggest|highest|smallest|lowest|longest|range|` +
        String.raw`resolution|precision)\b|\b(?:maximum|minimum|limit)\b|\bwhat(?:'s|s| is| was)? the most\b`,
    ),
  ],
  // "When…" asks for a time; "what do I get when a command can't be found" does not.
  [
    "time",
    new RegExp(
      String.raw`^(?:until |since |by )?when\b|\bwhat (?:time|day|date|year|month|hours?)\b|` +
        String.raw`\bwhich (?:day|date|year|month)\b|\bopening hours\b|\bhow soon\b`,
    ),
  ],
  ["reason", /^why\b|\bhow come\b|\bwhat for\b/],
  ["place", /^where\b|\bwhich (?:file|directory|folder|site|page|address)\b/],
  // "Who is the current project leader?": a role, answered by a name ("who is Redis for" is not asked so).
  ["person", /^who(?:'s| is| was| are| were) (?:the|your|our|their) /],
  // "What is Redis?", "what's a login shell": a short subject; "what's the difference between…" is not a definition.
  [
    "definition",
    new RegExp(
      String.raw`^(?:what|who)(?:'s|s| is| are| was| were) (?!the difference|the best|the way)(?:an? |` +
        String.raw`the )?\S+(?: \S+){0,2}$|\bwhat does .+ (?:mean|stand for)\b|^define\b|\bmeaning of\b`,
    ),
  ],
  // "Who wrote nano?", "who founded…": a name is the answer. ("Who do I contact", "who can sign in" may be
  // answered by a team or a role, "who is X" asks what X is.)
  [
    "person",
    new RegExp(
      String.raw`^who (?:(?:first|originally|actually) )?(?:wrote|write|writes|created|creates|` +
        String.raw`invented|founded|started|developed|develops|designed|made|makes|maintains|` +
        String.raw`maintained|authored|built|discovered|owns|owned)\b`,
    ),
  ],
  // "Is there a way to run a command…" asks how, not whether.
  [
    "how",
    new RegExp(
      String.raw`^how (?:do|does|can|could|should|would|to|is|are)\b|^(?:is there|` +
        String.raw`are there) (?:a|any) (?:way|means|method|option|setting|command) to\b`,
    ),
  ],
  [
    "yesno",
    new RegExp(
      String.raw`^(?:is|are|can|could|does|do|did|will|would|should|has|have|was|were|may|` +
        String.raw`must|shall|isn't|aren't|doesn't|don't|can't|won't)\b`,
    ),
  ],
];

export type ParsedQuestion = {
  kind: QuestionKind;
  terms: string[];
  text: string;
  /** Word pairs as said ("be found"), negations spelled out: a sentence saying them is closer. */
  pairs: string[];
  /** Words of what the caller already has ("besides the copyright notice, what else…"): not the answer. */
  known: string[];
};

const ALREADY_KNOWN = new RegExp(
  String.raw`\b(?:besides|apart from|other than|except(?: for)?|in addition to|` +
    String.raw`as well as) (?:the |a |an |my |your )?((?:[\p{L}\d'-]+ ?){1,3})`,
  "u",
);

// Articles and prepositions make any pair common ("the default"): pairs with them say nothing.
const GLUE = new Set("a an the of to in on at for with and or by from as is it this that my your i you".split(" "));

const DIGIT_WORD = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+";
// A number said with its punctuation ("numeric three comma one", "version two point five") is the written one.
const SPOKEN_PUNCTUATION = new RegExp(`\\b(${DIGIT_WORD}) (comma|point|dot) (${DIGIT_WORD})\\b`, "g");
const digitOf = (w: string) => NUMBER_WORDS[w] ?? w;

// A setting left alone: "if I never set one", "if it isn't set", "without configuring anything", "out of the box".
const UNSET = new RegExp(
  String.raw`\b(?:(?:if|when) (?:i|you|we) (?:never|don't|do not|didn't|did not|haven't|have not) (?:set|` +
    String.raw`configure|specify|choose|pick|change)d?|(?:if|when) (?:it|nothing|none|that)(?:'s| is| was)?(?: not|` +
    String.raw`n't)? (?:set|configured|specified|chosen)|without (?:setting|configuring|specifying|` +
    String.raw`choosing))\b(?: (?:one|it|any(?:thing)?|that|this|up))?|\bout of the box\b`,
  "g",
);

/** The question's kind and content words; lead-ins ("so, can you tell me…") do not hide its first word. */
export function parseQuestion(question: string): ParsedQuestion {
  const text = question
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/[“”"?!.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(LEAD_INS, "")
    // "every time before the prompt": the time is not a thing asked about.
    .replace(/\b(?:every|each) time\b/g, "whenever")
    // What callers say for what documents write ("turn on the module" / "enable the module").
    .replace(/\b(?:shows?|showed|showing|pops?|popped|comes?|came) up\b/g, "appears")
    .replace(/\b(?:turn|switch)(?:ed|ing)? on\b/g, "enable")
    .replace(/\b(?:turn|switch)(?:ed|ing)? off\b/g, "disable")
    // "Which editor does git open if I never set one" asks for the default, the word documents write.
    .replace(UNSET, "by default")
    .replace(SPOKEN_PUNCTUATION, (_, a: string, mark: string, b: string) =>
      mark === "comma" ? `${digitOf(a)}, ${digitOf(b)}` : `${digitOf(a)}.${digitOf(b)}`,
    );
  // "In a restricted shell, can the user…": the question proper starts after a leading setting.
  const asked = text.replace(/^(?:in|on|for|with|under|using|inside|within) [^,]{1,40}, (?=\S)/, "");
  const kind = KIND_PATTERNS.find(([, re]) => re.test(asked))?.[0] ?? "other";
  const words = plainWords(text);
  const pairs = words
    .slice(1)
    .map((w, i) => [words[i]!, w])
    .filter(([a, b]) => !GLUE.has(a!) && !GLUE.has(b!) && terms(`${a} ${b}`).length > 0)
    .map(([a, b]) => `${a} ${b}`);
  const known = terms(ALREADY_KNOWN.exec(text)?.[1] ?? "");
  return { kind, terms: [...new Set(terms(text))], text, pairs, known };
}
