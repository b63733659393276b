import { type ChildProcess, spawn } from "node:child_process";

/**
 * A synthetic CPU hog: `cores` child processes that each spin a busy loop, as other work on the host would (CI
 * runs calls beside browser tests). Bounded: each loop stops by itself after `maxMs`, and `stop()` kills them at
 * once; a hog never outlives the test or benchmark that started it.
 */
export function startCpuHog(o: { cores?: number; maxMs?: number } = {}): { stop(): Promise<void> } {
  const maxMs = Math.round(o.maxMs ?? 10 * 60_000);
  const loop = `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x = (x + 1) % 1e9;`;
  const children: ChildProcess[] = Array.from({ length: o.cores ?? 1 }, () =>
    spawn(process.execPath, ["-e", loop], { stdio: "ignore" }),
  );
  const exited = children.map((c) => new Promise<void>((resolve) => c.once("exit", () => resolve())));
  for (const c of children) c.unref();
  return {
    async stop() {
      for (const c of children) {
        c.ref(); // awaited below: an unreferenced child would let the event loop end with the test still waiting
        if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
      }
      await Promise.all(exited);
    },
  };
}

/** `HOG_CORES=n` runs any test file with a hog on n cores (e.g. a calls test, to reproduce CI under load). */
export function hogFromEnv(): { stop(): Promise<void> } | null {
  const cores = Number(process.env.HOG_CORES ?? 0);
  return cores > 0 ? startCpuHog({ cores }) : null;
}
