import type { AgentTools, BrainFactory, CallSummary } from "@parley/voice/brain/brain";
import type { VadFactory } from "@parley/voice/audio/vad";
import type { SttProvider } from "@parley/voice/providers/stt/stt-provider";
import type { TtsProvider } from "@parley/voice/providers/tts/tts-provider";
import { summarizeUnspokenCall } from "@parley/voice/brain/rules-summary";
import { runCallSession } from "@parley/voice/session/call-session";
import type { SessionEvent, SessionResult, TransferOptions } from "@parley/voice/session/session-types";
import type { CallLeg, Telephony } from "@parley/voice/telephony/call-leg";
import type { Clock } from "../../platform/clock.ts";
import { transferTarget } from "./transfer-target.ts";
import type { Logger } from "../../platform/logger.ts";
import type { CallPlacer, DialJob, DialResult } from "../dialer/dialer.types.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import type { LiveAudio } from "./live-audio.ts";
import type { RecordingUploads } from "./recording-uploads.ts";
import { bindAgentTools, type AgentToolDeps } from "./agent-tools.ts";
import { callVocabulary, toAgentContext } from "./call-context.ts";
import type { CallContextRow, CallsRepo, KbSource } from "./calls.repo.ts";

export type VoiceProviders = {
  telephony: Telephony;
  stt: SttProvider;
  /** Voice activity detection; unset: energy (the `instant` tone voices, tests). */
  vad?: VadFactory;
  tts: TtsProvider;
  brain: BrainFactory;
  /** Used when a campaign's voice is not one the TTS has. */
  defaultVoiceId: string;
  /** Calls are recorded (and the greeting says so). */
  recording: boolean;
  /** The key (DTMF) that puts the callee on the do-not-call list and ends the call; null or unset: none. */
  optOutDigit?: string | null;
  /** How long the person a call is transferred to may ring before the agent takes the caller back (default 25 s). */
  transferRingMs?: number;
};

const TRANSFER_RING_MS = 25_000;

/** What scores a call once it is saved (the scorecard feature's service). */
export type CallScorer = { score(orgId: string, callId: string): Promise<unknown> };
/** What keeps a call's qualifying answers once it is saved (the outcome-fields feature's service). */
export type OutcomeAnswersSink = {
  saveCall(orgId: string, callId: string, captured: CallSummary["qualifying"]): Promise<void>;
};

type RunnerDeps = {
  repo: CallsRepo;
  recordings: RecordingUploads;
  providers: VoiceProviders;
  tools: AgentToolDeps;
  clock: Clock;
  log: Logger;
  events?: WebhookEvents;
  /** Where people listening in from the browser find the calls this process runs. */
  liveAudio?: LiveAudio;
  scorecards?: CallScorer;
  outcomeFields?: OutcomeAnswersSink;
};

type CallStatus = "completed" | "no_answer" | "busy" | "failed" | "dropped";

