import type { Logger } from "../../platform/logger.ts";
import type { DialerService } from "./dialer.service.ts";

/**
 * Runs scheduling passes forever, one at a time (a slow pass is never overlapped by the next).
 * `stop` ends the loop and hangs up this process's live calls; their attempts are recorded as dropped by
 * whichever worker sees the leases expire, and retried under the normal rules.
 */
export function startDialerLoop(dialer: DialerService, opts: { log: Logger; intervalMs?: number }) {
  const interval = opts.intervalMs ?? 1000;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    try {
      await dialer.tick();
    } catch (err) {
      opts.log.error({ err }, "dialer pass failed");
    }
    if (!stopped) timer = setTimeout(pass, interval);
  };
  timer = setTimeout(pass, 0);
  return {
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      dialer.abortAll();
    },
  };
}
