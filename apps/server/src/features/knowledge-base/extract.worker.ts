import { parentPort, workerData } from "node:worker_threads";
import { chunkText } from "./chunk-text.ts";
import { ExtractionError, decodeText, extractText } from "./extract-text.ts";
import { mainTextOfHtml } from "./html-text.ts";
import type { ExtractJob, ExtractReply } from "./isolated-extract.ts";
import { checkZipLimits } from "./zip-limits.ts";

/** Worker side of `extractPassages`: everything an untrusted file makes us parse happens on this heap. */
async function textOf(job: ExtractJob): Promise<string> {
  if (job.kind === "page") {
    const text = new TextDecoder(job.charset).decode(job.bytes);
    return job.html ? mainTextOfHtml(text).text : text;
  }
  if (job.kind === "docx") await checkZipLimits(job.bytes);
  return extractText(job.kind, job.bytes).catch((err: unknown) => {
    if (err instanceof ExtractionError || !job.lenientText) throw err;
    return decodeText(job.bytes);
  });
}

const PASSAGES_PER_MESSAGE = 500;
const post = (reply: ExtractReply) => parentPort!.postMessage(reply);

async function run(job: ExtractJob): Promise<void> {
  try {
    const passages = chunkText(await textOf(job));
    if (passages.length === 0) throw new ExtractionError("the document contains no text");
    for (let i = 0; i < passages.length; i += PASSAGES_PER_MESSAGE) post({ type: "passages", passages: passages.slice(i, i + PASSAGES_PER_MESSAGE) });
    post({ type: "done" });
  } catch (err) {
    post({ type: "failed", known: err instanceof ExtractionError, message: (err as Error).message });
  }
}

await run(workerData as ExtractJob);
