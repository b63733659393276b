import { z } from "zod";

/** One imported contact; every CSV column without a known meaning is in `variables` ({{company}}). */
export const Contact = z.object({
  id: z.string(),
  line_number: z.number(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  persona: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type Contact = z.infer<typeof Contact>;

export const ContactListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1, "page starts at 1.").default(1),
  page_size: z.coerce.number().int().min(1).max(200, "page_size is at most 200.").default(25),
});
export type ContactListQuery = z.input<typeof ContactListQuery>;

export const ContactList = z.object({
  contacts: z.array(Contact),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type ContactList = z.infer<typeof ContactList>;
