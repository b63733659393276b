import { parentPort, workerData } from "node:worker_threads";
import { chunkSections, textSections } from "./chunk-text.ts";
import { extractDocument, noCleanup, type ExtractedDocument } from "./extract-document.ts";
import { ExtractionError, decodeText } from "./extract-text.ts";
import type { ExtractJob, ExtractReply } from "./isolated-extract.ts";
import { checkZipLimits } from "./zip-limits.ts";

/** Worker side of `extractPassages`: everything an untrusted file makes us parse happens on this heap. */
async function documentOf(job: ExtractJob): Promise<ExtractedDocument> {
  if (job.kind === "page") return extractDocument(job.html ? "html" : "txt", job.bytes, job.charset);
  if (job.kind === "docx") await checkZipLimits(job.bytes);
  return extractDocument(job.kind, job.bytes).catch((err: unknown) => {
    if (err instanceof ExtractionError || !job.lenientText) throw err;
    return { sections: textSections(decodeText(job.bytes)), cleanup: noCleanup() };
  });
}

const PASSAGES_PER_MESSAGE = 500;
const post = (reply: ExtractReply) => parentPort!.postMessage(reply);

async function run(job: ExtractJob): Promise<void> {
  try {
    const passages = chunkSections((await documentOf(job)).sections);
    if (passages.length === 0) throw new ExtractionError("the document contains no text");
    for (let i = 0; i < passages.length; i += PASSAGES_PER_MESSAGE) post({ type: "passages", passages: passages.slice(i, i + PASSAGES_PER_MESSAGE) });
    post({ type: "done" });
  } catch (err) {
    post({ type: "failed", known: err instanceof ExtractionError, message: (err as Error).message });
  }
}

await run(workerData as ExtractJob);
