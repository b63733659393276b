import type { CallLeg, IncomingAnswer, IncomingCall, IncomingCallHandler } from "@parley/voice/telephony/call-leg";
import { inboundCandidates } from "@parley/shared/inbound-number";
import type { Logger } from "../../platform/logger.ts";
import type { DialResult } from "../dialer/dialer.types.ts";
import type { InboundCallsRepo } from "./inbound-calls.repo.ts";

/**
 * Calls to an inbound campaign's number: the telephony (SIP INVITE, Twilio's incoming-call webhook) asks
 * `answer`; the campaign, its limits and the caller's contact are settled in the database; the agent then
 * runs on the caller's leg exactly as on a placed call (voice, knowledge base, FAQs, tools, recording).
 */
export function createInboundCalls(deps: {
  repo: InboundCallsRepo;
  answerCall(callId: string, leg: CallLeg, signal: AbortSignal): Promise<DialResult>;
  log: Logger;
}) {
  const live = new Set<AbortController>();

  const answer: IncomingCallHandler = async (call: IncomingCall): Promise<IncomingAnswer> => {
    const called = inboundCandidates(call.to);
    const a = called.length ? await deps.repo.admit(called, call.from, callerPhones(call.from)) : ({ admitted: false, reason: "unknown" } as const);
    if (!a.admitted) {
      deps.log.info({ to: call.to, reason: a.reason }, a.reason === "busy" ? "inbound call refused: over the concurrency limit" : "inbound call refused");
      return { refuse: a.reason };
    }
    return {
      answer: (leg) => {
        const abort = new AbortController();
        live.add(abort);
        deps.answerCall(a.callId, leg, abort.signal).then(
          (r) => deps.repo.charge(a.orgId, r.durationSecs),
          (err: Error) => deps.log.error({ err, callId: a.callId }, "inbound call not closed"),
        ).catch((err: Error) => deps.log.warn({ err, callId: a.callId }, "inbound call minutes not charged")).finally(() => live.delete(abort));
      },
    };
  };

  return {
    answer,
    /** Server shutdown: the agent hangs up each inbound call, which closes its row. */
    abortAll: () => live.forEach((a) => a.abort()),
    idle: async () => {
      while (live.size) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
/**
 * The caller's number in E.164 as trunks send it ("+15550102030", or "15550102030" without the plus); none
 * for a withheld or non-numeric caller ("anonymous", a SIP user), who is then a call without a contact.
 */
export function callerPhones(from: string): string[] {
  const d = from.trim().replace(/[\s().-]/g, "");
  if (/^\+[1-9]\d{6,14}$/.test(d)) return [d];
  if (/^[1-9]\d{7,14}$/.test(d)) return [`+${d}`];
  return [];
}

export type InboundCalls = ReturnType<typeof createInboundCalls>;
