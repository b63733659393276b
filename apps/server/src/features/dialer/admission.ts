import fs from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { realtimeLoad } from "@parley/voice/os/realtime-load";
import {
  capacity,
  capacityMessage,
  DEFAULT_LIMITS,
  learnCost,
  type Capacity,
  type CallCost,
  type CapacityLimits,
  type CapacitySample,
} from "./capacity-model.ts";

export type AdmissionOptions = {
  /** false: every call is let through (still measured, for /metrics and the dashboard). */
  enabled: boolean;
  /** What a call is taken to cost before any has been measured, in cores (CALL_CPU_CORES). */
  startCallCores: number;
  limits?: Partial<CapacityLimits>;
  /** How often the process and its host are read. */
  intervalMs?: number;
};

/** The host's CPU time so far (all cores), in seconds, busy and in all; null off Linux. */
function hostCpu(): { busy: number; total: number } | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/**
 * This process's admission control: reads itself and its host once a second (its CPU from process.cpuUsage,
 * the host's from /proc/stat and the run queue, the event loop's delay, the recognisers' backlog), learns what a
 * live call costs, and answers how many more calls it can serve in real time. The dialer, inbound calls and
 * calls by hand ask it before taking a call; each process (each worker, on each machine) admits its own.
 */
export function createAdmission(opts: AdmissionOptions) {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  const cores = os.availableParallelism();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cost: CallCost = { perCallCores: opts.startCallCores, idleCores: 0.02 };
  let live = 0;
  let cpu = process.cpuUsage();
  let host = hostCpu();
  let at = performance.now();
  let sample: CapacitySample = {
    cores,
    liveCalls: 0,
    processCores: 0,
    hostLoad: os.loadavg()[0] ?? 0,
    hostBusyCores: null,
    loopDelayMs: 0,
    backlogMs: 0,
  };

  function read(): void {
    const now = performance.now();
    const wallSecs = (now - at) / 1000;
    if (wallSecs <= 0.2) return;
    const used = process.cpuUsage(cpu);
    const h = hostCpu();
    const hostBusyCores =
      h && host && h.total > host.total ? ((h.busy - host.busy) / (h.total - host.total)) * cores : null;
    sample = {
      cores,
      liveCalls: live,
      processCores: (used.user + used.system) / 1e6 / wallSecs,
      hostLoad: os.loadavg()[0] ?? 0,
      hostBusyCores,
      loopDelayMs: delay.count ? delay.percentile(99) / 1e6 : 0,
      backlogMs: realtimeLoad.recognizerBacklogMs(),
    };
    cost = learnCost(cost, sample, limits.learnRate);
    delay.reset();
    cpu = process.cpuUsage();
    host = h;
    at = now;
  }
  const timer = setInterval(read, opts.intervalMs ?? 1000);
  timer.unref();

  const now = (): Capacity => capacity(cost, { ...sample, liveCalls: live }, limits);
  return {
    enabled: opts.enabled,
    /** The process's capacity now, from the last reading and the calls live now. */
    capacity: now,
    /** Calls this process may start now (unbounded when admission is off). */
    room: (): number => (opts.enabled ? now().free : Number.POSITIVE_INFINITY),
    /** What the dialer and the campaign view say while calls are held back. */
    message: (): string => capacityMessage(now()),
    /** A call starts on this process: counted as live until `release` (called once). */
    begin(): () => void {
      live++;
      let done = false;
      return () => {
        if (!done) live--;
        done = true;
      };
    },
    /** What a call has been measured to cost, and the last reading (the bench prints them). */
    cost: (): CallCost => cost,
    lastSample: (): CapacitySample => sample,
    /** Takes a reading now (a test or the bench does not wait for the next second). */
    read,
    stop(): void {
      clearInterval(timer);
      delay.disable();
    },
  };
}
export type Admission = ReturnType<typeof createAdmission>;
