import type { Readable } from "node:stream";
import type { CountryCode } from "libphonenumber-js/max";
import type { RejectedRow } from "@parley/shared/campaigns";
import { NotCsvError, type TextEncoding } from "./csv-decode.ts";
import { openCsvRecords } from "./csv-records.ts";
import { headerlessMap, matchHeaders, type ColumnMap } from "./contact-headers.ts";
import { normalizePhone } from "../../platform/phone.ts";

export type ParsedContact = {
  line: number;
  name: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  persona: string | null;
  variables: Record<string, string>;
};

/** What is known once the whole file is read. */
export type ContactListSummary = {
  contactCount: number;
  /** Contacts already yielded that a later row with the same number added to (their final version). */
  merged: ParsedContact[];
  /** The first `keepRejected` rejected rows; `rejectedCount` counts them all. */
  rejected: RejectedRow[];
  rejectedCount: number;
  duplicatesMerged: number;
  /** The file's columns as written (column_N for a file without a header row). */
  columns: string[];
  /** The keys of the columns kept as contact variables ({{company}} reads `company`). */
  variableKeys: string[];
  encoding: TextEncoding;
  delimiter: string;
};
export type ContactImportOptions = { region: CountryCode | undefined; keepRejected?: number; batchSize?: number };

const MAX_CELL = 2000;
const MAX_RAW = 300;
const clean = (v: string | undefined) => (v ?? "").replaceAll("\u0000", "").trim().slice(0, MAX_CELL);

function toContact(cells: string[], map: ColumnMap, line: number, phone: string): ParsedContact {
  const at = (i: number | undefined) => (i === undefined ? "" : clean(cells[i]));
  let firstName = at(map.firstName);
  let lastName = at(map.lastName);
  const name = at(map.name) || [firstName, lastName].filter(Boolean).join(" ");
  if (!firstName && !lastName && name) {
    // "Asha Rao" → first "Asha", last "Rao": the agent greets by first name.
    const [first, ...rest] = name.split(/\s+/);
    firstName = first ?? "";
    lastName = rest.join(" ");
  }
  const variables: Record<string, string> = {};
  for (const { index, key } of map.variables) {
    const value = clean(cells[index]);
    if (value) variables[key] = value;
  }
  return {
    line,
    name,
    firstName,
    lastName,
    phone,
    email: at(map.email) || null,
    persona: at(map.persona) || null,
    variables,
  };
}

/** A later row with the same number fills what the first one left empty; true when anything changed. */
function merge(into: ParsedContact, from: ParsedContact): boolean {
  const before = JSON.stringify(into);
  into.name ||= from.name;
  into.firstName ||= from.firstName;
  into.lastName ||= from.lastName;
  into.email ??= from.email;
  into.persona ??= from.persona;
  for (const [k, v] of Object.entries(from.variables)) into.variables[k] ??= v;
  return JSON.stringify(into) !== before;
}

/** The header row's column map, or a header-less one when the first row already holds a phone number. */
function columnsFrom(
  first: string[],
  region: CountryCode | undefined,
): { map: ColumnMap; firstIsData: boolean; columns: string[] } {
  const map = matchHeaders(first);
  if (map) return { map, firstIsData: false, columns: first.map((h) => clean(h).slice(0, 200)) };
  const phoneIndex = first.findIndex((cell) => normalizePhone(cell, region).ok);
  if (phoneIndex >= 0)
    return {
      map: headerlessMap(first.length, phoneIndex),
      firstIsData: true,
      columns: first.map((_, i) => `column_${i + 1}`),
    };
  throw new NotCsvError("no column of phone numbers was found (name it phone, mobile or number)");
}

/**
 * Reads a contact list CSV as a stream and yields batches of new contacts as it goes, so they can be
 * stored while the rest is read: header names matched loosely, phones normalised to E.164 (`region`
 * for numbers without +country code), duplicates merged into the first row with that number, rows
 * without a valid phone reported with their line. Throws NotCsvError for a file that is not a CSV.
 */
export async function* readContactList(
  open: () => Promise<Readable>,
  opts: ContactImportOptions,
): AsyncGenerator<ParsedContact[], ContactListSummary> {
  const keep = opts.keepRejected ?? 1000;
  const batchSize = opts.batchSize ?? 5000;
  // Small batches first: the database starts storing while the parser is still warming up (its first
  // rows are the slowest), then batches grow to batchSize.
  let nextSize = Math.min(500, batchSize);
  const { encoding, delimiter, records } = await openCsvRecords(open);
  const byPhone = new Map<string, ParsedContact>();
  const merged = new Set<ParsedContact>();
  const rejected: RejectedRow[] = [];
  let rejectedCount = 0;
  let duplicatesMerged = 0;
  let map: ColumnMap | null = null;
  let columns: string[] = [];
  let batch: ParsedContact[] = [];
  for await (const { cells, line } of records) {
    if (!map) {
      const found = columnsFrom(cells, opts.region);
      map = found.map;
      columns = found.columns;
      if (!found.firstIsData) continue;
    }
    const phone = normalizePhone(clean(cells[map.phone]), opts.region);
    if (!phone.ok) {
      rejectedCount++;
      if (rejected.length < keep)
        rejected.push({ line, reason: phone.reason, raw: cells.join(delimiter).slice(0, MAX_RAW) });
      continue;
    }
    const contact = toContact(cells, map, line, phone.e164);
    const existing = byPhone.get(phone.e164);
    if (existing) {
      duplicatesMerged++;
      if (merge(existing, contact) && !batch.includes(existing)) merged.add(existing);
      continue;
    }
    byPhone.set(phone.e164, contact);
    batch.push(contact);
    if (batch.length >= nextSize) {
      yield batch;
      batch = [];
      nextSize = Math.min(nextSize * 2, batchSize);
    }
  }
  if (!map) throw new NotCsvError("the file has no rows");
  if (batch.length) yield batch;
  const variableKeys = map.variables.map((v) => v.key);
  return {
    contactCount: byPhone.size,
    merged: [...merged],
    rejected,
    rejectedCount,
    duplicatesMerged,
    columns,
    variableKeys,
    encoding,
    delimiter,
  };
}
