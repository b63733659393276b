import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { CallHistoryRecord } from "@parley/shared/call-history";

export const CSV_HEADER = [
  "Name",
  "Phone",
  "Email",
  "Services/Product",
  "Budget",
  "Date & Time",
  "Lead Date & Time",
  "Status",
  "Direction",
  "Duration (s)",
  "Summary",
  "Campaign",
];

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab/CR that some apps strip first)
 * gets a leading apostrophe, so it opens as text (OWASP CSV injection advice).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvRow(r: CallHistoryRecord): string[] {
  return [
    r.lead_name,
    r.lead_phone,
    r.lead_email,
    r.property,
    r.budget,
    `${r.date} ${r.time}`,
    r.created_at.slice(0, 19).replace("T", " "),
    r.status,
    r.direction,
    String(r.call_duration_secs),
    r.summary,
    r.campaign_name ?? "",
  ].map(neutralizeFormula);
}

/** CSV text streamed batch by batch: at most one batch is in memory, whatever the number of rows. */
export function csvStream(batches: AsyncIterable<CallHistoryRecord[]>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const r of batch) yield csvRow(r);
    })(),
  );
  const out = stringify({ header: true, columns: CSV_HEADER, bom: true });
  rows.on("error", (err) => out.destroy(err));
  return rows.pipe(out);
}
