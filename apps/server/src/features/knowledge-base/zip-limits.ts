import yauzl from "yauzl";
import { ExtractionError } from "./extract-text.ts";

/**
 * What a ZIP-based upload (DOCX) may expand to. Checked from the central directory before any entry is
 * inflated: a "zip bomb" (100 MB of XML in 150 KB) is refused here, and the extraction worker's memory
 * limit stops one whose headers lie about its sizes.
 */
export const ZIP_LIMITS = {
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxEntries: 5_000,
  /** Ordinary Word XML compresses 5–20×; a bomb compresses hundreds of times. */
  maxRatio: 200,
  /** Small entries may compress very well (a run of spaces) without harm. */
  ratioFloorBytes: 1024 * 1024,
};

type EntrySize = { fileName: string; compressedSize: number; uncompressedSize: number };

function listEntries(bytes: Uint8Array): Promise<EntrySize[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new ExtractionError(`unreadable DOCX file (${err?.message ?? "not a ZIP archive"})`));
      const entries: EntrySize[] = [];
      zip.on("entry", (e: yauzl.Entry) => {
        entries.push({ fileName: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize });
        if (entries.length > ZIP_LIMITS.maxEntries) return reject(new ExtractionError(`the file holds more than ${ZIP_LIMITS.maxEntries} parts`));
        zip.readEntry();
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", (e: Error) => reject(new ExtractionError(`unreadable DOCX file (${e.message})`)));
      zip.readEntry();
    });
  });
}

const MB = 1024 * 1024;

/** Throws ExtractionError, with the reason a user reads, when the archive would unpack past the limits. */
export async function checkZipLimits(bytes: Uint8Array): Promise<void> {
  const entries = await listEntries(bytes);
  let total = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    if (total > ZIP_LIMITS.maxUnpackedBytes) {
      throw new ExtractionError(`the file expands to more than ${ZIP_LIMITS.maxUnpackedBytes / MB} MB when unpacked`);
    }
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > ZIP_LIMITS.ratioFloorBytes && ratio > ZIP_LIMITS.maxRatio) {
      throw new ExtractionError(`the file is compressed ${Math.round(ratio)} times over (${e.fileName}): it looks like a ZIP bomb`);
    }
  }
}
