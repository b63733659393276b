/** Past this a dependency counts as unavailable: a load balancer's own health-check timeout is usually 5 s. */
export const PROBE_TIMEOUT_MS = 3000;

/** Runs one readiness check with a deadline; answers its status and how long it took, never throws. */
export async function probe(
  check: () => Promise<unknown>,
  onFailure: (err: unknown) => void,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<{ status: "ok" | "unavailable"; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs)),
      ),
    ]);
    return { status: "ok", ms: Math.round(performance.now() - started) };
  } catch (err) {
    onFailure(err);
    return { status: "unavailable", ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}
