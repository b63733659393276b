import type { Brain, CallOutcome, TranscriptTurn } from "../brain/brain.ts";
import { summarizeUnspokenCall } from "../brain/rules-summary.ts";
import type { EndReason } from "../telephony/call-leg.ts";
import type { LatencyMark, SessionResult } from "./session-types.ts";
import type { HearingReport } from "./hearing-watch.ts";

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
  hearing?: HearingReport;
};

/** A callee who spoke on a call whose recogniser could not keep up: never summed up as "nobody spoke". */
export const NOT_UNDERSTOOD_SUMMARY =
  "Not understood: the server was overloaded. The callee spoke, but their words could not be recognised in time.";

/**
 * What the call amounts to once it is over: its outcome and summary (the brain's when a person spoke,
 * else the rules' for an unspoken call), duration, transcript and recording.
 */
export async function callResult(c: EndedCall): Promise<SessionResult> {
  const { endedAt } = c;
  const answered = c.answeredAt !== null;
  const spoke = c.transcript.some((x) => x.speaker === "callee");
  const summary = answered && !c.voicemail && spoke ? await c.brain.finish(c.transcript).catch(() => null) : null;
  const unheard = !!c.hearing && c.hearing.utterances > 0 && c.hearing.fellBehind;
  const outcome = outcomeOf(answered, c.endReason, c.voicemail, spoke, summary?.outcome, unheard);
  const unspoken = outcome === "voicemail" || outcome === "no_answer" || outcome === "busy" || outcome === "failed";
  return {
    answered,
    endReason: c.endReason,
    ...(c.endDetail ? { endDetail: c.endDetail } : {}),
    answeredAt: c.answeredAt,
    endedAt,
    durationSecs: c.answeredAt ? Math.round((endedAt.getTime() - c.answeredAt.getTime()) / 1000) : 0,
    outcome,
    summary:
      summary ??
      (outcome === "not_understood"
        ? { outcome, summary: NOT_UNDERSTOOD_SUMMARY, sentiment: "neutral", extracted: {} }
        : unspoken
          ? summarizeUnspokenCall(outcome, {
              messageLeft: c.messageLeft,
              answered,
              reason: c.endReason === "cancelled" ? "cancelled" : c.endDetail,
            })
          : null),
    transcript: c.transcript,
    latency: c.latency,
    recording: answered ? c.recording.toWav() : null,
    recordingSampleRate: c.sampleRate,
    lateFrames: c.lateFrames,
    ...(c.hearing ? { hearing: c.hearing } : {}),
  };
}

/**
 * The outcome when the brain has none (or did not speak with anyone): the carrier's word, voicemail, silence, or
 * (`unheard`: the callee was heard to speak while the recogniser fell behind) not understood.
 */
export function outcomeOf(
  answered: boolean,
  reason: EndReason,
  voicemail: boolean,
  spoke: boolean,
  brainOutcome?: CallOutcome,
  unheard = false,
): CallOutcome {
  if (!answered) return reason === "busy" ? "busy" : reason === "no_answer" ? "no_answer" : "failed";
  if (voicemail) return "voicemail";
  if (!spoke) return unheard ? "not_understood" : "no_answer";
  return brainOutcome ?? "follow_up";
}
