/**
 * Waits until `check` holds, asking again every `everyMs`. `ms` only bounds a test that would otherwise
 * hang: it asserts nothing about speed, so give it room on a busy machine.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  { ms = 5000, what = "the awaited condition", everyMs = 20 }: { ms?: number; what?: string; everyMs?: number } = {},
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not reached in ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
