import type { Logger } from "./logger.ts";

// Node socket errors and PostgreSQL's connection classes (08: connection exception, 57P0x: the server is
// shutting down or starting) say the database is out of reach, not that a statement is wrong.
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "EAI_AGAIN",
]);

/** Whether `err` says the database cannot be reached (rather than that a query failed). */
export function isDatabaseUnreachable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] } | null;
  if (!e) return false;
  const code = typeof e.code === "string" ? e.code : "";
  if (SOCKET_CODES.has(code) || code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03")
    return true;
  // pg reports a dropped socket as a plain Error; AggregateError wraps one per address tried.
  const message = typeof e.message === "string" ? e.message : "";
  if (/Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnreachable);
}

/** The first line of what went wrong, for an operator. */
function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; errors?: { message?: string }[] };
  const first = e?.message?.split("\n")[0] || e?.errors?.[0]?.message || "";
  return first || e?.code || "unknown error";
}

/**
 * How a background loop lives through a database outage: the first failed pass says once, clearly, that
 * the work is paused and why; later passes back off (doubling up to `maxMs`) without repeating it; the
 * first pass that succeeds again says the work resumed. Errors that are not about reaching the database
 * are logged every time: they are bugs to see.
 */
export function createOutageWatch(opts: { log: Logger; what: string; intervalMs: number; maxMs?: number }) {
  const maxMs = opts.maxMs ?? 10_000;
  let since: number | null = null;
  let delay = opts.intervalMs;
  return {
    /** The wait before the next pass after this failure. */
    failed(err: unknown): number {
      if (!isDatabaseUnreachable(err)) {
        opts.log.error({ err }, `${opts.what} pass failed`);
        return opts.intervalMs;
      }
      if (since === null) {
        since = Date.now();
        delay = opts.intervalMs;
        opts.log.error(
          `${opts.what} paused: the database cannot be reached (${reasonOf(err)}). Trying ` +
            "again every few seconds; it resumes by itself when the database answers.",
        );
      }
      delay = Math.min(maxMs, delay * 2);
      return delay;
    },
    /** A pass went through: says so once when it ends an outage. */
    succeeded(): void {
      if (since === null) return;
      opts.log.warn(
        `${opts.what} resumed: the database answers again (unreachable ` +
          `for ${Math.round((Date.now() - since) / 1000)} s).`,
      );
      since = null;
      delay = opts.intervalMs;
    },
    /** Whether the last pass failed to reach the database. */
    get down(): boolean {
      return since !== null;
    },
  };
}
