import type { CallLeg, IncomingAnswer, IncomingCall, IncomingCallHandler } from "@parley/voice/telephony/call-leg";
import { inboundCandidates } from "@parley/shared/inbound-number";
import type { Logger } from "../../platform/logger.ts";
import { startQueueLoop } from "../../platform/queue-loop.ts";
import type { DialResult } from "../dialer/dialer.types.ts";
import { callerPhones } from "./caller-phones.ts";
import type { InboundCallsRepo } from "./inbound-calls.repo.ts";

/**
 * Calls to an inbound campaign's number: the telephony (SIP INVITE, Twilio's incoming-call webhook) asks
 * `answer`; the campaign, its limits and the caller's contact are settled in the database; the agent then
 * runs on the caller's leg exactly as on a placed call (voice, knowledge base, FAQs, tools, recording).
 *
 * Like a dialer worker's placed calls, each call row is leased to this process and the lease renewed while
 * the call lasts (`leaseMs`, DIALER_LEASE_SECONDS); `sweep` closes as dropped the calls whose process died.
 */
export function createInboundCalls(deps: {
  repo: InboundCallsRepo;
  answerCall(callId: string, leg: CallLeg, signal: AbortSignal): Promise<DialResult>;
  log: Logger;
  leaseMs: number;
}) {
  const live = new Map<string, AbortController>();
  // One renewal for all of this process's inbound calls, running only while there are some.
  let heartbeat: NodeJS.Timeout | null = null;
  const renew = () =>
    deps.repo.renew([...live.keys()], deps.leaseMs).catch((err: Error) => deps.log.warn({ err, calls: live.size }, "inbound call leases not renewed"));
  const track = (callId: string, abort: AbortController) => {
    live.set(callId, abort);
    heartbeat ??= setInterval(renew, deps.leaseMs / 3).unref();
  };
  const untrack = (callId: string) => {
    live.delete(callId);
    if (!live.size && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = null;
    }
  };

  const answer: IncomingCallHandler = async (call: IncomingCall): Promise<IncomingAnswer> => {
    const called = inboundCandidates(call.to);
    const a = called.length
      ? await deps.repo.admit(called, call.from, (timezone) => callerPhones(call.from, timezone), deps.leaseMs)
      : ({ admitted: false, reason: "unknown" } as const);
    if (!a.admitted) {
      deps.log.info({ to: call.to, reason: a.reason }, a.reason === "busy" ? "inbound call refused: over the concurrency limit" : "inbound call refused");
      return { refuse: a.reason };
    }
    return {
      answer: (leg) => {
        const abort = new AbortController();
        track(a.callId, abort);
        deps.answerCall(a.callId, leg, abort.signal).then(
          (r) => deps.repo.charge(a.orgId, r.durationSecs),
          (err: Error) => deps.log.error({ err, callId: a.callId }, "inbound call not closed"),
        ).catch((err: Error) => deps.log.warn({ err, callId: a.callId }, "inbound call minutes not charged")).finally(() => untrack(a.callId));
      },
    };
  };

  return {
    answer,
    /** Closes as dropped the inbound calls whose process stopped renewing them (any process's); how many. */
    sweep: () => deps.repo.closeAbandoned(),
    /** Server shutdown: the agent hangs up each inbound call, which closes its row. */
    abortAll: () => live.forEach((a) => a.abort()),
    idle: async () => {
      while (live.size) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

export type InboundCalls = ReturnType<typeof createInboundCalls>;

/**
 * Every process sweeps, as every process runs the queue loops: inbound calls are answered wherever the
 * telephony reaches (the API process for Twilio, any SIP process), not only where the dialer runs.
 */
export function startInboundSweepLoop(inbound: InboundCalls, opts: { log: Logger; intervalMs?: number }) {
  return startQueueLoop(() => inbound.sweep(), { log: opts.log, what: "inbound call recovery", intervalMs: opts.intervalMs ?? 10_000 });
}
