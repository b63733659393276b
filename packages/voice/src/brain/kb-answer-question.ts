/**
 * What a caller's question asks for: its kind (a number, a time, a definition, a yes or no…) and its
 * content words, folded so that "printing", "prints" and "printed" meet "print".
 */
export type QuestionKind = "quantity" | "time" | "definition" | "person" | "yesno" | "reason" | "place" | "how" | "other";

const STOP = new Set(
  ("a an the and or but if of to in on at for with about from by is are was were be been being am do does did doing can could " +
    "would should will shall may might must i me my you your we our us it its this that these those there here what whats " +
    "how which who whom whose when where why please tell know want like just so really any some much many get got have has " +
    "had okay ok yes no hi hello um uh er well also then than into out up down over only very too more most other such " +
    "one ones thing things something anything way need let say said mean means use used using since ever even still " +
    "actually exactly currently maybe probably perhaps kind sort guess wonder wondering whether they them their theirs " +
    "he him his she her hers mine yours ours myself yourself itself someone somebody anyone anybody everyone else besides " +
    "additionally otherwise never always every each all both either neither as whenever " +
    // Adverbs of time and manner a caller adds that documents rarely write ("a file it already tracks").
    "already again anymore yet now somehow").split(" "),
);

// Spoken lead-ins that carry no meaning: "so, um, can you tell me whether…".
const LEAD_INS =
  /^(?:(?:so|and|but|well|okay|ok|um+|uh+|er+|hi|hello|yeah|right|also|then|oh|sorry|excuse me|quick question)[\s,]+|(?:can|could) you (?:please )?(?:tell me|explain|say)\s+|i(?:'d| would)? (?:like|want|wanted) to know\s+|i (?:was )?wonder(?:ing)?\s+|do you know\s+|tell me\s+|please\s+)+/;

/** Light English suffix folding, applied alike to questions and passages: it only has to make forms meet. */
export function fold(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  // "declaration" meets "declare", "generation" meets "generate" (as Porter's stemmer folds -ation and -ate).
  if (w.length > 7 && /ations?$/.test(w)) w = w.replace(/ations?$/, w.length > 9 ? "" : "ate");
  if (w.length > 7 && /ate[sd]?$/.test(w)) return w.replace(/ate[sd]?$/, "");
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = w.slice(0, -2);
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  // "literally" meets "literal", "automatically" meets "automatic".
  else if (w.length > 6 && w.endsWith("ly")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 4 && w.endsWith("e")) w = w.slice(0, -1);
  // British and American spellings meet ("licence" / "license", "organise" / "organize").
  return w.replace(/(?<=^(?:lic|def|off))enc$/, "ens").replace(/(?<=\p{L}{3})is$/u, "iz");
}

/** Content words of a text, folded; words of one or two letters and function words left out. */
export function terms(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => (w.length > 1 || /\d/.test(w)) && !STOP.has(w))
    .map((w) => NUMBER_WORDS[w] ?? SAME[fold(w)] ?? fold(w));
}

// Said numbers meet written ones ("version three of the GPL" / "GPL version 3").
const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  "zero one two three four five six seven eight nine ten eleven twelve".split(" ").map((w, i) => [w, String(i)]),
);

// Words a caller uses for the same thing as the document ("how much does it cost" / "the price").
// A few verbs technical writing says in more than one way ("produce" / "generate", "faster" / "speed up").
const SAME: Record<string, string> = {
  cost: "pric", fee: "pric", charg: "pric", pricing: "pric", gigabyt: "gb", megabyt: "mb", kilobyt: "kb",
  produc: "gener", faster: "fast", quick: "fast", quicker: "fast", speed: "fast", remov: "delet", eras: "delet", prior: "befor",
};

