import { Worker, type WorkerOptions } from "node:worker_threads";

// Workers do not inherit tsx's loader (the code runs as TypeScript without a build step), so each worker
// registers it before importing its module.
const TSX_API = import.meta.resolve("tsx/esm/api");

/** A worker thread running a TypeScript module (`new URL("./x.worker.ts", import.meta.url)`). */
export function startTsWorker(moduleUrl: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker {
  const boot =
    `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); ` +
    `return import(${JSON.stringify(moduleUrl.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
