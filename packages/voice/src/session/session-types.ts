import type { AgentContext, AgentTools, BrainFactory, CallOutcome, CallSummary, TranscriptTurn } from "../brain/brain.ts";
import type { SttProvider } from "../providers/stt/stt-provider.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { CallLeg, EndReason } from "../telephony/call-leg.ts";
import type { FramePacer } from "./frame-pacer.ts";

/** Per agent turn, milliseconds since the answer: where the time between callee and agent went. */
export type LatencyMark = {
  turn: number;
  endOfSpeech: number;
  sttFinal: number;
  brainFirstToken: number;
  ttsFirstAudio: number;
  firstFrameSent: number;
};

export type TurnTakingOptions = {
  /** Silence that ends the callee's turn. */
  endOfTurnSilenceMs: number;
  /** Callee speech over the agent that stops it. */
  bargeInMs: number;
  /** Silence before the agent checks in (twice, then goodbye). */
  checkInAfterMs: number;
  /** Callee speech at the start longer than this is an answering machine's greeting. */
  machineGreetingMs: number;
  /** Hard limit of one call. */
  maxCallMs: number;
};

export const DEFAULT_TURN_TAKING: TurnTakingOptions = {
  endOfTurnSilenceMs: 500,
  bargeInMs: 200,
  checkInAfterMs: 7000,
  machineGreetingMs: 2800,
  maxCallMs: 10 * 60_000,
};

export type SessionEvent =
  | { type: "ringing" }
  | { type: "answered"; at: Date }
  | { type: "turn"; turn: TranscriptTurn }
  | { type: "voicemail" }
  | { type: "ended"; reason: EndReason };

export type SessionOptions = {
  leg: CallLeg;
  stt: SttProvider;
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
};

export type SessionResult = {
  answered: boolean;
  endReason: EndReason;
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
};
