import type { ChildProcess } from "node:child_process";
import { until } from "./until.ts";

/**
 * Starts a test peer (a Debian daemon) on ports probed free and reads what it prints until it says `ready` or
 * exits. A port free at the probe may be taken by another process before the peer binds it, which no probe can
 * prevent: a start that failed so ("… in use") is launched again on fresh ports, 3 times in all.
 */
export async function startPeer<T extends { child: ChildProcess }>(
  what: string,
  ready: string,
  launch: () => Promise<T>,
): Promise<T & { output: () => string }> {
  for (let attempt = 1; ; attempt++) {
    const started = await launch();
    const { child } = started;
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    await until(() => out.includes(ready) || child.exitCode !== null, { ms: 10_000, what: `${what} start` });
    if (child.exitCode === null) return { ...started, output: () => out };
    if (attempt === 3 || !/in use/i.test(out)) throw new Error(`${what} did not start:\n${out}`);
  }
}
