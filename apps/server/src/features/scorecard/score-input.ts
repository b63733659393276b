import type { TranscriptTurn } from "@parley/shared/calls";
import type { KbSource } from "@parley/shared/knowledge-base";
import type { ScorecardCheck, ScorecardCheckId } from "@parley/shared/scorecard";

/** A transcript line in spoken order, with its place in that order (what the call's details list). */
export type Line = TranscriptTurn & { index: number };

/** Everything a call's scorecard is computed from: its transcript and what the call recorded. */
export type ScoreInput = {
  /** In spoken order (see spokenOrder). */
  lines: Line[];
  answered: boolean;
  /** The call's outcome ("do_not_call", "voicemail", "scheduled"…); null while it runs. */
  outcome: string | null;
  /** The call was recorded (its greeting had to say so). */
  recorded: boolean;
  /** The campaign's goal, e.g. "book a demo of the premium plan"; "" when the campaign names none. */
  goal: string;
  faqs: { question: string; answer: string }[];
  /** The knowledge-base passages looked at for each question (the call's kb_sources). */
  kbSources: KbSource[];
  /** The meeting the call booked: when, in which zone the agent speaks times, and when it was made. */
  booking: { startAt: Date; timezone: string; madeAtMs: number | null } | null;
};

/** The transcript as it was spoken: by start time, ties in the order they were kept (as the details list it). */
export function spokenOrder(turns: TranscriptTurn[]): Line[] {
  return turns
    .map((t, i) => ({ t, i }))
    .sort((a, b) => a.t.startMs - b.t.startMs || a.i - b.i)
    .map(({ t }, index) => ({ ...t, index }));
}

const at = (line: Line) => ({ index: line.index, at_ms: line.startMs });

export const pass = (check: ScorecardCheckId, note: string, line?: Line | null, value?: number): ScorecardCheck => ({
  check,
  result: "pass",
  line: line ? at(line) : null,
  value: value ?? null,
  note,
});

export const fail = (check: ScorecardCheckId, note: string, line?: Line | null, value?: number): ScorecardCheck => ({
  check,
  result: "fail",
  line: line ? at(line) : null,
  value: value ?? null,
  note,
});

export const notApplicable = (check: ScorecardCheckId, note: string): ScorecardCheck => ({
  check,
  result: "na",
  line: null,
  value: null,
  note,
});

/** Lines with words: an engine's error line ("[error: …]") or an empty turn says nothing. */
export const spoken = (lines: Line[]) => lines.filter((l) => l.text.trim() && !l.text.startsWith("[error"));
export const agentLines = (s: ScoreInput) => spoken(s.lines).filter((l) => l.speaker === "agent");
export const calleeLines = (s: ScoreInput) => spoken(s.lines).filter((l) => l.speaker === "callee");

/** A conversation happened: the call was answered by a person who said something (not a voicemail). */
export const conversed = (s: ScoreInput) => s.answered && s.outcome !== "voicemail" && calleeLines(s).length > 0;

/** The agent's lines after `line` until the callee speaks again: its reply. */
export function replyTo(s: ScoreInput, line: Line): Line[] {
  const after = spoken(s.lines).filter((l) => l.index > line.index);
  const next = after.findIndex((l) => l.speaker === "callee");
  return (next < 0 ? after : after.slice(0, next)).filter((l) => l.speaker === "agent");
}
