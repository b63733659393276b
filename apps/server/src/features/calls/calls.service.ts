import type { LiveCall } from "@parley/shared/calls";
import type { CallsRepo } from "./calls.repo.ts";

type Deps = {
  repo: CallsRepo;
  /**
   * The dialer's "ring now" (DialerService.ringNow): it keeps the dialer's rules and lease, places the
   * call, and ends it when the signal aborts.
   */
  ringNow(
    orgId: string,
    campaignId: string,
    contactId: string,
    hangUp: AbortSignal,
    placedBy: string | null,
  ): Promise<{ callId: string; ended: Promise<void> }>;
};

/** Calls placed by hand and the live view of any call. */
export function createCallsService(deps: Deps) {
  const running = new Map<string, AbortController>();
  return {
    /** Rings the contact now for the user `placedBy`; the call runs in the background and is followed with `live`. */
    async callNow(
      orgId: string,
      campaignId: string,
      contactId: string,
      placedBy: string | null = null,
    ): Promise<string> {
      const controller = new AbortController();
      const { callId, ended } = await deps.ringNow(orgId, campaignId, contactId, controller.signal, placedBy);
      running.set(callId, controller);
      void ended.finally(() => running.delete(callId));
      return callId;
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
