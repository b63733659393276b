import type { DncImportResult, DncSource } from "@parley/shared/dnc";
import { formatWhen } from "../../lib/time-format.ts";

/** How each source reads on screen. */
export const SOURCE_LABELS: Record<DncSource, string> = {
  call: "Asked on a call",
  manual: "Added by hand",
  csv: "Imported",
};

/** The source and who added the number: "Added by hand · Sam Rivera", "Imported · Sam Rivera", "Asked on a call". */
export function sourceLabel(e: { source: DncSource; added_by_name: string | null }): string {
  return [SOURCE_LABELS[e.source], e.added_by_name].filter(Boolean).join(" · ");
}

/** "Nov 24, 2026, 2:05 PM" on the viewer's clock; nothing for junk. */
export const formatAddedAt = (iso: string, viewerZone: string): string => formatWhen(iso, viewerZone, { fallback: "" });

/** The one-line outcome of adding numbers, e.g. "2 numbers added, 1 already listed, 1 line rejected." */
export function importSummary(r: DncImportResult): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [count(r.added, "number added", "numbers added")];
  if (r.already_listed) parts.push(`${r.already_listed} already listed`);
  if (r.rejected.length) parts.push(count(r.rejected.length, "line rejected", "lines rejected"));
  return `${parts.join(", ")}.`;
}
