/** How a call-history row reads the contact's CSV columns and writes the call's start in its campaign's zone. */

/** Header spellings, squashed (lower-case letters and digits only), most specific first. */
const SERVICES_PRODUCT = [
  "servicesproduct",
  "servicesproducts",
  "serviceproduct",
  "serviceproducts",
  "productservice",
  "productsservices",
  "productservices",
  "service",
  "services",
  "product",
  "products",
];
const BUDGET = ["budget"];

const squash = (key: string) => key.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** The first of `names` the contact's CSV had (case and spacing ignored), trimmed; "" when none has a value. */
function column(variables: Record<string, unknown> | null | undefined, names: string[]): string {
  if (!variables) return "";
  const byName = new Map<string, string>();
  for (const [k, v] of Object.entries(variables)) {
    const text = v === null || v === undefined ? "" : String(v).trim();
    if (text && !byName.has(squash(k))) byName.set(squash(k), text);
  }
  for (const n of names) {
    const v = byName.get(n);
    if (v) return v;
  }
  return "";
}

export const servicesProductColumn = (variables: Record<string, unknown> | null | undefined) =>
  column(variables, SERVICES_PRODUCT);
export const budgetColumn = (variables: Record<string, unknown> | null | undefined) => column(variables, BUDGET);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** A formatter per zone (building one costs more than formatting); an unknown zone name falls back to UTC. */
function formatterFor(zone: string): { zone: string; fmt: Intl.DateTimeFormat } {
  const cached = formatters.get(zone);
  if (cached) return { zone, fmt: cached };
  try {
    const fmt = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(zone, fmt);
    return { zone, fmt };
  } catch {
    return zone === "UTC" ? formatterFor("Etc/UTC") : formatterFor("UTC");
  }
}

/** YYYY-MM-DD and HH:MM of `at` in `zone` (UTC when the zone is missing or unknown), and the zone used. */
export function startInZone(
  at: Date,
  zone: string | null | undefined,
): { date: string; time: string; timezone: string } {
  const { zone: used, fmt } = formatterFor(zone?.trim() || "UTC");
  const part = Object.fromEntries(fmt.formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}`, timezone: used };
}
