import { resample } from "@parley/voice/audio/resample";
import type { CallSide, LiveControls, LiveTap } from "@parley/voice/session/live-tap";
import { LISTEN_SAMPLE_RATE } from "@parley/shared/live-listen";

export type InterventionKind = "listen" | "take_over" | "hand_back";

/** One person's socket on a live call: frames at LISTEN_SAMPLE_RATE, and who holds the call. */
export type Listener = {
  userId: string;
  name: string;
  frame(side: CallSide, frame: Int16Array): void;
  state(heldBy: Listener | null): void;
  ended(): void;
};

export type Listening = {
  /** False when someone else holds the call (one person at a time). */
  takeOver(): boolean;
  handBack(): void;
  /** The person's voice at LISTEN_SAMPLE_RATE; ignored unless they hold the call. */
  staffFrame(frame: Int16Array): void;
  /** The socket closed: a call this person held goes back to the agent. */
  leave(): void;
};

type OnTheLine = {
  orgId: string;
  rate: number;
  controls: LiveControls | null;
  listeners: Set<Listener>;
  holder: Listener | null;
};

/**
 * The calls this process is running, for people listening in from the browser. In memory: the audio is
 * here and nowhere else, so a listener must reach the process that runs the call (one process today).
 */
export function createLiveAudio(deps: {
  record(orgId: string, callId: string, userId: string, kind: InterventionKind): void;
}) {
  const calls = new Map<string, OnTheLine>();

  function setHolder(callId: string, call: OnTheLine, holder: Listener | null, by: Listener) {
    call.holder = holder;
    deps.record(call.orgId, callId, by.userId, holder ? "take_over" : "hand_back");
    for (const l of call.listeners) l.state(holder);
  }

  return {
    /** The tap a call's session writes to; `close` when the session is over. */
    open(orgId: string, callId: string, sampleRate: number): { tap: LiveTap; close(): void } {
      const call: OnTheLine = { orgId, rate: sampleRate, controls: null, listeners: new Set(), holder: null };
      calls.set(callId, call);
      const tap: LiveTap = {
        attach: (controls) => {
          call.controls = controls;
        },
        frame(side, frame) {
          if (!call.listeners.size) return;
          const out = resample(frame, call.rate, LISTEN_SAMPLE_RATE);
          for (const l of call.listeners) l.frame(side, out);
        },
      };
      return {
        tap,
        close() {
          calls.delete(callId);
          for (const l of call.listeners) l.ended();
          call.listeners.clear();
        },
      };
    },

    /** Whether the call is running in this process and belongs to the organisation. */
    isLive: (orgId: string, callId: string) => calls.get(callId)?.orgId === orgId,

    /** Joins a live call of the organisation; null when it is not (or no longer) running here. */
    join(orgId: string, callId: string, l: Listener): Listening | null {
      const call = calls.get(callId);
      if (!call || call.orgId !== orgId) return null;
      call.listeners.add(l);
      deps.record(orgId, callId, l.userId, "listen");
      l.state(call.holder);
      const handBack = () => {
        if (call.holder !== l) return;
        call.controls?.handBack();
        setHolder(callId, call, null, l);
      };
      return {
        takeOver() {
          if (call.holder && call.holder !== l) return false;
          if (call.holder === l) return true;
          call.controls?.takeOver();
          setHolder(callId, call, l, l);
          return true;
        },
        handBack,
        staffFrame(frame) {
          if (call.holder === l) call.controls?.staffFrame(resample(frame, LISTEN_SAMPLE_RATE, call.rate));
        },
        leave() {
          handBack();
          call.listeners.delete(l);
        },
      };
    },
  };
}
export type LiveAudio = ReturnType<typeof createLiveAudio>;
