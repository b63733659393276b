import type { LiveCalls } from "@parley/shared/analytics";
import type { Clock } from "../../platform/clock.ts";
import type { LiveCallsRepo } from "./live-calls.repo.ts";

/** Calls older than this are leftovers of a crashed process, not live (a call's hard limit is 10 min). */
const STALE_AFTER_MS = 60 * 60_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}

/**
 * The organisation's calls in progress. Calls run in other processes too, so the database is the shared
 * truth: like the campaign progress stream, this polls it about once a second and passes on changes only.
 */
export function createLiveCallsService(deps: { repo: LiveCallsRepo; clock: Clock; pollMs?: number }) {
  const pollMs = deps.pollMs ?? 1000;
  const snapshot = async (orgId: string): Promise<LiveCalls> => ({
    calls: await deps.repo.list(orgId, new Date(deps.clock.now().getTime() - STALE_AFTER_MS)),
  });
  return {
    snapshot,
    /** Snapshots after `first`, each differing from the one before, until `signal` aborts. */
    async *changes(orgId: string, first: LiveCalls, signal: AbortSignal): AsyncGenerator<LiveCalls> {
      let last = JSON.stringify(first);
      while (!signal.aborted) {
        await pause(pollMs, signal);
        if (signal.aborted) return;
        const current = await snapshot(orgId);
        const text = JSON.stringify(current);
        if (text !== last) yield current;
        last = text;
      }
    },
  };
}
export type LiveCallsService = ReturnType<typeof createLiveCallsService>;
