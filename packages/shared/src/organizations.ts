import { z } from "zod";
import { LoginResponse, Role } from "./auth.ts";

/** The Organizations form; the same rules run in the browser and on the server. */
export const OrganizationCreate = z.object({
  name: z.string().trim().min(1, "Organization name is required.").max(200),
  website: z
    .string()
    .trim()
    .max(500)
    .refine(
      (v) => v === "" || /^https?:\/\/\S+$/i.test(v),
      "Please enter a valid website URL (include http:// or https://).",
    )
    .default(""),
  contact_email: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || z.email().safeParse(v).success, "Please enter a valid email address.")
    .default(""),
  contact_phone: z.string().trim().max(40).default(""),
  address: z.string().trim().max(1000).default(""),
});
export type OrganizationCreate = z.input<typeof OrganizationCreate>;

export const Organization = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  website: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  address: z.string(),
  role: Role,
  created_at: z.string(),
});
export type Organization = z.infer<typeof Organization>;

export const OrganizationList = z.object({ organizations: z.array(Organization) });
export type OrganizationList = z.infer<typeof OrganizationList>;

/** Deleting the active organisation (owner only): its name, typed as it is, confirms it. */
export const OrganizationDelete = z.object({
  name: z.string().trim().min(1, "Type the organization's name to delete it.").max(200),
});
export type OrganizationDelete = z.infer<typeof OrganizationDelete>;

/**
 * After deleting or leaving the active organisation: a session in another organisation of the user's, or null when
 * they now belong to none.
 */
export const OrganizationExit = z.object({ next: LoginResponse.nullable() });
export type OrganizationExit = z.infer<typeof OrganizationExit>;

// Slug rules live in a zod-free module so the web app's first load can use them without zod.
export { DEFAULT_ORG_SLUG, slugify } from "./org-slug.ts";
