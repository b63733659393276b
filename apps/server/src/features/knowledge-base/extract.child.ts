import fs from "node:fs/promises";
import path from "node:path";
import { chunkSections, textSections } from "./chunk-text.ts";
import { extractDocument, noCleanup, type ExtractedDocument } from "./extract-document.ts";
import { ExtractionError, decodeText } from "./extract-text.ts";
import type { ExtractJob, ExtractReply } from "./isolated-extract.ts";

/**
 * Child side of `extractPassages`, one document per process: everything an untrusted file makes us parse
 * happens in this process's memory, which the system takes back whole when it exits. Reads `job.json` and
 * `bytes` from the folder named on its command line; writes its replies to `replies.ndjson` there, one a line.
 */
async function documentOf(job: ExtractJob): Promise<ExtractedDocument> {
  if (job.kind === "page") return extractDocument(job.html ? "html" : "txt", job.bytes, job.charset);
  return extractDocument(job.kind, job.bytes).catch((err: unknown) => {
    if (err instanceof ExtractionError || !job.lenientText) throw err;
    return { sections: textSections(decodeText(job.bytes)), cleanup: noCleanup() };
  });
}

const PASSAGES_PER_LINE = 500;

async function run(dir: string): Promise<void> {
  const out = await fs.open(path.join(dir, "replies.ndjson"), "w");
  const post = (reply: ExtractReply) => out.write(`${JSON.stringify(reply)}\n`);
  try {
    const job = { ...JSON.parse(await fs.readFile(path.join(dir, "job.json"), "utf8")) } as ExtractJob;
    job.bytes = await fs.readFile(path.join(dir, "bytes"));
    const passages = chunkSections((await documentOf(job)).sections);
    if (passages.length === 0) throw new ExtractionError("the document contains no text");
    for (let i = 0; i < passages.length; i += PASSAGES_PER_LINE)
      await post({ type: "passages", passages: passages.slice(i, i + PASSAGES_PER_LINE) });
    await post({ type: "done" });
  } catch (err) {
    await post({ type: "failed", known: err instanceof ExtractionError, message: (err as Error).message });
  } finally {
    await out.close();
  }
}

// pdf.js and friends may leave handles open: the job is done, and so is the process.
await run(process.argv[2]!);
process.exit(0);
