/** The frame protocol between a telephony adapter (simulated, Twilio, browser) and the call session. */

/** `dropped`: the line went dead on an answered call (no audio for 10 s on a SIP trunk). */
export type EndReason = "completed" | "no_answer" | "busy" | "failed" | "cancelled" | "dropped";

export type LegEvent =
  /** The callee picked up (or an answering machine did): audio starts flowing. */
  | { type: "answered" }
  /** 20 ms of callee audio, PCM16 mono at the leg's sampleRate, in real time. */
  | { type: "audio"; frame: Int16Array }
  /** The carrier's own answering-machine verdict (Twilio async AMD), when it has one. */
  | { type: "amd"; result: "human" | "machine" | "unknown" }
  | { type: "dtmf"; digit: string }
  /** The call is over, from either side; `reason` tells why when it never connected. */
  | { type: "ended"; reason: EndReason; detail?: string };

/** One live call as the session sees it. Adapters only move frames and events; they never decide anything. */
export interface CallLeg {
  /** PCM16 sample rate of frames in both directions (8000 on phone lines, 16000 simulated and web). */
  readonly sampleRate: number;
  on(listener: (event: LegEvent) => void): void;
  /** One 20 ms frame of agent audio; the session paces frames in real time. */
  send(frame: Int16Array): void;
  /** Drop agent audio already sent but not yet played (Twilio `clear`); a no-op where nothing is buffered. */
  clear(): void;
  /** End the call from our side. */
  hangup(): void;
}

export type DialRequest = {
  /** E.164 number. */
  to: string;
  /** Parley's id of the call, carried through the carrier's callbacks. */
  callId: string;
  /** The simulated carrier's persona or script (CSV column `persona`); ignored by real carriers. */
  persona: string | null;
  signal: AbortSignal;
  /** `transfer`: the second leg of a warm transfer, to the person (`to` may then be a SIP URI); else the contact. */
  purpose?: "contact" | "transfer";
};

/** A call someone placed to Parley: a SIP INVITE, Twilio's incoming-call webhook. */
export type IncomingCall = {
  /** The number or SIP user called (the Request-URI's user, Twilio's To). */
  to: string;
  /** The caller's number or SIP user (From), as the network gave it; "" when withheld. */
  from: string;
};

/**
 * What becomes of an incoming call: answered, its leg handed to `answer` (the leg emits "answered" once media
 * flows), or refused — `busy` over the concurrency limits, `unknown` when no campaign has the number,
 * `closed` when its campaign is not taking calls.
 */
export type IncomingAnswer = { answer: (leg: CallLeg) => void } | { refuse: "busy" | "unknown" | "closed" };
export type IncomingCallHandler = (call: IncomingCall) => Promise<IncomingAnswer>;

/** Places calls. The returned leg emits "answered", or "ended" when the call never connects. */
export interface Telephony {
  readonly name: string;
  dial(req: DialRequest): Promise<CallLeg>;
  /** Where calls to Parley go (inbound campaigns); a telephony without it refuses them. */
  onIncoming?(handler: IncomingCallHandler): void;
  /** Releases what it holds open (SIP: un-registers and closes its socket) when the server stops. */
  close?(): void;
}
