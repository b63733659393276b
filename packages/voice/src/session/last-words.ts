import type { SttProgress } from "../providers/stt/stt-provider.ts";

// An engine that has handled nothing for this long is stuck, not slow: its words are given up on (and the call's
// recording is heard after the call instead). A recognizer thread loading the English model at start-up handles
// one message for many seconds on a busy machine (docs/speech-recognition.md), so this is well above that. An
// engine without a progress report gets this long in all.
export const STALL_MS = 30_000;
// A slow engine's backlog at the call's end is worked off at about real time or better; twice it is the most a
// finished call waits for it (on top of STALL_MS), and never more than MAX_WAIT_MS.
const BACKLOG_FACTOR = 2;
const MAX_WAIT_MS = 180_000;
const POLL_MS = 100;

/**
 * Waits for the words of a finished call still being recognised: as long as the engine makes progress (its
 * `done` moves), bounded by its backlog at the end, so a busy machine's late words are kept and a stuck engine
 * does not hold the call open. Answers whether everything settled (false: gave up).
 */
export async function waitForLastWords(
  pending: Promise<unknown>[],
  progress?: () => SttProgress,
  o: { now?: () => number; stallMs?: number } = {},
): Promise<boolean> {
  const now = o.now ?? (() => performance.now());
  const stallMs = o.stallMs ?? STALL_MS;
  if (!pending.length) return true;
  let settled = false;
  const all = Promise.allSettled(pending).then(() => {
    settled = true;
  });
  const start = now();
  const first = progress?.();
  const limit = Math.min(MAX_WAIT_MS, stallMs + BACKLOG_FACTOR * (first?.backlogMs ?? 0));
  let done = first?.done ?? 0;
  let movedAt = start;
  while (!settled) {
    await Promise.race([all, new Promise((r) => setTimeout(r, POLL_MS))]);
    if (settled) break;
    const t = now();
    const p = progress?.();
    if (p && p.done !== done) {
      done = p.done;
      movedAt = t;
    }
    if (t - movedAt >= stallMs || t - start >= limit) return false;
  }
  return true;
}
