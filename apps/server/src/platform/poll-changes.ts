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
 * Live views over the database, which is the truth shared by every process: reads `read()` every
 * `pollMs` after `first` and yields each value that differs from the one before (compared as JSON).
 * Ends when a value is `done`, `read` answers null (the record is gone), or `signal` aborts.
 */
export async function* pollChanges<T>(
  first: T,
  read: () => Promise<T | null>,
  opts: { pollMs: number; signal: AbortSignal; done?: (value: T) => boolean },
): AsyncGenerator<T> {
  let last = JSON.stringify(first);
  let current: T | null = first;
  while (current !== null && !opts.done?.(current) && !opts.signal.aborted) {
    await pause(opts.pollMs, opts.signal);
    if (opts.signal.aborted) return;
    current = await read();
    const text = JSON.stringify(current);
    if (current !== null && text !== last) yield current;
    last = text;
  }
}
