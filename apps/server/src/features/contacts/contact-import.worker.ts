import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import { NotCsvError } from "./csv-decode.ts";
import { readContactList, type ContactImportOptions } from "./contact-import.ts";

/** Worker side of `readContactListInWorker`: parses the file it is given and posts batches back. */
export type WorkerMessage =
  | { type: "batch"; contacts: import("./contact-import.ts").ParsedContact[] }
  | { type: "done"; summary: import("./contact-import.ts").ContactListSummary }
  | { type: "error"; notCsv: boolean; message: string };

const { bytes, opts } = workerData as { bytes: Uint8Array; opts: ContactImportOptions };
const post = (m: WorkerMessage) => parentPort!.postMessage(m);

try {
  const reader = readContactList(
    async () => Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    opts,
  );
  let step = await reader.next();
  for (; !step.done; step = await reader.next()) post({ type: "batch", contacts: step.value });
  post({ type: "done", summary: step.value });
} catch (err) {
  post({ type: "error", notCsv: err instanceof NotCsvError, message: (err as Error).message });
}
