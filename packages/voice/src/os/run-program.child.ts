import { execFile } from "node:child_process";
import type { ProgramReply, ProgramRequest } from "./run-program.ts";

/**
 * The program runner (run-program.ts): a small process that starts speech engines for the server. Started
 * once while it is small, it forks in a millisecond, where the server, with the embedded database's memory
 * mapped, spent tens of milliseconds of its event loop in every fork.
 */
const running = new Map<number, AbortController>();
const reply = (r: ProgramReply) => process.send?.(r);

process.on("message", (req: ProgramRequest) => {
  if (req.kill) return running.get(req.id)?.abort();
  const abort = new AbortController();
  running.set(req.id, abort);
  execFile(req.file, req.args, { signal: abort.signal, maxBuffer: req.maxBuffer }, (err, stdout, stderr) => {
    running.delete(req.id);
    reply({ id: req.id, stdout, stderr, error: err ? err.message : null });
  });
});
// The server's end is this runner's end.
process.on("disconnect", () => process.exit(0));
