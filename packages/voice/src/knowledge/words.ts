/**
 * The one tokenizer of the knowledge module: how a question and a passage become words, for the answer
 * choice (`terms`, `plainWords`) and for retrieval (`searchText`, which the server's full-text search reads).
 */

/** Function words, fillers and a caller's adverbs: never what a question is about. */
export const STOP = new Set(
  (
    "a an the and or but if of to in on at for with about from by is are " +
    "was were be been being am do does did doing can could " +
    "would should will shall may might must i me my you your we our us " +
    "it its this that these those there here what whats " +
    "how which who whom whose when where why please tell know want like " +
    "just so really any some much many get got have has " +
    "had okay ok yes no hi hello um uh er well also then than into " +
    "out up down over only very too more most other such " +
    "one ones thing things something anything way need let say said mean means use used using since ever even still " +
    "actually exactly currently maybe probably perhaps kind sort " +
    "guess wonder wondering whether they them their theirs " +
    "he him his she her hers mine yours ours myself yourself itself " +
    "someone somebody anyone anybody everyone else besides " +
    "additionally otherwise never always every each all both either neither as whenever " +
    // Adverbs of time and manner a caller adds that documents rarely write ("a file it already tracks").
    "already again anymore yet now somehow"
  ).split(" "),
);

/** Said numbers and their digits ("version three of the GPL" meets "GPL version 3"). */
export const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  "zero one two three four five six seven eight nine ten eleven twelve".split(" ").map((w, i) => [w, String(i)]),
);
// Retrieval reads a few more: the full-text index holds "15" where a caller says "fifteen".
const SEARCH_NUMBERS: Record<string, string> = {
  ...NUMBER_WORDS,
  ...Object.fromEntries(
    "thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
      .split(" ")
      .map((w, i) => [w, String(i + 13)]),
  ),
  thirty: "30",
  forty: "40",
  fifty: "50",
  sixty: "60",
  seventy: "70",
  eighty: "80",
  ninety: "90",
  hundred: "100",
  thousand: "1000",
};

// Words a caller uses for the same thing as the document ("how much does it cost" / "the price").
// A few verbs technical writing says in more than one way ("produce" / "generate", "faster" / "speed up").
const SAME: Record<string, string> = {
  cost: "pric",
  fee: "pric",
  charg: "pric",
  pricing: "pric",
  gigabyt: "gb",
  megabyt: "mb",
  kilobyt: "kb",
  produc: "gener",
  faster: "fast",
  quick: "fast",
  quicker: "fast",
  speed: "fast",
  remov: "delet",
  eras: "delet",
  prior: "befor",
};

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

/** The words of a text, lower case, without possessive "'s"; single letters left out (single digits kept). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1 || /\d/.test(w));
}

/** Content words of a text, folded; function words left out. */
export function terms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w))
    .map((w) => NUMBER_WORDS[w] ?? SAME[fold(w)] ?? fold(w));
}

// Campaign FAQs are a few short questions: a word of a caller's question is matched nearly as said, so that
// "install" does not find "Installation time" nor "need to clean" find "Panel warranty".
const FAQ_STOP = new Set(
  (
    "a an the and or but if of to in on at for with about from by is are was were be been am do does did can could " +
    "would should will shall may might must i me my you your we our us it its this that these those there what whats " +
    "how which who whom when where why please tell know want like just so really any some much many get got have has " +
    "had okay ok yes no hi hello um uh well also"
  ).split(" "),
);

/** Content words for matching a campaign's FAQs: only plurals folded ("plans" meets "plan"). */
export function faqTerms(text: string): string[] {
  return words(text)
    .filter((w) => !FAQ_STOP.has(w))
    .map((w) =>
      w.length > 4 && w.endsWith("ies")
        ? `${w.slice(0, -3)}y`
        : w.length > 3 && w.endsWith("s") && !w.endsWith("ss")
          ? w.slice(0, -1)
          : w,
    );
}

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

// Said on the phone around a question, never what it is about.
const FILLERS = (
  "um|uh|er|erm|hmm|okay|ok|yeah|yes|well|please|hi|hello|thanks|thank you|you know|i mean|i was wondering|i wonder|" +
  "i'd like to know|i want to know|i would like to know|can you tell me|could you tell me|tell me|do you know|" +
  "actually|basically|just|really"
).split("|");
// Contractions a speech recogniser or a hurried typist writes without the apostrophe.
const CONTRACTIONS: Array<[RegExp, string]> = [
  [/\b(what|that|where|who|how|there|it|here)['’]?s\b/g, "$1 is"],
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could)n['’]?t\b/g, "$1 not"],
  [/\bcan['’]?t\b/g, "can not"],
  [/\bwon['’]?t\b/g, "will not"],
  [/\bi['’]m\b/g, "i am"],
  [/\b(i|you|we|they)['’]ve\b/g, "$1 have"],
];
// Words that only join others ("big int", "data base" are joined; "how much" is not).
const JOINERS = new Set(
  (
    "a an the and or not no nor of to in on at for with by from as if " +
    "so than then is are was were be been am do does did " +
    "has have had can could will would should may might must how what " +
    "which who when where why it its this that these " +
    "those there here i me my you your we our they them their"
  ).split(" "),
);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const FILLER_RE = new RegExp(`\\b(?:${FILLERS.map(escapeRegExp).join("|")})\\b`, "g");

/**
 * The text a question is searched by, the same typed or spoken: "whats the biggest number a small int can
 * hold um" → "what is the biggest number a small int can hold smallint". Fillers and "how many / how much"
 * go (they say what kind of answer is wanted, not what it is about: the answer choice reads them from the
 * question itself); number words get their digits; two words said apart get their joined form too, as
 * documents write "bigint" or "database" (an unknown joined form weighs nothing).
 */
export function searchText(question: string): string {
  let q = ` ${question.toLowerCase().replace(/[‘’]/g, "'")} `;
  for (const [re, to] of CONTRACTIONS) q = q.replace(re, to);
  q = q.replace(FILLER_RE, " ").replace(/\bhow (many|much)\b/g, "how");
  const words = q
    .split(/[^a-z0-9'+.-]+/)
    .map((w) => w.replace(/^[.'-]+|[.'-]+$/g, ""))
    .filter(Boolean);
  const extra: string[] = [];
  words.forEach((w, i) => {
    if (Object.hasOwn(SEARCH_NUMBERS, w)) extra.push(SEARCH_NUMBERS[w]!);
    const next = words[i + 1];
    if (next && /^[a-z]{2,}$/.test(w) && /^[a-z]{2,}$/.test(next) && !JOINERS.has(w) && !JOINERS.has(next))
      extra.push(w + next);
  });
  return [...words, ...extra].join(" ");
}
