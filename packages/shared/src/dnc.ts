import { z } from "zod";

/** How a number got on the list: added by hand, imported from a CSV, or asked for on a call. */
export const DncSource = z.enum(["manual", "csv", "call"]);
export type DncSource = z.infer<typeof DncSource>;

export const DncEntry = z.object({
  id: z.string(),
  phone: z.string(),
  source: DncSource,
  reason: z.string(),
  /** The campaign whose call added the number (source "call"); null otherwise or once that campaign is deleted. */
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  /** Who added the number by hand or imported it (first and last name, else username); null for source "call". */
  added_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type DncEntry = z.infer<typeof DncEntry>;

export const DNC_PAGE_SIZES = [10, 25, 50, 100] as const;

/** `search` matches the number's digits, the reason and the campaign's name. */
export const DncListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export type DncListQuery = z.input<typeof DncListQuery>;

export const DncList = z.object({
  numbers: z.array(DncEntry),
  /**
   * The country a number written without +country code is read as when none is chosen: the organisation's (the
   * country of its time zone in Settings, as a campaign's contact list is read in its zone's), null when unknown.
   */
  default_country: z.string().nullable(),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type DncList = z.infer<typeof DncList>;

/**
 * The regions a phone number can be read for (libphonenumber's, checked equal to them by the server's phone test):
 * the do-not-call country picker offers these, named in the browser's language.
 */
// biome-ignore format: a table of codes, kept dense
export const PHONE_REGIONS = [
  "AC", "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AR", "AS", "AT", "AU", "AW", "AX", "AZ", "BA", "BB", "BD",
  "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BW", "BY", "BZ", "CA", "CC",
  "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ",
  "DK", "DM", "DO", "DZ", "EC", "EE", "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB",
  "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GT", "GU", "GW", "GY", "HK", "HN", "HR",
  "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM", "JO", "JP", "KE", "KG", "KH",
  "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY",
  "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV",
  "MW", "MX", "MY", "MZ", "NA", "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE",
  "PF", "PG", "PH", "PK", "PL", "PM", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW", "SA", "SB",
  "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ",
  "TA", "TC", "TD", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "US",
  "UY", "UZ", "VA", "VC", "VE", "VG", "VI", "VN", "VU", "WF", "WS", "XK", "YE", "YT", "ZA", "ZM", "ZW",
] as const;

/** ISO 3166 alpha-2 region used for numbers written without a +country code. */
export const DefaultCountry = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "default_country must be a two-letter country code such as US or IN.");

export const DncAdd = z.object({
  phone: z.string().trim().min(1, "Phone number is required.").max(40),
  reason: z.string().trim().max(500).default(""),
  default_country: DefaultCountry.optional(),
});
export type DncAdd = z.input<typeof DncAdd>;

export const DncImportResult = z.object({
  added: z.number(),
  already_listed: z.number(),
  rejected: z.array(z.object({ line: z.number(), value: z.string(), reason: z.string() })),
});
export type DncImportResult = z.infer<typeof DncImportResult>;
