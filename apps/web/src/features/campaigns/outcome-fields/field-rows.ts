import { type AnswerProperty, HubspotPropertyName } from "@parley/shared/outcome-field-crm";
import {
  fieldKey,
  type OutcomeField,
  type OutcomeFieldInput,
  OutcomeFieldList,
  type OutcomeFieldType,
} from "@parley/shared/outcome-fields";

/** One field as the editor holds it: text as typed (options one per comma, bounds as text). */
export type FieldRow = {
  name: string;
  type: OutcomeFieldType;
  question: string;
  /** Choice options, comma-separated as typed. */
  options: string;
  /** The qualifying rule: yes/no "" (any answer), "yes" or "no"; bounds as typed; the options that qualify. */
  qualifyYes: "" | "yes" | "no";
  min: string;
  max: string;
  oneOf: string[];
  /** The HubSpot contact property the answer is written to (internal name), "" for none. */
  crmProperty: string;
};

export const emptyRow = (): FieldRow => ({
  name: "",
  type: "text",
  question: "",
  options: "",
  qualifyYes: "",
  min: "",
  max: "",
  oneOf: [],
  crmProperty: "",
});

export const optionsOf = (row: FieldRow): string[] =>
  row.options
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);

const num = (s: string): number | undefined => (s.trim() === "" ? undefined : Number(s.trim()));

/** The row as the API takes it; the rule only with what applies to the row's type. */
export function toField(row: FieldRow): OutcomeFieldInput {
  const numeric = row.type === "number" || row.type === "amount";
  const rule = {
    ...(row.type === "yes_no" && row.qualifyYes ? { yes: row.qualifyYes === "yes" } : {}),
    ...(numeric && num(row.min) !== undefined ? { min: num(row.min) } : {}),
    ...(numeric && num(row.max) !== undefined ? { max: num(row.max) } : {}),
    ...(row.type === "choice" && row.oneOf.length ? { one_of: row.oneOf } : {}),
  };
  return {
    name: row.name.trim(),
    type: row.type,
    question: row.question.trim(),
    options: row.type === "choice" ? optionsOf(row) : [],
    qualifies_when: Object.keys(rule).length ? rule : null,
  };
}

/** A saved field as a row, with the HubSpot property its answer is mapped to (`crm`: field key → property). */
export function toRow(f: OutcomeField, crm: ReadonlyMap<string, string> = new Map()): FieldRow {
  const r = f.qualifies_when;
  return {
    crmProperty: crm.get(fieldKey(f.name)) ?? "",
    name: f.name,
    type: f.type,
    question: f.question,
    options: f.options.join(", "),
    qualifyYes: r?.yes === undefined ? "" : r.yes ? "yes" : "no",
    min: r?.min === undefined ? "" : String(r.min),
    max: r?.max === undefined ? "" : String(r.max),
    oneOf: r?.one_of ?? [],
  };
}

/** Each row's first problem, in the server's words (the same schema), by row; empty when the list may be saved. */
export function rowProblems(rows: FieldRow[]): Map<number, string> {
  const parsed = OutcomeFieldList.safeParse({ fields: rows.map(toField) });
  const out = new Map<number, string>();
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const i = issue.path[1];
    if (typeof i === "number" && !out.has(i)) out.set(i, issue.message);
  }
  rows.forEach((r, i) => {
    const property = r.crmProperty.trim() ? HubspotPropertyName.safeParse(r.crmProperty) : null;
    if (property && !property.success && !out.has(i)) out.set(i, property.error.issues[0]!.message);
  });
  return out;
}

/** The rows' HubSpot mapping as the API takes it (rows without a property map nothing). */
export const crmMappingOf = (rows: FieldRow[]): AnswerProperty[] =>
  rows.filter((r) => r.crmProperty.trim()).map((r) => ({ field: fieldKey(r.name), property: r.crmProperty.trim() }));

/** Whether the rows differ from what is saved (only a change is sent). */
export const rowsChanged = (saved: OutcomeField[], rows: FieldRow[]): boolean =>
  JSON.stringify(saved.map((f) => toField(toRow(f)))) !== JSON.stringify(rows.map(toField));
