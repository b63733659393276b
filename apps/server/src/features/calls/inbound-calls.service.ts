import type { CallLeg, IncomingAnswer, IncomingCall, IncomingCallHandler } from "@parley/voice/telephony/call-leg";
import { normalizeInboundNumber } from "@parley/shared/inbound-number";
import type { Logger } from "../../platform/logger.ts";
import { inboundNumberE164 } from "../../platform/phone.ts";
import type { Admission } from "../dialer/admission.ts";
import type { DialResult } from "../dialer/dialer.types.ts";
import { callerPhones } from "./caller-phones.ts";
import type { CallLeases } from "./call-leases.ts";
import type { InboundCallsRepo } from "./inbound-calls.repo.ts";

/**
 * Calls to an inbound campaign's number: the telephony (SIP INVITE, Twilio's incoming-call webhook) asks
 * `answer`; the campaign, its limits and the caller's contact are settled in the database; the agent then
 * runs on the caller's leg exactly as on a placed call (voice, knowledge base, FAQs, tools, recording).
 *
 * Like a dialer worker's placed calls, each call row is leased to this process while the call lasts
 * (call-leases.ts), so a dead process's call is closed as dropped.
 */
export function createInboundCalls(deps: {
  repo: InboundCallsRepo;
  answerCall(callId: string, leg: CallLeg, signal: AbortSignal): Promise<DialResult>;
  log: Logger;
  leases: CallLeases;
  /** This process's admission control: past capacity a caller hears the same busy message as past the limits. */
  admission?: Admission;
}) {
  const live = new Map<string, { abort: AbortController; release?: () => void }>();
  const track = (callId: string, abort: AbortController) => {
    live.set(callId, { abort, release: deps.admission?.begin() });
    deps.leases.hold(callId);
  };
  const untrack = (callId: string) => {
    live.get(callId)?.release?.();
    live.delete(callId);
    deps.leases.release(callId);
  };

  const answer: IncomingCallHandler = async (call: IncomingCall): Promise<IncomingAnswer> => {
    // Past what this process can serve in real time, before the database is asked: a caller answered late
    // hears the agent seconds after picking up, which is worse than being told to call back.
    if (deps.admission && deps.admission.room() <= 0) {
      deps.log.warn({ to: call.to }, `inbound call refused: ${deps.admission.message()}`);
      return { refuse: "busy" };
    }
    // The called number in the form inbound numbers are stored in (E.164), so exactly one campaign can match.
    const number = normalizeInboundNumber(call.to);
    const called = number ? [inboundNumberE164(number)] : [];
    const a = called.length
      ? await deps.repo.admit(called, call.from, (timezone) => callerPhones(call.from, timezone), deps.leases.leaseMs)
      : ({ admitted: false, reason: "unknown" } as const);
    if (!a.admitted) {
      deps.log.info(
        { to: call.to, reason: a.reason },
        a.reason === "busy" ? "inbound call refused: over the concurrency limit" : "inbound call refused",
      );
      return { refuse: a.reason };
    }
    return {
      answer: (leg) => {
        const abort = new AbortController();
        track(a.callId, abort);
        deps
          .answerCall(a.callId, leg, abort.signal)
          .then(
            (r) => deps.repo.charge(a.orgId, r.durationSecs),
            (err: Error) => deps.log.error({ err, callId: a.callId }, "inbound call not closed"),
          )
          .catch((err: Error) => deps.log.warn({ err, callId: a.callId }, "inbound call minutes not charged"))
          .finally(() => untrack(a.callId));
      },
    };
  };

  return {
    answer,
    /** Server shutdown: the agent hangs up each inbound call, which closes its row. */
    abortAll: () => live.forEach((c) => void c.abort.abort()),
    idle: async () => {
      while (live.size) await new Promise((r) => setTimeout(r, 50));
    },
  };
}

export type InboundCalls = ReturnType<typeof createInboundCalls>;
