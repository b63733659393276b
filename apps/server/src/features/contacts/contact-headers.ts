import { variableKey } from "@parley/shared/template-variables";

/** Which CSV column holds what; every column not claimed here becomes a contact variable. */
export type ColumnMap = {
  phone: number;
  name?: number;
  firstName?: number;
  lastName?: number;
  email?: number;
  persona?: number;
  /** Every other column (persona included), by its variable key: {{company}} reads `company`. */
  variables: Array<{ index: number; key: string }>;
};

const squash = (h: string) =>
  h
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

const EXACT: Record<Exclude<keyof ColumnMap, "variables">, string[]> = {
  phone: [
    "phone",
    "phonenumber",
    "phoneno",
    "phonenum",
    "ph",
    "mobile",
    "mobilenumber",
    "mobileno",
    "mobilephone",
    "cell",
    "cellphone",
    "cellnumber",
    "number",
    "contactnumber",
    "contactno",
    "contactphone",
    "telephone",
    "telephonenumber",
    "tel",
    "msisdn",
    "whatsapp",
    "whatsappnumber",
    "primaryphone",
    "workphone",
    "homephone",
    "telefono",
    "telefon",
    "telefone",
    "movil",
    "celular",
    "handy",
    "numero",
    "portable",
  ],
  name: [
    "name",
    "fullname",
    "contactname",
    "customername",
    "leadname",
    "clientname",
    "displayname",
    "nombre",
    "nom",
    "naam",
  ],
  firstName: ["firstname", "first", "fname", "givenname", "forename"],
  lastName: ["lastname", "last", "lname", "surname", "familyname"],
  email: ["email", "emailaddress", "mail", "emailid", "email1", "workemail", "correo", "correoelectronico", "courriel"],
  persona: ["persona"],
};

/** Partial matches tried only when no exact header matched: "Customer Mobile (primary)" is a phone. */
const CONTAINS: Partial<Record<keyof typeof EXACT, RegExp>> = {
  phone: /phone|mobile|cell|whatsapp|contactno|contactnumber/,
  email: /email|e-mail/,
  name: /name/,
};

/** "Company Name" → "company_name"; empty or repeated headers get column_N / key_2. */
export function columnKey(header: string, index: number, taken: Set<string>): string {
  const base = variableKey(header) || `column_${index + 1}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  taken.add(key);
  return key;
}

/** Loose header matching; null when no column can hold phone numbers. */
export function matchHeaders(headers: string[]): ColumnMap | null {
  const squashed = headers.map(squash);
  const found: Partial<Record<keyof typeof EXACT, number>> = {};
  for (const field of Object.keys(EXACT) as Array<keyof typeof EXACT>) {
    const i = squashed.findIndex((h) => EXACT[field].includes(h));
    if (i >= 0) found[field] = i;
  }
  const claimed = () => new Set(Object.values(found));
  for (const field of Object.keys(CONTAINS) as Array<keyof typeof CONTAINS>) {
    if (found[field] !== undefined) continue;
    // A "name" column is only guessed when no first/last name columns exist.
    if (field === "name" && (found.firstName !== undefined || found.lastName !== undefined)) continue;
    const taken = claimed();
    const i = squashed.findIndex((h, idx) => !taken.has(idx) && CONTAINS[field]!.test(h));
    if (i >= 0) found[field] = i;
  }
  if (found.phone === undefined) return null;
  const own = new Set([found.phone, found.name, found.firstName, found.lastName, found.email]);
  const taken = new Set<string>();
  const variables = headers
    .map((h, index) => ({ index, key: columnKey(h, index, taken) }))
    .filter((v) => !own.has(v.index));
  return { ...found, phone: found.phone, variables };
}

/** For a file without a header row: names column_1…column_N and takes `phoneIndex` as the phone. */
export function headerlessMap(width: number, phoneIndex: number): ColumnMap {
  const taken = new Set<string>();
  return {
    phone: phoneIndex,
    variables: Array.from({ length: width }, (_, index) => ({ index, key: columnKey("", index, taken) })).filter(
      (v) => v.index !== phoneIndex,
    ),
  };
}
