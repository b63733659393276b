/**
 * A passage as sentences a caller could hear: links become their site's name, markdown and list numbers
 * go, and each sentence is marked when it is a question (an FAQ's own question is context, never an answer)
 * or something no one says on the phone (a heading, a table of contents, code).
 */
export type Sentence = {
  text: string;
  /** Position in the passage. */
  index: number;
  /** Ends with a question mark: the passage's own question, never read back. */
  question: boolean;
  /** Fit to be spoken as (part of) an answer. */
  speakable: boolean;
  /** Sends the reader elsewhere ("See linkgit:git-pull[1]."): an answer only to "where can I find…". */
  pointer: boolean;
};

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
// A segment ending in one of these was cut inside a sentence ("e.g. the", "see Fig. 3").
const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|cf|fig|approx|incl|dr|mr|mrs|ms|st|ch|sec|vol|p|pp)\.$/i;

/** "https://www.zlib.net/faq.html" is said "zlib.net"; a markdown link keeps its words. */
function spokenLinks(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/<?(?:https?|ftp):\/\/(?:www\.)?([^/\s>)]+)[^\s>)]*>?/g, "$1")
    .replace(/\bwww\.([^/\s]+)\S*/g, "$1");
}

/** Text without markup: headings' hashes, emphasis, underlines (=== / ---), bullets, table bars. */
export function plainText(text: string): string {
  return spokenLinks(text)
    .replace(/^\s*#+\s+/gm, "")
    .replace(/[=\-_~*]{3,}/g, " ")
    .replace(/(^|[.!?:]\s+)[*-]\s+/g, "$1")
    .replace(/\s*[•·▪◦]\s+/g, " ")
    .replace(/[*`#>|~]+/g, " ")
    .replace(/(^|\s)_+|_+(?=\s|[.,;:!?]|$)/g, "$1") // _emphasis_, not names like bash_profile
    .replace(/\\(?=[*_#])/g, "")
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])(?=\s|$)/g, "$1")
    .replace(/\(\s+/g, "(")
    .replace(/\s+\)/g, ")")
    .trim();
}

/** List numbers at a sentence's start ("11. Can zlib…", "3) Run…") are layout, not words. */
const stripListNumber = (s: string) => s.replace(/^(?:\(?\d{1,3}[.)]|[a-z][.)])\s+(?=\S)/, "");

/**
 * Shell commands run into the prose after them when a listing lost its lines ("$ ../configure $ make Note
 * that parallel build is also supported…"): the prose after the last command is a sentence of its own.
 */
function afterCommands(part: string): string[] {
  if (!/(?:^|\s)\$\s/.test(part)) return [part];
  // Not after a colon: "This will: Clone the gnulib repository…" is a list the sentence introduces.
  // Right after a command (a few words from its "$"), never inside the prose ("…in some Apache configurations").
  return part.split(/(?<=(?:^|\s)\$\s(?:\S+\s){0,7}\S*[^:\s])\s+(?=\p{Lu}\p{Ll}+(?: [\p{Ll}\d'’,]+){3,})/u);
}

function segments(text: string): string[] {
  const out: string[] = [];
  // In a "Q: … A: …" FAQ an answer that is a command has no full stop: "A: xz -dc foo.tar.xz | tar xf - Q: Can I…".
  const qa = /(?:^|\s)Q:\s/.test(text) && /(?:^|\s)A:\s/.test(text);
  for (const { segment } of qa
    ? text.split(/\s(?=[QA]:\s)/).flatMap((t) => [...segmenter.segment(t)])
    : segmenter.segment(text)) {
    // The segmenter does not end a sentence before a lower-case word; names like "zlib" or "npm" start sentences.
    for (const part of segment
      .split(/(?<=(?:\p{L}{2,}|\d|\))[.!?])\s+(?=\p{Ll}[\p{L}\p{N}_-]*\b)/u)
      .flatMap(afterCommands)) {
      const s = part.trim();
      if (!s) continue;
      const prev = out[out.length - 1];
      // Re-join a cut after an abbreviation or an initial ("Thomas G. Lane"), a bare list number, and a
      // file extension (".Z files").
      // A "?" or "!" inside brackets does not end the sentence ("…Meta-, and Meta-. (clear as mud, right? =-).").
      const open = (t: string) => (t.match(/\(/g) ?? []).length - (t.match(/\)/g) ?? []).length;
      // The aside itself is not said: a caller would hear a question.
      if (prev !== undefined && /[?!]$/.test(prev) && open(prev) > 0 && open(s) < 0)
        out[out.length - 1] = `${prev} ${s}`.replace(/\s*\([^()]*[?!][^()]*\)/g, "").replace(/\.\.$/, ".");
      else if (prev !== undefined && /\s\.$/.test(prev)) out[out.length - 1] = `${prev}${s}`;
      // "Workaround for 1.1.X and later versions": a version number is not a sentence end.
      else if (prev !== undefined && /(?:^|\s)\d+\.\d+\.$/.test(prev) && /^\p{Lu}\b/u.test(s))
        out[out.length - 1] = `${prev}${s}`;
      else if (
        prev !== undefined &&
        (ABBREVIATION.test(prev) || /\b\p{Lu}\.$/u.test(prev) || /^\(?\d{1,3}[.)]$/.test(prev))
      )
        out[out.length - 1] = `${prev} ${s}`;
      else out.push(s);
    }
  }
  return out;
}

/** Words a listener would hear; code (braces, operators, calls) and tables of contents are not. */
function looksSpoken(s: string): boolean {
  const words = s.match(/\p{L}+/gu) ?? [];
  if (words.length < 3) return false;
  const letters = words.join("").length;
  // Braces and operators, calls "f()", shell prompts "%", paths "./x" and options " --port".
  // (Brackets are left out: table rows name types like "timestamp [ (p) ]".)
  // Options may come with a PDF's minus sign ("kill [−s sigspec]").
  // A manual's synopsis puts options in brackets ("mapfile [−d delim] [−n count]").
  // One option with its value ("--trace-children=yes") is one mark: a sentence naming it is still said.
  const options = s.match(/(?:^|[\s[(])(?:--?|−−?)[a-z][\w-]*(?:=[\w.:,/-]+)?/gi) ?? [];
  const code =
    options.length +
    (options.reduce((t, o) => t.replace(o, " "), s).match(/[{}<>=;\\|$^&*]|%\s|\w\(\)|\.\//g) ?? []).length;
  // (Prose naming an option opens with a capital and ends with a full stop; a bare command does neither.)
  const prose = /^\p{Lu}/u.test(s) && /[.!]$/.test(s) && letters >= 15;
  if (code > 3 || (code / Math.max(1, letters) > 0.04 && !(prose && options.length === code && code <= 2)))
    return false;
  if (/(?:\.\s?){4,}|…{2,}/.test(s)) return false; // dot leaders of a table of contents
  // A list run into one line ("- have Git installed on the client, and - either…"): items, not a sentence.
  if ((s.match(/(?:^|\s)[-*]\s+\p{Ll}/gu) ?? []).length >= 2) return false;
  if ((s.match(/\b\d+(?:\.\d+)+\b/g) ?? []).length >= 3) return false; // a run of section numbers
  return true;
}

/**
 * An AsciiDoc FAQ ("[[anchor]] I've made a mistake in the last commit. How do I change it?:: You can…"):
 * from the anchor to the "::" is the question, after it the answer. Likewise from "Q:" to "A:".
 */
function faqItems(segs: string[]): { raw: string[]; asked: Set<number> } {
  const raw: string[] = [];
  const asked = new Set<number>();
  let inItem = false;
  for (const seg of segs) {
    let s = seg;
    if (/^\[\[[^\]]+\]\]/.test(s)) {
      inItem = true;
      s = s.replace(/^\[\[[^\]]+\]\]\s*/, "");
    }
    // A "Q: … A: …" FAQ: from "Q:" to "A:" is the question (statements included), the marks are not said.
    if (/^Q[:.)]\s+/.test(s)) {
      inItem = true;
      s = s.replace(/^Q[:.)]\s+/, "");
    } else if (/^A[:.)]\s+/.test(s)) {
      inItem = false;
      s = s.replace(/^A[:.)]\s+/, "");
    }
    const split = /^(.*?::)\s+(.+)$/.exec(s);
    if (split && (inItem || /\?::/.test(split[1]!))) {
      asked.add(raw.length);
      raw.push(split[1]!.replace(/::$/, ""));
      raw.push(split[2]!);
      inItem = false;
    } else {
      if (inItem) asked.add(raw.length);
      raw.push(s);
    }
  }
  return { raw, asked };
}

/**
 * "You can also build groff in an out-of-source build tree, which is cleaner: $ mkdir build $ cd build…":
 * the commands are not said, the sentence introducing them is. (One short command stays: "$ ./bootstrap".)
 */
function withoutListing(s: string): string {
  const m = /^(.{20,}?\p{L}):\s+\$\s/u.exec(s);
  return m && !looksSpoken(s) && looksSpoken(m[1]!) ? `${m[1]}.` : s;
}

/**
 * "Create this file by $ htpasswd -c /usr/local/apache2/conf/passwd.git <user": one command after a few words
 * of prose is said by its name, options and plain words ("…by running htpasswd -c."); paths and
 * placeholders are not read out.
 */
export function saidCommand(s: string): string {
  const m = /^(\P{Cc}{3,}?)(?:\s+(by|do)|:)\s+\$\s+([^$]+?)\.?$/u.exec(s);
  if (!m || !/\p{L}{2,}/u.test(m[1]!)) return s;
  const words = m[3]!.split(/\s+/).filter((w) => w && w !== "." && !/[/<>=|"'`]/.test(w));
  // The command's own name must be sayable ("./bootstrap" is a path: the sentence stays as it is).
  if (!words.length || words.length > 6 || words[0] !== m[3]!.split(/\s+/)[0] || !/^[a-z][\w.-]*$/.test(words[0]!))
    return s;
  const command = words.join(" ");
  return m[2] === "by" ? `${m[1]} by running ${command}.` : `${m[1]!.replace(/,$/, "")}, run ${command}.`;
}

// "See linkgit:git-pull[1].", "Refer to Chapter 9 for more information.": a pointer elsewhere.
const POINTER = new RegExp(
  String.raw`^(?:(?:also )?see|refer to|for (?:more|further|full) (?:information|details)|` +
    String.raw`more (?:information|details) (?:is|are|can be))\b.{0,200}$`,
  "i",
);

/** The passage's sentences in order; a sentence that only repeats the heading is not speakable. */
export function sentencesOf(text: string, heading = ""): Sentence[] {
  const head = heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  const { raw, asked } = faqItems(segments(plainText(text)));
  // "… zlib@gzip.org 27." then "Will zlib…": the number starts the next item, it does not end this one.
  for (let i = 0; i + 1 < raw.length; i++) {
    const m = /^(.*\S)\s+(\d{1,3}[.)])$/.exec(raw[i]!);
    if (m && /\?["'”)]?$/.test(raw[i + 1]!)) [raw[i], raw[i + 1]] = [m[1]!, `${m[2]} ${raw[i + 1]}`];
  }
  const numbered = raw.map((s) => stripListNumber(s) !== s);
  const isAsked = (s: string) => /\?["'”)]?$/.test(s);
  // In a numbered FAQ every numbered item is a question, even one put as
  // a statement ("10. I need a Delphi interface.").
  const numberedFaq = raw.some((s, i) => numbered[i] && isAsked(s));
  return raw.map((r, index) => {
    // An AsciiDoc "+" joins a list item's paragraphs; it is not said.
    const s = saidCommand(withoutListing(stripListNumber(r).replace(/^\+\s+/, "")));
    const question = isAsked(s) || asked.has(index) || (numberedFaq && numbered[index]!);
    const bare = s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
    const isHeading = head !== "" && (bare === head || head.endsWith(bare));
    // A sentence ending in a colon introduces what follows (a command, a list): alone it says nothing.
    return {
      text: s,
      index,
      question,
      speakable: !question && !isHeading && !s.endsWith(":") && looksSpoken(s),
      pointer: POINTER.test(s),
    };
  });
}

/** At most maxChars, cut at a clause or word boundary, ending as a spoken sentence. */
export function trimForSpeech(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const clause = Math.max(head.lastIndexOf("; "), head.lastIndexOf(", "), head.lastIndexOf(": "));
  const cut = clause > maxChars * 0.5 ? head.slice(0, clause) : head.replace(/\s+\S*$/, "");
  return `${cut.replace(/[\s,;:(-]+$/, "")}.`;
}
