import type { HearingReport } from "./hearing-watch.ts";
import type {
  AgentContext,
  AgentTools,
  BrainFactory,
  CallOutcome,
  CallSummary,
  TranscriptTurn,
} from "../brain/brain.ts";
import type { VadFactory } from "../audio/vad.ts";
import type { SttProvider } from "../providers/stt/stt-provider.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { CallLeg, EndReason } from "../telephony/call-leg.ts";
import type { EndpointPolicy } from "../turn-taking/endpoint-policy.ts";
import type { FramePacer } from "./frame-pacer.ts";
import type { LiveTap } from "./live-tap.ts";

/** Per agent turn, milliseconds since the answer: where the time between callee and agent went. */
export type LatencyMark = {
  turn: number;
  endOfSpeech: number;
  sttFinal: number;
  brainFirstToken: number;
  ttsFirstAudio: number;
  firstFrameSent: number;
};

/** The end-of-turn silences (see turn-taking/endpoint-policy.ts) and the other timings of a conversation. */
export type TurnTakingOptions = EndpointPolicy & {
  /** Final words that stop mid-phrase wait up to `midPhraseSilenceMs` for the rest (session/mid-phrase-hold.ts). */
  holdMidPhrase: boolean;
  /** Callee speech over the agent that stops it. */
  bargeInMs: number;
  /** Silence before the agent checks in (twice, then goodbye). */
  checkInAfterMs: number;
  /** Callee speech at the start longer than this is an answering machine's greeting. */
  machineGreetingMs: number;
  /** Hard limit of one call. */
  maxCallMs: number;
};

// Complete words end the turn after a pause longer than the VAD finds inside a word or between the words of a
// sentence; mid-phrase, a thinking pause passes. Without words the plain endpoint holds, and a short answer
// ("yes", "no thanks") ends sooner.
export const DEFAULT_TURN_TAKING: TurnTakingOptions = {
  endOfTurnSilenceMs: 500,
  completeTurnSilenceMs: 250,
  midPhraseSilenceMs: 900,
  shortAnswerMs: 700,
  shortAnswerSilenceMs: 300,
  holdMidPhrase: true,
  bargeInMs: 200,
  checkInAfterMs: 7000,
  // A person's first sentence can run 3 s without a pause; a machine's greeting runs on for 4–10 s.
  machineGreetingMs: 3500,
  maxCallMs: 10 * 60_000,
};

/** How one transfer went, for the call log: where, when it started, whether the person answered and why not. */
export type TransferRecord = { to: string; at: Date; answered: boolean; detail: string | null };

export type TransferOptions = {
  /** The campaign's "Transfer to" (E.164 or SIP URI). */
  to: string;
  /** Rings the person through the call's own telephony (a second leg: SIP INVITE, simulated person, Twilio call). */
  dial(signal: AbortSignal): Promise<CallLeg>;
  /** The person has this long to answer; then the agent takes the caller back. */
  ringLimitMs: number;
};

export type SessionEvent =
  | { type: "ringing" }
  | { type: "answered"; at: Date }
  | { type: "turn"; turn: TranscriptTurn }
  | { type: "voicemail" }
  /** The callee pressed a key (RFC 4733 telephone-event, Twilio's dtmf message). */
  /** `answer`: taken as (part of) the answer to the agent's question, so never acted on as the opt-out key. */
  | { type: "dtmf"; digit: string; answer?: true }
  /** The agent put the caller through to a person, or tried: where, when it started, answered or why not. */
  | { type: "transfer"; transfer: TransferRecord }
  | { type: "ended"; reason: EndReason };

export type SessionOptions = {
  leg: CallLeg;
  stt: SttProvider;
  /** Voice activity detection; default energy. Live calls pass Silero (`audio/silero-vad.ts`). */
  vad?: VadFactory;
  tts: TtsProvider;
  voiceId: string;
  brain: BrainFactory;
  context: AgentContext;
  /** The server's tools; the session adds `endCall`. */
  tools: Omit<AgentTools, "endCall">;
  /** Words to bias speech recognition towards. */
  vocabulary: string[];
  turnTaking?: Partial<TurnTakingOptions>;
  pacer?: FramePacer;
  onEvent?: (event: SessionEvent) => void;
  signal?: AbortSignal;
  /** The key the server treats as the opt-out (DTMF_OPT_OUT_DIGIT): never taken as a yes or a no. */
  optOutDigit?: string | null;
  /** Someone listening in (and maybe taking over) from the browser. */
  live?: LiveTap;
  /** The campaign's "Transfer to" and how to ring it; without it the brain gets no `transferCall` tool. */
  transfer?: TransferOptions;
};

export type SessionResult = {
  answered: boolean;
  endReason: EndReason;
  /** The carrier's reason for the end when it gave one ("SIP 404 Not Found", a dead line). */
  endDetail?: string;
  answeredAt: Date | null;
  endedAt: Date;
  durationSecs: number;
  outcome: CallOutcome;
  summary: CallSummary | null;
  transcript: TranscriptTurn[];
  latency: LatencyMark[];
  /** Stereo WAV (callee left, agent right); null when the call never connected. */
  recording: Buffer | null;
  recordingSampleRate: number;
  /** Frames the pacer had to send late (after a stalled event loop); 0 on a healthy machine. */
  lateFrames: number;
  /** The caller was put through to a person who answered. */
  transferred?: boolean;
  /** How the callee was heard: utterances lost or recovered, whether the recogniser fell behind. */
  hearing?: HearingReport;
};
