/**
 * Qualifying answers (docs/outcome-fields.md): the fields a campaign captures on each call, and what a call captured.
 * - GET/PUT /api/campaigns/{id}/outcome-fields: `OutcomeFieldList` ({fields}); PUT replaces the list.
 * - A call's answers (`CallOutcomeFields`) are in its details, its webhook, its CSV row and the call logs' columns.
 */
import { z } from "zod";

export const OUTCOME_FIELD_TYPES = ["yes_no", "number", "amount", "datetime", "choice", "text"] as const;
export type OutcomeFieldType = (typeof OUTCOME_FIELD_TYPES)[number];

/** The words the setup screen uses for each type. */
export const OUTCOME_FIELD_TYPE_LABELS: Record<OutcomeFieldType, string> = {
  yes_no: "Yes / no",
  number: "Number",
  amount: "Amount",
  datetime: "Date / time",
  choice: "One of a list",
  text: "Short text",
};

export const MAX_OUTCOME_FIELDS = 10;
export const MAX_CHOICE_OPTIONS = 12;

/** The key a field's answers are stored under: its name in lower case, words joined by "_" ("Budget / month" →
 * budget_month). */
export const fieldKey = (name: string): string =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 50);

const typeList = OUTCOME_FIELD_TYPES.join(", ");

/**
 * When an answer qualifies the contact (optional): yes/no fields `yes` (true: a yes qualifies, false: a no), number
 * and amount fields `min` and/or `max` (both included), choice fields `one_of` (some of its options). Without a rule
 * any answer qualifies.
 */
export const QualifyRule = z
  .object({
    yes: z.boolean().optional(),
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    one_of: z.array(z.string().trim().min(1)).max(MAX_CHOICE_OPTIONS).optional(),
  })
  .strict();
export type QualifyRule = z.infer<typeof QualifyRule>;

export const OutcomeField = z.object({
  name: z
    .string({ error: "Each field needs a name." })
    .trim()
    .min(1, "Each field needs a name.")
    .max(60, "A field's name is at most 60 characters.")
    .refine((n) => fieldKey(n).length > 0, "A field's name needs a letter or a digit."),
  type: z.enum(OUTCOME_FIELD_TYPES, {
    error: (issue) => `Unknown field type ${JSON.stringify(issue.input)}: use one of ${typeList}.`,
  }),
  question: z
    .string({ error: "Each field needs the question the agent asks." })
    .trim()
    .min(1, "Each field needs the question the agent asks.")
    .max(300, "A question is at most 300 characters."),
  /** The answers a choice field accepts, as the callee would name them ("Salesforce", "HubSpot", "None"). */
  options: z.array(z.string().trim().min(1).max(60)).max(MAX_CHOICE_OPTIONS).default([]),
  qualifies_when: QualifyRule.nullable().default(null),
});
export type OutcomeField = z.output<typeof OutcomeField>;
export type OutcomeFieldInput = z.input<typeof OutcomeField>;

/** A field's problems other than its own shape: options and a rule that fit its type. */
function checkField(f: OutcomeField, at: (string | number)[], add: (path: (string | number)[], m: string) => void) {
  const opts = new Set(f.options.map((o) => o.toLowerCase()));
  if (f.type === "choice" && f.options.length < 2)
    add([...at, "options"], `"${f.name}" is one of a list: give it at least two options.`);
  if (f.type === "choice" && opts.size !== f.options.length)
    add([...at, "options"], `"${f.name}" lists the same option twice.`);
  if (f.type !== "choice" && f.options.length)
    add([...at, "options"], `Only a "one of a list" field has options ("${f.name}" is ${f.type}).`);
  const r = f.qualifies_when;
  if (!r) return;
  const numeric = f.type === "number" || f.type === "amount";
  if (r.yes !== undefined && f.type !== "yes_no")
    add([...at, "qualifies_when"], `"${f.name}": only a yes/no field qualifies on yes.`);
  if ((r.min !== undefined || r.max !== undefined) && !numeric)
    add([...at, "qualifies_when"], `"${f.name}": only a number or an amount qualifies on min and max.`);
  if (r.min !== undefined && r.max !== undefined && r.min > r.max)
    add([...at, "qualifies_when"], `"${f.name}": min is above max.`);
  if (r.one_of && f.type !== "choice")
    add([...at, "qualifies_when"], `"${f.name}": only a "one of a list" field qualifies on one_of.`);
  for (const o of r.one_of ?? [])
    if (!opts.has(o.toLowerCase())) add([...at, "qualifies_when"], `"${f.name}": "${o}" is not one of its options.`);
}

