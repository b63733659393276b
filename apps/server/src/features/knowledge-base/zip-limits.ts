import JSZip from "jszip";
import yauzl from "yauzl";
import { ExtractionError } from "./extraction-error.ts";

/**
 * What a ZIP-based upload (DOCX) may expand to. The central directory is checked first, so an honest "zip bomb"
 * (100 MB of XML in 150 KB) is refused before anything is inflated; then every part is inflated here, counting
 * the bytes that actually come out, so one whose headers lie about its sizes stops at the same limit.
 */
export const ZIP_LIMITS = {
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  /** Ordinary Word XML compresses 5–20×; a bomb compresses hundreds of times. */
  maxRatio: 200,
  /** Small entries may compress very well (a run of spaces) without harm. */
  ratioFloorBytes: 1024 * 1024,
};

const MB = 1024 * 1024;
const tooBig = (limit: number) => new ExtractionError(`the file expands to more than ${limit / MB} MB when unpacked`);
const unreadable = (e?: Error | null) =>
  new ExtractionError(`unreadable DOCX file (${e?.message ?? "not a ZIP archive"})`);

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true },
      (err, zip) => (err || !zip ? reject(unreadable(err)) : resolve(zip)),
    ),
  );
}

/** Calls `onEntry` for each entry in turn (the next is read once it resolves); rejects on the first error. */
async function eachEntry(bytes: Uint8Array, onEntry: (zip: yauzl.ZipFile, e: yauzl.Entry) => Promise<void>) {
  const zip = await openZip(bytes);
  let count = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (e: yauzl.Entry) => {
      if (++count > ZIP_LIMITS.maxEntries)
        return reject(new ExtractionError(`the file holds more than ${ZIP_LIMITS.maxEntries} parts`));
      onEntry(zip, e).then(() => zip.readEntry(), reject);
    });
    zip.on("end", resolve);
    zip.on("error", (e: Error) => reject(unreadable(e)));
    zip.readEntry();
  }).finally(() => zip.close());
}

/** Throws ExtractionError, with the reason a user reads, when the central directory says it unpacks past the limits. */
export async function checkZipLimits(bytes: Uint8Array): Promise<void> {
  let total = 0;
  await eachEntry(bytes, async (_, e) => {
    total += e.uncompressedSize;
    if (total > ZIP_LIMITS.maxUnpackedBytes) throw tooBig(ZIP_LIMITS.maxUnpackedBytes);
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > ZIP_LIMITS.ratioFloorBytes && ratio > ZIP_LIMITS.maxRatio) {
      throw new ExtractionError(
        `the file is compressed ${Math.round(ratio)} times over (${e.fileName}): it looks like a ZIP bomb`,
      );
    }
  });
}

/**
 * Every part of the archive inflated, stopping as soon as the bytes that actually came out pass `limit` in
 * all, whatever the headers claim (and a part longer than its header says is refused as soon as it passes it).
 */
export async function unzipBounded(bytes: Uint8Array, limit = ZIP_LIMITS.maxUnpackedBytes) {
  const parts = new Map<string, Buffer>();
  let total = 0;
  await eachEntry(bytes, (zip, entry) => {
    if (entry.fileName.endsWith("/")) return Promise.resolve();
    return new Promise<void>((resolve, reject) =>
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(unreadable(err));
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => {
          total += chunk.length;
          if (total > limit) return stream.destroy(tooBig(limit));
          chunks.push(chunk);
        });
        stream.on("error", (e: Error) => {
          if (e instanceof ExtractionError) return reject(e);
          // yauzl stops a part at the size its header claims.
          if (/too many bytes/.test(e.message))
            return reject(new ExtractionError(`the file says its parts are smaller than they are (${entry.fileName})`));
          reject(unreadable(e));
        });
        stream.on("end", () => {
          parts.set(entry.fileName, Buffer.concat(chunks));
          resolve();
        });
      }),
    );
  });
  return parts;
}

/**
 * The DOCX as a Word reader may open it: checked, unpacked within the limits, and packed again without
 * compression, so the reader inflates nothing and every size in it is true.
 */
export async function boundedDocx(bytes: Uint8Array): Promise<Buffer> {
  await checkZipLimits(bytes);
  const zip = new JSZip();
  for (const [name, data] of await unzipBounded(bytes)) zip.file(name, data);
  return zip.generateAsync({ type: "nodebuffer", compression: "STORE" });
}
