import type { LiveCalls } from "@parley/shared/analytics";
import type { Clock } from "../../platform/clock.ts";
import { pollChanges } from "../../platform/poll-changes.ts";
import type { LiveCallsRepo } from "./live-calls.repo.ts";

/** Calls older than this are leftovers of a crashed process, not live (a call's hard limit is 10 min). */
const STALE_AFTER_MS = 60 * 60_000;

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
    changes: (orgId: string, first: LiveCalls, signal: AbortSignal) =>
      pollChanges(first, () => snapshot(orgId), { pollMs, signal }),
  };
}
export type LiveCallsService = ReturnType<typeof createLiveCallsService>;
