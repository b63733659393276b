import type { Brain, CallOutcome, TranscriptTurn } from "../brain/brain.ts";
import { summarizeUnspokenCall } from "../brain/rules-summary.ts";
import type { EndReason } from "../telephony/call-leg.ts";
import type { LatencyMark, SessionResult } from "./session-types.ts";

type EndedCall = {
  answeredAt: Date | null;
  endedAt: Date;
  endReason: EndReason;
  /** An answering machine took the call. */
  voicemail: boolean;
  /** The whole voicemail message was played. */
  messageLeft: boolean;
  transcript: TranscriptTurn[];
  brain: Brain;
  latency: LatencyMark[];
  recording: { toWav(): Buffer };
  sampleRate: number;
  lateFrames: number;
  endDetail?: string;
};

/**
 * What the call amounts to once it is over: its outcome and summary (the brain's when a person spoke,
 * else the rules' for an unspoken call), duration, transcript and recording.
 */
export async function callResult(c: EndedCall): Promise<SessionResult> {
  const { endedAt } = c;
  const answered = c.answeredAt !== null;
  const spoke = c.transcript.some((x) => x.speaker === "callee");
  const summary = answered && !c.voicemail && spoke ? await c.brain.finish(c.transcript).catch(() => null) : null;
  const outcome = outcomeOf(answered, c.endReason, c.voicemail, spoke, summary?.outcome);
  const unspoken = outcome === "voicemail" || outcome === "no_answer" || outcome === "busy" || outcome === "failed";
  return {
    answered,
    endReason: c.endReason,
    ...(c.endDetail ? { endDetail: c.endDetail } : {}),
    answeredAt: c.answeredAt,
    endedAt,
    durationSecs: c.answeredAt ? Math.round((endedAt.getTime() - c.answeredAt.getTime()) / 1000) : 0,
    outcome,
    summary: summary ?? (unspoken
      ? summarizeUnspokenCall(outcome, { messageLeft: c.messageLeft, answered, reason: c.endReason === "cancelled" ? "cancelled" : c.endDetail })
      : null),
    transcript: c.transcript,
    latency: c.latency,
    recording: answered ? c.recording.toWav() : null,
    recordingSampleRate: c.sampleRate,
    lateFrames: c.lateFrames,
  };
}

/** The outcome when the brain has none (or did not speak with anyone): the carrier's word, voicemail, silence. */
export function outcomeOf(answered: boolean, reason: EndReason, voicemail: boolean, spoke: boolean, brainOutcome?: CallOutcome): CallOutcome {
  if (!answered) return reason === "busy" ? "busy" : reason === "no_answer" ? "no_answer" : "failed";
  if (voicemail) return "voicemail";
  if (!spoke) return "no_answer";
  return brainOutcome ?? "follow_up";
}
