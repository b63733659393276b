import type { CrmMapping } from "@parley/shared/integrations";
import type { CrmRecord } from "./crm-provider.ts";

/**
 * CRM records as a contact-list CSV, so they go through the CSV import's own rules (E.164, duplicates merged,
 * bad numbers rejected by line). Every field column is written, empty when not mapped, so the import's loose
 * header matching never guesses a variable (say company_name) as the name. The record's id rides along as
 * the variable {{hubspot_id}}: a rejected line is traced back to its record, and results can be written back.
 */
export const FIELD_COLUMNS = ["phone", "name", "first_name", "last_name", "email"] as const;
export const ID_COLUMN = "hubspot_id";
export const RESERVED_KEYS = new Set<string>([...FIELD_COLUMNS, ID_COLUMN, "persona"]);

const cell = (v: string) => (/[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The CRM properties a mapping reads, each once. */
export function mappedProperties(m: CrmMapping): string[] {
  return [
    ...new Set(
      [m.phone, m.name, m.first_name, m.last_name, m.email, ...m.variables.map((v) => v.property)].filter(
        (p): p is string => !!p,
      ),
    ),
  ];
}

/** Line 1 is the header, so records[i] is on line i + 2 (the import reports rejected rows by line). */
export function recordsToCsv(records: CrmRecord[], m: CrmMapping): string {
  const header = [...FIELD_COLUMNS, ...m.variables.map((v) => v.key), ID_COLUMN];
  const lines = [header.join(",")];
  for (const r of records) {
    const at = (p: string | undefined) => (p ? (r.values[p] ?? "") : "");
    lines.push(
      [
        at(m.phone),
        at(m.name),
        at(m.first_name),
        at(m.last_name),
        at(m.email),
        ...m.variables.map((v) => at(v.property)),
        r.id,
      ]
        .map(cell)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
