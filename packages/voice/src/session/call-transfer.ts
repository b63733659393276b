import { resample } from "../audio/resample.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { CallLeg, EndReason } from "../telephony/call-leg.ts";
import { createAgentSpeaker } from "./agent-speaker.ts";
import type { FramePacer } from "./frame-pacer.ts";
import type { LiveControls } from "./live-tap.ts";

/** Where a transfer stands; `back` and `done` are final (back: the agent has the caller again). */
export type TransferState = "idle" | "requested" | "ringing" | "briefing" | "bridged" | "back" | "done";

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

type TransferDeps = TransferOptions & {
  /** The caller's leg: the person's frames go to it once bridged (through `controls.staffFrame`). */
  callerRate: number;
  /** The take-over of live-tap.ts: while held, the agent neither speaks nor hears; a bridged person is its "staff". */
  controls: LiveControls;
  tts: TtsProvider;
  voiceId: string;
  pacer: FramePacer;
  isEnded(): boolean;
  /** What the agent tells the person before joining them (who is calling, about what, the call so far). */
  briefing(reason: string): string;
  /** A frame of the person's voice as the caller hears it (for the live tap: the person speaks on the agent's side). */
  onPersonFrame(frame: Int16Array): void;
  now(): Date;
  /** Once per transfer, when it is known whether the person answered. */
  onResult(r: TransferRecord): void;
  /** The person did not answer: the agent has the call back (the session says the brain's callback offer). */
  onBack(detail: string): void;
  /** The person hung up after being joined: the call is over for the caller too. */
  hangUpCaller(): void;
};

const within = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

const detailOf = (reason: EndReason, detail: string | undefined, ringLimitMs: number): string => {
  if (reason === "busy") return detail ?? "The person's line was busy.";
  if (reason === "no_answer") return detail ?? `No answer within ${within(ringLimitMs)}.`;
  return detail ?? "The call to the person could not be placed.";
};

/**
 * A warm transfer. requested (the agent says it is connecting them) → the agent's turn ends → ringing (the
 * agent is held: neither speaks nor hears) → answered → briefing (the agent's voice tells the person who is
 * calling and why, on the person's leg only) → bridged (caller ↔ person; the recording keeps both sides).
 * No answer, busy or a failure within the limit → back: the take-over is handed back and the agent offers a
 * callback. Bridging in Parley (rather than SIP REFER or a carrier-side transfer) keeps the recording, the
 * live listen and the no-answer way back on every telephony alike.
 */
export function createCallTransfer(d: TransferDeps) {
  let state: TransferState = "idle";
  let reason = "";
  let person: CallLeg | null = null;
  let startedAt: Date | null = null;
  let ringTimer: NodeJS.Timeout | null = null;
  let stopBriefing: (() => void) | null = null;
  let abort = new AbortController();

  function result(answered: boolean, detail: string | null): void {
    d.onResult({ to: d.to, at: startedAt ?? d.now(), answered, detail });
  }

  /** The person is not coming: hang up their leg if any, hand the caller back to the agent. */
  function back(detail: string): void {
    if (state !== "ringing" && state !== "briefing") return;
    const briefed = state === "briefing";
    state = "back";
    if (ringTimer) clearTimeout(ringTimer);
    stopBriefing?.();
    abort.abort();
    person?.hangup();
    result(briefed, detail);
    if (d.isEnded()) return;
    d.controls.handBack();
    d.onBack(detail);
  }

  function bridge(): void {
    if (state !== "briefing") return;
    state = "bridged";
    stopBriefing?.();
    stopBriefing = null;
    result(true, null);
  }

  function brief(leg: CallLeg): void {
    state = "briefing";
    if (ringTimer) clearTimeout(ringTimer);
    let startMs = 0;
    const speaker = createAgentSpeaker({
      leg, tts: d.tts, voiceId: d.voiceId, now: () => performance.now() - startMs, isEnded: () => state !== "briefing" || d.isEnded(),
      onFrame() {}, // said to the person only: not part of the caller's call or its recording
      onTurn() {},
      onError: () => bridge(), // no voice for the briefing: join them anyway rather than keep both waiting
      onTurnFinished: () => bridge(),
    });
    startMs = performance.now();
    stopBriefing = d.pacer.add(speaker.paced);
    speaker.say(d.briefing(reason));
  }

  async function ring(): Promise<void> {
    state = "ringing";
    startedAt = d.now();
    abort = new AbortController();
    person = null;
    d.controls.takeOver(); // the agent stops speaking and listening, as when a person takes the call over
    ringTimer = setTimeout(() => back(`No answer within ${within(d.ringLimitMs)}.`), d.ringLimitMs);
    let leg: CallLeg;
    try {
      leg = await d.dial(abort.signal);
    } catch (err) {
      return back(`The call to the person could not be placed: ${(err as Error).message}`);
    }
    if (state !== "ringing") return leg.hangup(); // gave up (limit, caller gone) while it was being placed
    person = leg;
    leg.on((e) => {
      if (e.type === "answered" && state === "ringing") brief(leg);
      else if (e.type === "audio" && state === "bridged" && !d.isEnded()) {
        const frame = leg.sampleRate === d.callerRate ? e.frame : resample(e.frame, leg.sampleRate, d.callerRate);
        d.controls.staffFrame(frame);
        d.onPersonFrame(frame);
      } else if (e.type === "ended") {
        if (state === "ringing" || state === "briefing") back(detailOf(e.reason, e.detail, d.ringLimitMs));
        else if (state === "bridged") {
          state = "done";
          d.hangUpCaller();
        }
      }
    });
  }

  return {
    state: () => state,
    /** The brain's tool: ring once the agent's current turn ("I'll connect you…") has been played. */
    request(why: string): void {
      if (state !== "idle" && state !== "back") return;
      reason = why;
      state = "requested";
    },
    /** The agent finished a turn: a requested transfer starts now. */
    agentTurnFinished(): void {
      if (state === "requested" && !d.isEnded()) void ring();
    },
    /** A frame of the caller: the person hears it once bridged. */
    callerFrame(frame: Int16Array): void {
      if (state !== "bridged" || !person) return;
      person.send(person.sampleRate === d.callerRate ? frame : resample(frame, d.callerRate, person.sampleRate));
    },
    /** The call is over (the caller hung up): the person's leg goes too, and an unfinished transfer is logged. */
    stop(): void {
      if (ringTimer) clearTimeout(ringTimer);
      stopBriefing?.();
      abort.abort();
      if (state === "ringing" || state === "briefing") result(state === "briefing", "The caller hung up before the person joined.");
      if (state !== "idle" && state !== "back") state = "done";
      person?.hangup();
    },
  };
}
