/**
 * What the answer choice says when the fact is not there: each answerable question of recorded knowledge-bench
 * runs (`BENCH_ANSWERS=<file>`) is answered again with every passage holding its facts taken out, so anything
 * said is said without the fact. The recorded sets hold only a few such answers; this turns each right answer
 * into a case of a passage on the topic that does not answer, as on documents the rules never saw. Usage:
 *   npx tsx scripts/bench/kb-ablate.ts <set folder> <answers.json> [--verbose]
 */
import fs from "node:fs";
import path from "node:path";
import { answerFromPassages, type KbAnswer, type KbPassage } from "../../packages/voice/src/knowledge/answer.ts";
import { type DevQuestions, holdsFacts } from "./kb-dev-set.ts";

type Recorded = { question: string; passages: KbPassage[]; answer: KbAnswer };

const [dir, file] = process.argv.slice(2);
if (!dir || !file) throw new Error("usage: kb-ablate.ts <set folder> <answers.json> [--verbose]");
const verbose = process.argv.includes("--verbose");
const set = JSON.parse(fs.readFileSync(path.join(dir, "questions.json"), "utf8")) as DevQuestions;
const recorded = new Map((JSON.parse(fs.readFileSync(file, "utf8")) as Recorded[]).map((r) => [r.question, r]));
let asked = 0;
let said = 0;
for (const q of set.answerable) {
  const r = recorded.get(q.question);
  if (!r) throw new Error(`${q.id}: not recorded`);
  // A fact split across a heading and its text counts as held: the passage goes.
  const rest = r.passages.filter((p) => !holdsFacts(`${p.heading} ${p.text}`, q.facts));
  if (rest.length === r.passages.length && !r.answer.answered) continue;
  asked++;
  const a = answerFromPassages(q.question, rest);
  if (!a.answered) continue;
  said++;
  if (verbose) {
    const passage = a.checks.find((c) => c.accepted)?.passage;
    console.log(`${q.id} ${q.question}\n     ${JSON.stringify(a.text.slice(0, 200))} [${passage}]`);
  }
}
console.log(`${path.basename(dir)}: without the fact's passages, ${said} of ${asked} questions still answered`);
