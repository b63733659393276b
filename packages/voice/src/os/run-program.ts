import { fork, type ChildProcess } from "node:child_process";

export type ProgramRequest =
  | { id: number; file: string; args: string[]; maxBuffer: number; kill?: false }
  | { id: number; kill: true };
export type ProgramReply = { id: number; stdout: string; stderr: string; error: string | null };
export type ProgramOutput = { stdout: string; stderr: string };

const CHILD = new URL("./run-program.child.ts", import.meta.url);
const TSX = import.meta.resolve("tsx");
type Pending = { resolve: (out: ProgramOutput) => void; reject: (err: Error) => void };

let runner: ChildProcess | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/** The runner keeps the process alive only while a program runs. */
function hold(on: boolean): void {
  const channel = runner?.channel as { ref(): void; unref(): void } | undefined;
  if (on) runner?.ref(), channel?.ref();
  else runner?.unref(), channel?.unref();
}

function startRunner(): ChildProcess {
  const child = fork(CHILD, [], { execArgv: ["--import", TSX], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  child.on("message", (r: ProgramReply) => {
    const p = pending.get(r.id);
    pending.delete(r.id);
    if (pending.size === 0) hold(false);
    if (!p) return;
    if (r.error) p.reject(Object.assign(new Error(r.error), { stderr: r.stderr }));
    else p.resolve({ stdout: r.stdout, stderr: r.stderr });
  });
  child.on("exit", () => {
    if (runner === child) runner = null;
    for (const [id, p] of pending) pending.delete(id), p.reject(new Error("the program runner stopped"));
  });
  return child;
}

/**
 * Runs a program to its end, as `execFile` does, from the program runner (run-program.child.ts) rather
 * than from this process: forking the server costs its event loop tens of milliseconds each time.
 * Rejects with the program's error (its stderr attached) or when `signal` aborts it.
 */
export function runProgram(
  file: string,
  args: string[],
  opts: { signal?: AbortSignal; maxBuffer?: number } = {},
): Promise<ProgramOutput> {
  if (opts.signal?.aborted) return Promise.reject(opts.signal.reason as Error);
  runner ??= startRunner();
  const child = runner;
  const id = nextId++;
  return new Promise<ProgramOutput>((resolve, reject) => {
    const onAbort = () => {
      child.send({ id, kill: true } satisfies ProgramRequest);
      reject(opts.signal!.reason as Error);
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener("abort", onAbort);
    if (pending.size === 0) hold(true);
    pending.set(id, { resolve: (o) => (done(), resolve(o)), reject: (e) => (done(), reject(e)) });
    child.send({ id, file, args, maxBuffer: opts.maxBuffer ?? 1024 * 1024 } satisfies ProgramRequest);
  });
}
