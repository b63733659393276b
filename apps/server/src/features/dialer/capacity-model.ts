/**
 * How many live calls this process can serve in real time: pure arithmetic over what a call has been seen to
 * cost and what the host has free, so the dialer and inbound calls can be held back before a call goes bad
 * rather than after (as Asterisk's and FreeSWITCH's CPU limits, and LiveKit's worker load, do).
 */

/** One reading of the process and its host, taken about once a second (admission.ts). */
export type CapacitySample = {
  /** Cores this process may run on (os.availableParallelism()). */
  cores: number;
  /** Calls this process runs now (ringing or talking). */
  liveCalls: number;
  /** CPU this process used since the last reading, in cores (every thread: the recognisers run in threads of it). */
  processCores: number;
  /** The host's run queue, one-minute average (os.loadavg()[0]): used only where /proc/stat is not known. */
  hostLoad: number;
  /**
   * CPU the whole host used since the last reading, in cores (/proc/stat; null where not known). It decides when
   * known: the one-minute load average still counts a burst for a minute after it ended (and this process's own
   * calls of that minute), which held calls back on an idle machine.
   */
  hostBusyCores: number | null;
  /** The event loop's delay over the last reading, p99 in ms: the agent's frames are paced on it. */
  loopDelayMs: number;
  /** Age of the oldest callee frame the recognisers have not decoded yet, ms. */
  backlogMs: number;
};

/** What has been learnt from running calls. */
export type CallCost = {
  /** CPU of one live call, in cores. */
  perCallCores: number;
  /** CPU of this process with no call live (HTTP, loops, the database in PGlite's thread), in cores. */
  idleCores: number;
};

export type CapacityLimits = {
  /** The share of the cores calls may plan to use: the rest absorbs the bursts of speech. */
  maxUtilisation: number;
  /** Event-loop delay past which a call's frames are already late: no new call until it falls. */
  maxLoopDelayMs: number;
  /** Recogniser backlog past which callees are heard late: no new call until it falls. */
  maxBacklogMs: number;
  /** Weight of a new reading in what is learnt (an exponential moving average). */
  learnRate: number;
  /** A hard ceiling of calls per process, whatever the CPU says (null: none). */
  maxCalls: number | null;
};

export const DEFAULT_LIMITS: CapacityLimits = {
  maxUtilisation: 0.8,
  maxLoopDelayMs: 80,
  maxBacklogMs: 800,
  learnRate: 0.1,
  maxCalls: null,
};

/** Why the process takes no more calls now. */
export type HoldReason = "cpu" | "event_loop" | "recognizer_backlog" | "max_calls";

export type Capacity = {
  /** Calls this process can carry in all (live ones included). */
  calls: number;
  /** Calls it can take on top of the live ones now. */
  free: number;
  live: number;
  cores: number;
  /** Cores others on the host use (the run queue beyond this process). */
  otherCores: number;
  /** Set when `free` is 0: what binds. */
  reason: HoldReason | null;
};

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
// A call costs at least this much (its audio path, voice activity), whatever a quiet reading suggests.
const MIN_CALL_CORES = 0.02;

/**
 * Updates what a call costs from one reading: with no call live the reading is the idle cost; with calls live,
 * what is above idle is shared among them. Readings are averaged, so one burst of speech does not swing it.
 */
export function learnCost(cost: CallCost, s: CapacitySample, rate = DEFAULT_LIMITS.learnRate): CallCost {
  const ewma = (old: number, x: number) => old + rate * (x - old);
  if (s.liveCalls === 0) return { ...cost, idleCores: ewma(cost.idleCores, clamp(s.processCores, 0, s.cores)) };
  const perCall = clamp((s.processCores - cost.idleCores) / s.liveCalls, MIN_CALL_CORES, s.cores);
  return { ...cost, perCallCores: ewma(cost.perCallCores, perCall) };
}

/**
 * The calls the CPU left to this process can carry: the cores it may plan on, less what others on the host use
 * and its own idle work, over a call's cost. One call is always allowed on a host busy with other work, so a
 * campaign still moves; a recogniser or an event loop already behind allows no new call at all.
 */
export function capacity(cost: CallCost, s: CapacitySample, limits: CapacityLimits = DEFAULT_LIMITS): Capacity {
  const own = Math.max(0, s.processCores);
  const otherCores = clamp((s.hostBusyCores ?? s.hostLoad) - own, 0, s.cores);
  const budget = s.cores * limits.maxUtilisation - otherCores - cost.idleCores;
  let calls = Math.max(1, Math.floor(budget / Math.max(cost.perCallCores, MIN_CALL_CORES)));
  let reason: HoldReason | null = "cpu";
  if (limits.maxCalls !== null && calls >= limits.maxCalls) {
    calls = limits.maxCalls;
    reason = "max_calls";
  }
  const behind: HoldReason | null =
    s.backlogMs > limits.maxBacklogMs
      ? "recognizer_backlog"
      : s.loopDelayMs > limits.maxLoopDelayMs
        ? "event_loop"
        : null;
  if (behind && s.liveCalls > 0 && calls >= s.liveCalls) {
    calls = s.liveCalls;
    reason = behind;
  }
  const free = Math.max(0, calls - s.liveCalls);
  return { calls, free, live: s.liveCalls, cores: s.cores, otherCores, reason: free > 0 ? null : reason };
}

/** What the dialer says while it holds calls back ("At capacity: 4 calls on 2 cores"), and why, in words. */
export function capacityMessage(c: Pick<Capacity, "live" | "cores" | "reason">): string {
  const calls = `${c.live} call${c.live === 1 ? "" : "s"}`;
  const cores = `${c.cores} core${c.cores === 1 ? "" : "s"}`;
  const why: Record<HoldReason, string> = {
    cpu: "the next call waits for a free share of the CPU",
    event_loop: "the calls' audio is running late",
    recognizer_backlog: "speech recognition is behind",
    max_calls: "the configured ceiling of calls per process is reached",
  };
  return `At capacity: ${calls} on ${cores}; ${why[c.reason ?? "cpu"]}.`;
}
