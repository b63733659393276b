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

export const DncList = z.object({ numbers: z.array(DncEntry), total: z.number(), page: z.number(), page_size: z.number() });
export type DncList = z.infer<typeof DncList>;

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
