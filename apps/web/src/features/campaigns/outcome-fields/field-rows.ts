import {
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

export function toRow(f: OutcomeField): FieldRow {
  const r = f.qualifies_when;
  return {
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
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const i = issue.path[1];
    if (typeof i === "number" && !out.has(i)) out.set(i, issue.message);
  }
  return out;
}

/** Whether the rows differ from what is saved (only a change is sent). */
export const rowsChanged = (saved: OutcomeField[], rows: FieldRow[]): boolean =>
  JSON.stringify(saved.map((f) => toField(toRow(f)))) !== JSON.stringify(rows.map(toField));
