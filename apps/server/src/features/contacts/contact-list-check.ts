import type { Readable } from "node:stream";
import type { CountryCode } from "libphonenumber-js/max";
import { CHECK_REJECTED_ROWS, type ContactListCheck, type PreviewContact } from "@parley/shared/campaign-preview";
import { availableVariables } from "@parley/shared/template-variables";
import { contactBatches } from "./contact-import-runner.ts";
import type { ParsedContact } from "./contact-import.ts";

// Every contact has these, whatever its list's headers were (the save's variable check offers them too).
const CONTACT_FIELDS = ["name", "phone", "email"];

const toPreview = (c: ParsedContact): PreviewContact => ({
  name: c.name,
  first_name: c.firstName,
  last_name: c.lastName,
  phone: c.phone,
  variables: c.variables,
});

/** The variable keys this contact has a value for (its name's parts and its own columns). */
function filledKeys(c: ParsedContact): string[] {
  const own = { name: c.name, first_name: c.firstName, last_name: c.lastName, phone: c.phone, email: c.email ?? "" };
  return Object.entries({ ...own, ...c.variables })
    .filter(([, v]) => v.trim())
    .map(([k]) => k);
}

/** Per variable, the contacts without a value (a merged duplicate counted once at most: never below zero). */
function emptyCounts(variables: string[], filled: Map<string, number>, contacts: number): Record<string, number> {
  const gaps = variables.map((v) => [v, Math.max(0, contacts - (filled.get(v) ?? 0))] as const);
  return Object.fromEntries(gaps.filter(([, n]) => n > 0));
}

/**
 * A contact list read exactly as the import reads it (the same parser, in a worker for a big file), but
 * nothing is stored: counts, rejected rows with their line and reason, columns, variables, first contact.
 * Throws NotCsvError for a file that is not a CSV.
 */
export async function checkContactList(
  file: { open: () => Promise<Readable>; size: number },
  region: CountryCode | undefined,
): Promise<ContactListCheck> {
  const batches = contactBatches(file.open, file.size, { region, keepRejected: CHECK_REJECTED_ROWS });
  let first: ParsedContact | null = null;
  const filled = new Map<string, number>();
  let step = await batches.next();
  for (; !step.done; step = await batches.next()) {
    first ??= step.value[0] ?? null;
    for (const c of step.value) for (const key of filledKeys(c)) filled.set(key, (filled.get(key) ?? 0) + 1);
  }
  const summary = step.value;
  const variables = availableVariables([...CONTACT_FIELDS, ...summary.variableKeys]);
  // A later row with the same number may have filled what the first row left empty: its final form.
  const final = first && (summary.merged.find((m) => m.line === first.line) ?? first);
  return {
    contact_count: summary.contactCount,
    rejected_count: summary.rejectedCount,
    rejected_rows: summary.rejected,
    duplicates_merged: summary.duplicatesMerged,
    columns: summary.columns,
    variables,
    first_contact: final ? toPreview(final) : null,
    empty_variables: emptyCounts(variables, filled, summary.contactCount),
  };
}
