import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { CallHistoryRecord } from "@parley/shared/call-history";
import { NOT_ANSWERED } from "@parley/shared/outcome-fields";

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
  "Qualified",
  "Qualifying answers",
];

/** A column of one qualifying field (an export of one campaign has one per field it captures). */
export type FieldColumn = { key: string; name: string };

/** "Yes", "No", or "" for a call whose campaign captured no fields. */
const qualifiedCell = (r: CallHistoryRecord) =>
  r.outcome_fields?.qualified == null ? "" : r.outcome_fields.qualified ? "Yes" : "No";
/** Every answer in one cell, "Budget per month: 2,000; CRM: Not answered", whatever the campaign. */
const answersCell = (r: CallHistoryRecord) =>
  (r.outcome_fields?.answers ?? []).map((a) => `${a.name}: ${a.display}`).join("; ");
const fieldCell = (r: CallHistoryRecord, key: string) => {
  if (!r.outcome_fields) return "";
  return r.outcome_fields.answers.find((a) => a.key === key)?.display ?? NOT_ANSWERED;
};

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a leading tab/CR that some apps strip first)
 * gets a leading apostrophe, so it opens as text (OWASP CSV injection advice).
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvRow(r: CallHistoryRecord, fields: FieldColumn[] = []): string[] {
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
    qualifiedCell(r),
    answersCell(r),
    ...fields.map((f) => fieldCell(r, f.key)),
  ].map(neutralizeFormula);
}

/** CSV text streamed batch by batch: at most one batch is in memory, whatever the number of rows. */
export function csvStream(batches: AsyncIterable<CallHistoryRecord[]>, fields: FieldColumn[] = []): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const batch of batches) for (const r of batch) yield csvRow(r, fields);
    })(),
  );
  const columns = [...CSV_HEADER, ...fields.map((f) => f.name)];
  const out = stringify({ header: true, columns, bom: true });
  rows.on("error", (err) => out.destroy(err));
  return rows.pipe(out);
}