const KIND_PATTERNS: Array<[QuestionKind, RegExp]> = [
  ["quantity", /\bhow (?:much|many|long|big|large|far|fast|often|old|heavy|high|small|wide|tall|deep)\b|\bwhat(?:'s|s| is| are)? (?:the )?(?:price|cost|fee|rate|size|number|amount|limit|maximum|minimum|max|min|length|version|largest|biggest|highest|smallest|lowest|longest|range|resolution|precision)\b|\b(?:maximum|minimum|limit)\b/],
  // "When…" asks for a time; "what do I get when a command can't be found" does not.
  ["time", /^(?:until |since |by )?when\b|\bwhat (?:time|day|date|year|month|hours?)\b|\bwhich (?:day|date|year|month)\b|\bopening hours\b|\bhow soon\b/],
  ["reason", /^why\b|\bhow come\b|\bwhat for\b/],
  ["place", /^where\b|\bwhich (?:file|directory|folder|site|page|address)\b/],
  // "What is Redis?", "what's a login shell": a short subject; "what's the difference between…" is not a definition.
  ["definition", /^(?:what|who)(?:'s|s| is| are| was| were) (?!the difference|the best|the way)(?:an? |the )?\S+(?: \S+){0,2}$|\bwhat does .+ (?:mean|stand for)\b|^define\b|\bmeaning of\b/],
  // "Who wrote nano?", "who founded…": a name is the answer. ("Who do I contact", "who can sign in" may be
  // answered by a team or a role, "who is X" asks what X is.)
  ["person", /^who (?:(?:first|originally|actually) )?(?:wrote|write|writes|created|creates|invented|founded|started|developed|develops|designed|made|makes|maintains|maintained|authored|built|discovered|owns|owned)\b/],
  // "Is there a way to run a command…" asks how, not whether.
  ["how", /^how (?:do|does|can|could|should|would|to|is|are)\b|^(?:is there|are there) (?:a|any) (?:way|means|method|option|setting|command) to\b/],
  ["yesno", /^(?:is|are|can|could|does|do|did|will|would|should|has|have|was|were|may|must|shall|isn't|aren't|doesn't|don't|can't|won't)\b/],
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

const ALREADY_KNOWN = /\b(?:besides|apart from|other than|except(?: for)?|in addition to|as well as) (?:the |a |an |my |your )?((?:[\p{L}\d'-]+ ?){1,3})/u;

// Articles and prepositions make any pair common ("the default"): pairs with them say nothing.
const GLUE = new Set("a an the of to in on at for with and or by from as is it this that my your i you".split(" "));

/** Lower-case words with "can't" as "cannot" and "isn't" as "is not", for matching word pairs. */
export function plainWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .replace(/\bcan't\b/g, "cannot")
    .replace(/n't\b/g, " not")
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
}

const DIGIT_WORD = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d+";
// A number said with its punctuation ("numeric three comma one", "version two point five") is the written one.
const SPOKEN_PUNCTUATION = new RegExp(`\\b(${DIGIT_WORD}) (comma|point|dot) (${DIGIT_WORD})\\b`, "g");
const digitOf = (w: string) => NUMBER_WORDS[w] ?? w;

// A setting left alone: "if I never set one", "if it isn't set", "without configuring anything", "out of the box".
const UNSET =
  /\b(?:(?:if|when) (?:i|you|we) (?:never|don't|do not|didn't|did not|haven't|have not) (?:set|configure|specify|choose|pick|change)d?|(?:if|when) (?:it|nothing|none|that)(?:'s| is| was)?(?: not|n't)? (?:set|configured|specified|chosen)|without (?:setting|configuring|specifying|choosing))\b(?: (?:one|it|any(?:thing)?|that|this|up))?|\bout of the box\b/g;

/** The question's kind and content words; lead-ins ("so, can you tell me…") do not hide its first word. */
export function parseQuestion(question: string): ParsedQuestion {
  const text = question.toLowerCase().replace(/’/g, "'").replace(/[“”"?!.]+/g, " ").replace(/\s+/g, " ").trim().replace(LEAD_INS, "")
    // "every time before the prompt": the time is not a thing asked about.
    .replace(/\b(?:every|each) time\b/g, "whenever")
    // What callers say for what documents write ("turn on the module" / "enable the module").
    .replace(/\b(?:shows?|showed|showing|pops?|popped|comes?|came) up\b/g, "appears")
    .replace(/\b(?:turn|switch)(?:ed|ing)? on\b/g, "enable").replace(/\b(?:turn|switch)(?:ed|ing)? off\b/g, "disable")
    // "Which editor does git open if I never set one" asks for the default, the word documents write.
    .replace(UNSET, "by default")
    .replace(SPOKEN_PUNCTUATION, (_, a: string, mark: string, b: string) => (mark === "comma" ? `${digitOf(a)}, ${digitOf(b)}` : `${digitOf(a)}.${digitOf(b)}`));
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
