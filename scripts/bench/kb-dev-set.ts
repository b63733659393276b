import fs from "node:fs";
import path from "node:path";

/**
 * The dev set of real documents (tests/kb-dev-set/README.md) and its questions; KB_DEV_SET_DIR names another
 * folder laid out the same way (documents + questions.json), to check the work on documents it was not tuned on.
 */
export const DEV_SET_DIR = process.env.KB_DEV_SET_DIR || new URL("../../tests/kb-dev-set/", import.meta.url).pathname;

export type AnswerableQuestion = {
  id: string;
  document: string;
  documents?: string[];
  question: string;
  facts: string[];
};
export type UnanswerableQuestion = { id: string; question: string };
export type DevQuestions = { answerable: AnswerableQuestion[]; unanswerable: UnanswerableQuestion[] };

export function loadDevQuestions(): DevQuestions {
  const raw = JSON.parse(fs.readFileSync(path.join(DEV_SET_DIR, "questions.json"), "utf8")) as DevQuestions;
  const files = new Set(devDocumentFiles());
  for (const q of raw.answerable) {
    if (!q.facts?.length) throw new Error(`questions.json: ${q.id} has no facts`);
    for (const d of q.documents ?? [q.document])
      if (!files.has(d)) throw new Error(`questions.json: ${q.id} names ${d}, not in the dev set`);
  }
  return raw;
}

/** The documents: every file of the folder but the questions, the README and the scripts. */
export function devDocumentFiles(): string[] {
  return fs
    .readdirSync(DEV_SET_DIR)
    .filter((f) => /\.(pdf|docx|doc|txt|html)$/.test(f))
    .sort();
}

// Spacing, case and typographic quotes vary with the extraction: compare on one normal form.
const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[‐‑−–]/g, "-")
    .replace(/\s+/g, " ");

/** Whether the text holds the fact: a substring, or /a regular expression/ (case-insensitive). */
export function holdsFact(text: string, fact: string): boolean {
  const t = normal(text);
  const re = /^\/(.+)\/$/.exec(fact);
  return re ? new RegExp(re[1]!, "i").test(t) : t.includes(normal(fact));
}
export const holdsFacts = (text: string, facts: string[]) => facts.every((f) => holdsFact(text, f));

/**
 * Passage-noise figures measured on the stored passages (what retrieval and the answer read). Passages are
 * reflowed, so a running header or footer is found as a run of 6 words repeated across the document's
 * passages (in 5 or more, and in a fifth of them at least), not as a repeated line.
 */
export function passageNoise(passages: Array<{ document: string; text: string }>): {
  boilerplate: number;
  tocLike: number;
  brokenHyphens: number;
} {
  const byDoc = new Map<string, string[]>();
  for (const p of passages) byDoc.set(p.document, [...(byDoc.get(p.document) ?? []), p.text]);
  const runs = (t: string) => {
    const w = t.toLowerCase().split(/\s+/).filter(Boolean);
    return new Set(w.slice(0, Math.max(0, w.length - 5)).map((_, i) => w.slice(i, i + 6).join(" ")));
  };
  let boilerplate = 0;
  for (const texts of byDoc.values()) {
    const shingles = texts.map(runs);
    const seen = new Map<string, number>();
    for (const s of shingles) for (const r of s) seen.set(r, (seen.get(r) ?? 0) + 1);
    const repeated = new Set([...seen].filter(([, n]) => n >= 5 && n >= texts.length / 5).map(([r]) => r));
    boilerplate += shingles.filter((s) => [...s].some((r) => repeated.has(r))).length;
  }
  return {
    boilerplate,
    // Dot leaders of a table of contents.
    tocLike: passages.filter((p) => (p.text.match(/(\. ){5,}|\.{6,}/g) ?? []).length >= 3).length,
    // A word split at a line end ("hyphen-\nated", or reflowed "hyphen- ated").
    brokenHyphens: passages.reduce(
      (n, p) => n + (p.text.match(/[a-z][-‐] ?\n?\s?[a-z]{2,}/g) ?? []).filter((m) => /[-‐](\n| )/.test(m)).length,
      0,
    ),
  };
}
