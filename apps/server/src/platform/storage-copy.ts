import type { Storage } from "./storage.ts";

export type CopyReport = {
  copied: number;
  copiedBytes: number;
  skipped: number;
  failed: { key: string; reason: string }[];
};

/**
 * Copies every object of `from` that `to` does not hold yet (same key and size), one at a time, streaming.
 * Running it again copies only what is missing or differs in size, so a copy cut short is finished by
 * running it once more; a failed object is reported and the rest still copied.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  onObject?: (key: string, outcome: "copied" | "skipped" | "failed") => void,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  for await (const { key, size } of from.list()) {
    try {
      if ((await to.size(key)) === size) {
        report.skipped++;
        onObject?.(key, "skipped");
        continue;
      }
      const body = await from.get(key);
      if (!body) continue; // deleted since it was listed
      const stored = await to.put(key, body);
      report.copied++;
      report.copiedBytes += stored.size;
      onObject?.(key, "copied");
    } catch (err) {
      report.failed.push({ key, reason: (err as Error).message });
      onObject?.(key, "failed");
    }
  }
  return report;
}
