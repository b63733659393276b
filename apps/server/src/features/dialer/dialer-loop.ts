import { createOutageWatch } from "../../platform/db-outage.ts";
import type { Logger } from "../../platform/logger.ts";
import type { DialerService } from "./dialer.service.ts";

/**
 * Runs scheduling passes forever, one at a time (a slow pass is never overlapped by the next).
 * While the database cannot be reached no pass leases anything, so the worker dials nobody: it says so
 * once, backs off, and resumes when the database answers (platform/db-outage.ts).
 * `stop` ends the loop and hangs up this process's live calls; their attempts are recorded as dropped by
 * whichever worker sees the leases expire, and retried under the normal rules.
 */
export function startDialerLoop(
  dialer: DialerService,
  opts: { log: Logger; intervalMs?: number; maxBackoffMs?: number },
) {
  const interval = opts.intervalMs ?? 1000;
  const outage = createOutageWatch({ log: opts.log, what: "Dialling", intervalMs: interval, maxMs: opts.maxBackoffMs });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const pass = async () => {
    let wait = interval;
    try {
      await dialer.tick();
      outage.succeeded();
    } catch (err) {
      wait = outage.failed(err);
    }
    if (!stopped) timer = setTimeout(pass, wait);
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
