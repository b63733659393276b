import { parse } from "csv-parse/sync";
import { normalizePhone } from "../../platform/phone.ts";

export type DncCsvResult = { phones: string[]; rejected: { line: number; value: string; reason: string }[] };

const PHONE_HEADER = /^(phone|phone[ _-]?number|mobile|mobile[ _-]?number|number|cell|telephone|tel|msisdn)$/i;

/**
 * Reads numbers from a do-not-call CSV: the column named like a phone column, or the first column when
 * there is no header. Bad lines are reported by line number; good ones are kept.
 */
export function readDncCsv(text: string, defaultCountry?: string): DncCsvResult {
  const rows = parse(text.replace(/^\uFEFF/, ""), {
    relax_column_count: true,
    skip_empty_lines: true,
    delimiter: [",", ";", "\t"],
    trim: true,
  }) as string[][];
  const header = rows[0] ?? [];
  let col = header.findIndex((h) => PHONE_HEADER.test(h));
  const hasHeader = col >= 0 || (header.length > 0 && header.every((h) => !/\d{5,}/.test(h)));
  if (col < 0) col = 0;
  const phones = new Set<string>();
  const rejected: DncCsvResult["rejected"] = [];
  rows.forEach((row, i) => {
    if (hasHeader && i === 0) return;
    const value = row[col] ?? "";
    const r = normalizePhone(value, defaultCountry);
    if (r.ok) phones.add(r.e164);
    else rejected.push({ line: i + 1, value, reason: r.reason });
  });
  return { phones: [...phones], rejected };
}