export const OutcomeFieldList = z
  .object({
    fields: z.array(OutcomeField).max(MAX_OUTCOME_FIELDS, `At most ${MAX_OUTCOME_FIELDS} fields.`),
  })
  .superRefine((v, ctx) => {
    const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const seen = new Map<string, string>();
    v.fields.forEach((f, i) => {
      const key = fieldKey(f.name);
      const twin = seen.get(key);
      if (twin !== undefined) add(["fields", i, "name"], `Two fields are named "${twin}": each name must differ.`);
      else seen.set(key, f.name);
      checkField(f, ["fields", i], add);
    });
  });
export type OutcomeFieldList = z.output<typeof OutcomeFieldList>;

/** What one field holds after a call: a typed value, or not answered; with the callee's words it came from. */
export const OutcomeAnswer = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(OUTCOME_FIELD_TYPES),
  answered: z.boolean(),
  /** yes_no: boolean; number and amount: number; datetime: ISO time with offset; choice: the option; text: words. */
  value: z.union([z.boolean(), z.number(), z.string()]).nullable(),
  /** An amount's currency symbol or code when the callee said one ("$", "€"); null otherwise. */
  currency: z.string().nullable(),
  /** The value as a person reads it ("Yes", "$2,000", "50"); "Not answered" when not answered. */
  display: z.string(),
  /** What the callee said that gave the value; null when not answered. */
  utterance: z.string().nullable(),
});
export type OutcomeAnswer = z.infer<typeof OutcomeAnswer>;

/**
 * A call's qualifying answers: every field the campaign had when the call ran. `qualified`: every field answered and
 * each rule met; null when the campaign captured no fields.
 */
export const CallOutcomeFields = z.object({
  qualified: z.boolean().nullable(),
  answers: z.array(OutcomeAnswer),
});
export type CallOutcomeFields = z.infer<typeof CallOutcomeFields>;

export const NOT_ANSWERED = "Not answered";

/** Whether an answer meets its field's rule (an answer without a rule qualifies; not answered never does). */
export function meetsRule(a: Pick<OutcomeAnswer, "answered" | "value">, rule: QualifyRule | null): boolean {
  if (!a.answered) return false;
  if (!rule) return true;
  if (rule.yes !== undefined && a.value !== rule.yes) return false;
  if (rule.min !== undefined && !(typeof a.value === "number" && a.value >= rule.min)) return false;
  if (rule.max !== undefined && !(typeof a.value === "number" && a.value <= rule.max)) return false;
  if (rule.one_of && !rule.one_of.some((o) => o.toLowerCase() === String(a.value).toLowerCase())) return false;
  return true;
}

/** Qualified: the campaign captures fields, and each was answered and meets its rule. */
export function isQualified(fields: OutcomeField[], answers: OutcomeAnswer[]): boolean | null {
  if (!fields.length) return null;
  return fields.every((f) => {
    const a = answers.find((x) => x.key === fieldKey(f.name));
    return a !== undefined && meetsRule(a, f.qualifies_when);
  });
}

/** A campaign's fields as stored (JSON written through `OutcomeFieldList`); anything unreadable gives none. */
export function storedOutcomeFields(value: unknown): OutcomeField[] {
  const parsed = OutcomeFieldList.safeParse({ fields: value ?? [] });
  return parsed.success ? parsed.data.fields : [];
}