/** Places one call through the telephony and the voice agent, and keeps the call record up to date. */
export function createCallRunner(deps: RunnerDeps): CallPlacer & {
  placeCall(callId: string, signal: AbortSignal): Promise<DialResult>;
  answerCall(callId: string, leg: CallLeg, signal: AbortSignal): Promise<DialResult>;
  runOnLeg(c: CallContextRow, leg: CallLeg, o: RunOnLegOptions): Promise<SessionResult>;
  context(callId: string): Promise<CallContextRow | null>;
} {
  const { repo, providers: p, log } = deps;
  const voiceIds = p.tts.listVoices().then(
    (vs) => new Set(vs.map((v) => v.id)),
    () => new Set<string>(),
  );

  /** The agent's session on a leg; the call row follows it live (in order, never blocking the audio). */
  async function converse(
    c: CallContextRow,
    leg: CallLeg,
    tools: RunOnLegOptions["tools"],
    o: Omit<RunOnLegOptions, "tools"> & { transfer?: TransferOptions },
  ) {
    let writes = Promise.resolve();
    let optedOut = false;
    const onEvent = (e: SessionEvent) => {
      o.onEvent?.(e);
      // A key the session took as the answer to the agent's question (a digit of a number) opts nobody out.
      if (e.type === "dtmf" && !e.answer && e.digit === p.optOutDigit && !optedOut) {
        optedOut = true;
        void tools.markDoNotCall().then(
          () => leg.hangup(),
          (err: Error) => log.warn({ err, callId: c.call_id }, "opt-out by key press not recorded"),
        );
      }
      if (e.type === "answered") writes = writes.then(() => repo.answered(c.call_id, e.at));
      if (e.type === "turn") writes = writes.then(() => repo.appendTurn(c.call_id, e.turn));
      if (e.type === "transfer") writes = writes.then(() => repo.addTransfer(c.org_id, c.call_id, e.transfer));
      writes = writes.catch((err: Error) => log.warn({ err, callId: c.call_id }, "live call update failed"));
    };
    const voiceId = c.voice_id && (await voiceIds).has(c.voice_id) ? c.voice_id : p.defaultVoiceId;
    const live = deps.liveAudio?.open(c.org_id, c.call_id, leg.sampleRate);
    try {
      return await runCallSession({
        leg,
        stt: p.stt,
        vad: p.vad,
        tts: p.tts,
        voiceId,
        brain: p.brain,
        tools,
        onEvent,
        signal: o.signal,
        live: live?.tap,
        transfer: o.transfer,
        optOutDigit: p.optOutDigit,
        context: toAgentContext(c, p.recording, deps.clock),
        vocabulary: callVocabulary(c),
      });
    } finally {
      live?.close();
      await writes;
    }
  }

  /** Stores the recording and closes the call row with what the session left. */
  async function close(
    c: CallContextRow,
    result: SessionResult,
    end: {
      status: CallStatus;
      outcome: string;
      error: string | null;
      kbSources?: KbSource[];
      notes?: Record<string, string>;
    },
  ) {
    const recordingKey = result.recording && p.recording ? `recordings/${c.org_id}/${c.call_id}.wav` : null;
    // An unreachable store does not stop the call from closing: the recording waits in the database and is retried.
    if (recordingKey) await deps.recordings.store(c.org_id, c.call_id, recordingKey, result.recording!);
    await repo.finish(c.call_id, {
      ...end,
      // The carrier's reason (a SIP status, a dead line) when the call failed or dropped.
      error: end.error ?? (end.status === "failed" || end.status === "dropped" ? (result.endDetail ?? null) : null),
      answeredAt: result.answeredAt,
      endedAt: result.endedAt,
      durationSecs: result.durationSecs,
      summary: result.summary?.summary ?? "",
      sentiment: result.summary?.sentiment ?? null,
      transcript: result.transcript,
      latency: result.latency,
      extracted: { ...result.summary?.extracted, ...end.notes },
      recordingKey,
    });
    // Kept before call.completed is sent, so its payload, the CRM write and the funnel carry them.
    await deps.outcomeFields
      ?.saveCall(c.org_id, c.call_id, result.summary?.qualifying)
      .catch((err: Error) => log.warn({ err, callId: c.call_id }, "qualifying answers not saved"));
    // Scored before call.completed is sent, so its payload carries the scorecard; a failure is scored on first read.
    await deps.scorecards
      ?.score(c.org_id, c.call_id)
      .catch((err: Error) => log.warn({ err, callId: c.call_id }, "call not scored; it is scored when read"));
  }

  /** A call whose recogniser fell behind is told in the log: the operator learns the machine is overloaded. */
  function warnIfBehind(callId: string, result: SessionResult): void {
    const h = result.hearing;
    if (!h?.fellBehind) return;
    log.warn(
      {
        callId,
        recognizerBacklogMs: h.maxBacklogMs,
        utterances: h.utterances,
        cheapUtterances: h.cheapUtterances,
        recoveredUtterances: h.recovered,
        lostUtterances: h.lost,
        lateFrames: result.lateFrames,
        outcome: result.outcome,
      },
      `call fell behind: speech recognition was up to ${(h.maxBacklogMs / 1000).toFixed(1)} s behind the callee ` +
        `(${h.cheapUtterances} of ${h.utterances} utterances heard on the cheaper path, ${h.recovered} heard ` +
        `again from the recording, ${h.lost} not understood); the machine is overloaded`,
    );
  }

  /** The campaign's "Transfer to", rung through the same telephony as the call (a second leg Parley bridges). */
  function transferTo(c: CallContextRow, signal: AbortSignal): TransferOptions | undefined {
    const to = transferTarget(c, deps.clock.now());
    if (!to) return undefined;
    return {
      to,
      ringLimitMs: p.transferRingMs ?? TRANSFER_RING_MS,
      dial: (legSignal) =>
        p.telephony.dial({
          to,
          callId: c.call_id,
          persona: null,
          purpose: "transfer",
          signal: AbortSignal.any([signal, legSignal]),
        }),
    };
  }

  async function placeCall(callId: string, signal: AbortSignal): Promise<DialResult> {
    const c = await repo.context(callId);
    if (!c) return { outcome: "failed", durationSecs: 0 };
    const { tools, done } = bindAgentTools(deps.tools, c);
    await repo.ringing(callId);
    let result: SessionResult;
    try {
      const leg = await p.telephony.dial({ to: c.phone, callId, persona: c.persona, signal });
      // Not awaited: the session must listen to the leg at once, or an event it sends meanwhile (the callee
      // hanging up while the webhook is queued) is lost and the call never ends. emit never throws.
      void deps.events?.emit(c.org_id, "call.started", { call_id: callId });
      result = await converse(c, leg, tools, { signal, transfer: transferTo(c, signal) });
    } catch (err) {
      log.error({ err, callId }, "call could not be placed");
      await repo.finish(callId, failedCall(deps.clock.now(), (err as Error).message));
      return { outcome: "failed", durationSecs: 0 };
    }
    return finishCall(c, result, done);
  }

  /** An inbound call: the caller brings the leg; the agent, its tools and the call row are those of a placed call. */
  async function answerCall(callId: string, leg: CallLeg, signal: AbortSignal): Promise<DialResult> {
    const c = await repo.context(callId);
    if (!c) {
      leg.hangup();
      return { outcome: "failed", durationSecs: 0 };
    }
    const { tools, done } = bindAgentTools(deps.tools, c);
    let result: SessionResult;
    try {
      void deps.events?.emit(c.org_id, "call.started", { call_id: callId });
      result = await converse(c, leg, tools, { signal, transfer: transferTo(c, signal) });
    } catch (err) {
      log.error({ err, callId }, "inbound call failed");
      leg.hangup();
      await repo.finish(callId, failedCall(deps.clock.now(), (err as Error).message));
      return { outcome: "failed", durationSecs: 0 };
    }
    return finishCall(c, result, done);
  }

  async function finishCall(
    c: CallContextRow,
    result: SessionResult,
    done: ReturnType<typeof bindAgentTools>["done"],
  ): Promise<DialResult> {
    const callId = c.call_id;
    const reason = result.endReason;
    // A line that went dead mid-call (SIP: no audio for 10 s) is dropped,
    // and retried, unless it already booked or opted out.
    const outcome = done.doNotCall
      ? "do_not_call"
      : done.meetingId
        ? "scheduled"
        : reason === "dropped"
          ? "dropped"
          : result.transferred
            ? "transferred"
            : result.outcome;
    const status =
      reason === "dropped"
        ? "dropped"
        : result.answered
          ? "completed"
          : reason === "busy" || reason === "no_answer"
            ? reason
            : "failed";
    warnIfBehind(callId, result);
    await close(c, result, { status, outcome, error: null, kbSources: done.kbSources, notes: done.notes });
    // Not awaited either: the dialer records the attempt (and dates its retry) as soon as the call is closed.
    void deps.events?.emit(c.org_id, "call.completed", { call_id: callId });
    return { outcome, durationSecs: result.durationSecs, callbackAt: done.callbackAt, endedAt: result.endedAt };
  }

  /**
   * The browser test call: the caller brings the leg (no dialling) and the tools (a test must not book,
   * block or reschedule anything real); the session runs with the same providers and closes the call row.
   */
  async function runOnLeg(c: CallContextRow, leg: CallLeg, o: RunOnLegOptions): Promise<SessionResult> {
    const result = await converse(c, leg, o.tools, o);
    warnIfBehind(c.call_id, result);
    const unstarted = "The test call ended before the browser started it.";
    // The row says failed: its summary must too (the session's would say "No answer.").
    if (!result.answered) result.summary = summarizeUnspokenCall("failed", { reason: unstarted });
    await close(c, result, {
      status: result.answered ? "completed" : "failed",
      outcome: result.answered ? result.outcome : "failed",
      error: result.answered ? null : unstarted,
    });
    return result;
  }

  return {
    placeCall,
    answerCall,
    runOnLeg,
    context: repo.context,
    place: (job: DialJob, signal: AbortSignal) => placeCall(job.callId, signal),
  };
}

export type RunOnLegOptions = {
  tools: Omit<AgentTools, "endCall">;
  signal?: AbortSignal;
  onEvent?: (e: SessionEvent) => void;
};

const failedCall = (at: Date, error: string) => ({
  status: "failed" as const,
  outcome: "failed",
  answeredAt: null,
  endedAt: at,
  durationSecs: 0,
  summary: summarizeUnspokenCall("failed", { reason: error }).summary,
  sentiment: null,
  transcript: [],
  latency: [],
  extracted: {},
  recordingKey: null,
  error,
});
