import type { Brain } from "../brain/brain.ts";
import { resample } from "../audio/resample.ts";
import type { TtsProvider } from "../providers/tts/tts-provider.ts";
import type { CallLeg, EndReason } from "../telephony/call-leg.ts";
import { createAgentSpeaker, type AgentSpeaker } from "./agent-speaker.ts";
import type { CallEnding } from "./call-ending.ts";
import type { CallState } from "./call-state.ts";
import type { FramePacer } from "./frame-pacer.ts";
import type { LiveControls, LiveTap } from "./live-tap.ts";
import { createSessionBus, type SessionBus } from "./session-bus.ts";
import type { TransferOptions, TransferRecord } from "./session-types.ts";

/** Where a transfer stands; `back` and `done` are final (back: the agent has the caller again). */
export type TransferState = "idle" | "requested" | "ringing" | "briefing" | "bridged" | "back" | "done";

type TransferDeps = TransferOptions & {
  /** The caller's leg: the person's frames go to it once bridged (through `controls.staffFrame`). */
  callerRate: number;
  /** The take-over (take-over.ts): while held, the agent neither speaks nor hears; a bridged person is its "staff". */
  controls: LiveControls;
  /** The voice that briefs the person, paced like the call's. */
  voice: { tts: TtsProvider; voiceId: string; pacer: FramePacer };
  state: Pick<CallState, "ended">;
  /** The app's clock (a transfer's start in the call log). */
  now(): Date;
  /** Hears the brain's request and the end of each agent turn; reports each transfer's result. */
  bus: SessionBus;
  /** What the agent says when the person does not answer. */
  brain: Pick<Brain, "transferEnded">;
  speaker: Pick<AgentSpeaker, "say">;
  /** The person hung up after being joined: the call is over for the caller too. */
  ending: Pick<CallEnding, "hangup">;
  /** The person's voice is heard by whoever listens in (it speaks on the agent's side). */
  live?: LiveTap;
  /** What the agent tells the person before joining them (who is calling, about what, the call so far). */
  briefing(reason: string): string;
};

const NOBODY_ANSWERED =
  "I'm sorry, nobody from the team could pick up just now. Would you like someone to call you back?";

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
  let transferred = false;

  function result(answered: boolean, detail: string | null): void {
    const transfer: TransferRecord = { to: d.to, at: startedAt ?? d.now(), answered, detail };
    if (answered) transferred = true;
    d.bus.emit({ type: "transfer", transfer });
    if (answered) d.brain.transferEnded?.({ answered: true });
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
    if (d.state.ended) return;
    d.controls.handBack();
    d.speaker.say(d.brain.transferEnded?.({ answered: false, detail }) ?? NOBODY_ANSWERED);
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
    // Said to the person only: not part of the caller's call, its transcript or its recording.
    const startMs = performance.now();
    const bus = createSessionBus();
    const speaker = createAgentSpeaker({
      leg,
      tts: d.voice.tts,
      voiceId: d.voice.voiceId,
      state: {
        now: () => performance.now() - startMs,
        get ended() {
          return state !== "briefing" || d.state.ended;
        },
        held: false,
        agent: "silent",
      },
      bus,
    });
    bus.on("agent-turn-finished", bridge);
    bus.on("agent-error", bridge); // no voice for the briefing: join them anyway rather than keep both waiting
    stopBriefing = d.voice.pacer.add(speaker.paced);
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
      else if (e.type === "audio" && state === "bridged" && !d.state.ended) {
        const frame = leg.sampleRate === d.callerRate ? e.frame : resample(e.frame, leg.sampleRate, d.callerRate);
        d.controls.staffFrame(frame);
        d.live?.frame("agent", frame);
      } else if (e.type === "ended") {
        if (state === "ringing" || state === "briefing") back(detailOf(e.reason, e.detail, d.ringLimitMs));
        else if (state === "bridged") {
          state = "done";
          d.ending.hangup("completed");
        }
      }
    });
  }

  // The brain's tool: ring once the agent's current turn ("I'll connect you…") has been played.
  d.bus.on("transfer-requested", (e) => {
    if (state !== "idle" && state !== "back") return;
    reason = e.reason;
    state = "requested";
  });
  d.bus.on("agent-turn-finished", () => {
    if (state === "requested" && !d.state.ended) void ring();
  });

  return {
    state: () => state,
    /** The caller was put through to a person who answered. */
    transferred: () => transferred,
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
      if (state === "ringing" || state === "briefing")
        result(state === "briefing", "The caller hung up before the person joined.");
      if (state !== "idle" && state !== "back") state = "done";
      person?.hangup();
    },
  };
}
