/**
 * Replays the answers of recorded knowledge-bench runs (`BENCH_ANSWERS=<file>`: each question's passages as
 * retrieval gave them) through the current answer choice, without ingesting or retrieving again: the answer
 * rules' effect alone, in a second. Usage:
 *   npx tsx scripts/bench/kb-replay.ts <set folder> <answers.json> [--verbose]
 */
import fs from "node:fs";
import path from "node:path";
import { answerFromPassages, type KbAnswer, type KbPassage } from "../../packages/voice/src/knowledge/answer.ts";
import { holdsFacts, type DevQuestions } from "./kb-dev-set.ts";

type Recorded = { question: string; passages: KbPassage[]; answer: KbAnswer };

const [dir, file] = process.argv.slice(2);
if (!dir || !file) throw new Error("usage: kb-replay.ts <set folder> <answers.json> [--verbose]");
const verbose = process.argv.includes("--verbose");
const set = JSON.parse(fs.readFileSync(path.join(dir, "questions.json"), "utf8")) as DevQuestions;
const recorded = new Map((JSON.parse(fs.readFileSync(file, "utf8")) as Recorded[]).map((r) => [r.question, r]));
const n = { right: 0, wrong: 0, declined: 0, falseAnswers: 0, changed: 0 };
const lines: string[] = [];
const short = (s: string) => JSON.stringify(s.slice(0, 140));
for (const q of set.answerable) {
  const r = recorded.get(q.question);
  if (!r) throw new Error(`${q.id}: not recorded`);
  const a = answerFromPassages(q.question, r.passages);
  const right = a.answered && holdsFacts(a.text, q.facts);
  const was = r.answer.answered && holdsFacts(r.answer.text, q.facts);
  if (right) n.right++;
  else if (a.answered) n.wrong++;
  else n.declined++;
  const mark = right ? "right" : a.answered ? "WRONG" : "declined";
  const before = was ? "right" : r.answer.answered ? "WRONG" : "declined";
  if (mark !== before) n.changed++;
  if (verbose || mark !== before || mark === "WRONG")
    lines.push(
      `${before === mark ? "  " : "≠ "}${q.id} [${before} → ${mark}] ${q.question}\n     ${
        a.answered ? short(a.text) : `(declined) ${a.checks[0]?.rule}: ${short(a.checks[0]?.sentence ?? "")}`
      }`,
    );
}
for (const q of set.unanswerable) {
  const r = recorded.get(q.question);
  if (!r) throw new Error(`${q.id}: not recorded`);
  const a = answerFromPassages(q.question, r.passages);
  if (a.answered) n.falseAnswers++;
  if (a.answered !== r.answer.answered || a.answered || verbose)
    lines.push(
      `${a.answered !== r.answer.answered ? "≠ " : "  "}${q.id} [unanswerable${a.answered ? " ANSWERED" : ""}] ${
        q.question
      }\n     ${a.answered ? short(a.text) : `(declined) ${a.checks[0]?.rule}`}`,
    );
}
console.log(lines.join("\n"));
console.log(
  `${path.basename(dir)}: right ${n.right}/${set.answerable.length}, wrong ${n.wrong}, declined ${n.declined}; ` +
    `unanswerable declined ${set.unanswerable.length - n.falseAnswers}/${set.unanswerable.length}; ` +
    `changed ${n.changed}`,
);
