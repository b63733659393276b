import type { LiveCall } from "@parley/shared/calls";
import { AppError, notFound } from "../../http/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { DncService } from "../dnc/dnc.service.ts";
import type { CallsRepo } from "./calls.repo.ts";

type Deps = {
  repo: CallsRepo;
  dnc: DncService;
  placeCall(callId: string, signal: AbortSignal): Promise<unknown>;
  log: Logger;
};

/** Calls placed by hand and the live view of any call. */
export function createCallsService(deps: Deps) {
  const running = new Map<string, AbortController>();
  return {
    /** Rings the contact now; the call runs in the background and is followed with `live`. */
    async callNow(orgId: string, campaignId: string, contactId: string): Promise<string> {
      const id = await deps.repo.createManual(orgId, campaignId, contactId);
      if (!id) throw notFound("Contact");
      const ctx = await deps.repo.context(id);
      if (ctx && (await deps.dnc.listed(orgId, [ctx.phone])).size) {
        await deps.repo.finish(id, { status: "failed", outcome: "do_not_call", answeredAt: null, endedAt: new Date(), durationSecs: 0, summary: "", sentiment: null, transcript: [], latency: [], extracted: {}, recordingKey: null, error: "Number is on the do-not-call list." });
        throw new AppError("conflict", "This number is on the do-not-call list.");
      }
      const controller = new AbortController();
      running.set(id, controller);
      void deps
        .placeCall(id, controller.signal)
        .catch((err: Error) => deps.log.error({ err, callId: id }, "call failed"))
        .finally(() => running.delete(id));
      return id;
    },

    async live(orgId: string, callId: string): Promise<LiveCall | null> {
      const row = await deps.repo.live(orgId, callId);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status as LiveCall["status"],
        outcome: row.outcome,
        answered_at: row.answered_at?.toISOString() ?? null,
        ended_at: row.ended_at?.toISOString() ?? null,
        duration_secs: row.duration_secs,
        transcript: row.transcript as LiveCall["transcript"],
      };
    },

    /** Hangs up every call this process placed by hand (shutdown). */
    abortAll(): void {
      for (const c of running.values()) c.abort();
    },
  };
}
export type CallsService = ReturnType<typeof createCallsService>;
