import type { ScorecardCheck } from "@parley/shared/scorecard";
import { conversed, fail, type Line, notApplicable, pass, spoken, type ScoreInput } from "../score-input.ts";
import {
  ACTS,
  callerQuestions,
  faqAnswered,
  isDecline,
  isRepeatRequest,
  lookupsFor,
  SELF,
  sharedTerms,
  WHO_ASKED,
  YES_NO,
} from "./questions.ts";

/** The agent's reply to a callee line: its next lines, after any further callee lines said before it spoke. */
export function replyAfter(s: ScoreInput, line: Line): { reply: Line[]; next: Line | null } {
  const after = spoken(s.lines).filter((l) => l.index > line.index);
  const start = after.findIndex((l) => l.speaker === "agent");
  if (start < 0) return { reply: [], next: null };
  const rest = after.slice(start);
  const end = rest.findIndex((l) => l.speaker === "callee");
  return { reply: end < 0 ? rest : rest.slice(0, end), next: end < 0 ? null : rest[end]! };
}

type Verdict = "answered" | "unanswered" | "skip";

function judge(s: ScoreInput, q: Line): Verdict {
  const { reply, next } = replyAfter(s, q);
  // The call ended on the question: nothing says whether the lead hung up before the agent could answer.
  if (!reply.length) return "skip";
  const text = reply.map((l) => l.text).join(" ");
  if (lookupsFor(s, q).length || faqAnswered(s, text) || isDecline(text)) return "answered";
  if (isRepeatRequest(text)) return next && callerQuestions(s).includes(next) ? "skip" : "unanswered";
  if (YES_NO.test(text.trim()) || ACTS.test(text)) return "answered";
  if (WHO_ASKED.test(q.text) && SELF.test(text)) return "answered";
  return sharedTerms(q.text, text) >= 0.25 ? "answered" : "unanswered";
}

/** Every question of the callee gets an answer, or an honest "I don't know; the team will follow up". */
export function questionsAnswered(s: ScoreInput): ScorecardCheck {
  const questions = conversed(s) ? callerQuestions(s) : [];
  if (!questions.length) return notApplicable("questions_answered", "The lead asked no question.");
  const judged = questions.map((q) => ({ q, v: judge(s, q) }));
  const missed = judged.find((j) => j.v === "unanswered");
  if (missed) return fail("questions_answered", `The agent moved on without answering "${missed.q.text}".`, missed.q);
  const answered = judged.filter((j) => j.v === "answered");
  if (!answered.length) return notApplicable("questions_answered", "The call ended on the lead's question.");
  const n = answered.length;
  const last = answered[n - 1]!.q;
  return pass(
    "questions_answered",
    `${n === 1 ? "The question was" : `All ${n} questions were`} answered or declined.`,
    last,
  );
}
