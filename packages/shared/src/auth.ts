import { z } from "zod";

const required = (label: string) => z.string().trim().min(1, `${label} is required.`);

/** The fields of a new account, shared by sign-up and by accepting a team invitation. */
export const AccountFields = z.object({
  first_name: required("First name").max(100),
  last_name: required("Last name").max(100),
  username: required("Username")
    .max(50)
    .regex(/^[A-Za-z0-9._-]+$/, "Username may only contain letters, digits, dots, dashes and underscores."),
  password: z.string().min(8, "Password must be at least 8 characters.").max(200),
});

export const RegisterRequest = z
  .object({
    ...AccountFields.shape,
    email: z.string().trim().toLowerCase().email("Please enter a valid email address.").max(254),
    phone: required("Phone").max(40),
    confirm_password: z.string().optional(),
    organization_name: required("Organization name").max(200),
    organization_website: z
      .string()
      .trim()
      .max(500)
      .refine(
        (v) => v === "" || /^https?:\/\/\S+$/i.test(v),
        "Please enter a valid website URL (include http:// or https://).",
      )
      .optional(),
    organization_contact_email: z.string().trim().toLowerCase().email("Please enter a valid email address.").max(254),
    organization_contact_phone: required("Organization contact phone").max(40),
    organization_address: required("Organization address").max(1000),
    auth_provider: z.literal("password").default("password"),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.password, {
    path: ["confirm_password"],
    message: "Passwords do not match.",
  });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email_or_username: z.string().trim().min(1, "Email or username is required.").max(254),
  password: z.string().min(1, "Password is required.").max(200),
  refresh: z.boolean().default(true),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const Role = z.enum(["owner", "admin", "member"], { error: "Choose a role: owner, admin or member." });
export type Role = z.infer<typeof Role>;

export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: Role,
  organization_id: z.string(),
  organization_name: z.string(),
  organization_slug_name: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const LoginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().nullable(),
  token_type: z.literal("Bearer"),
  expires_in: z.number(),
  organizationName: z.string(),
  organization_name: z.string(),
  user: SessionUser,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({ refresh_token: z.string().min(1) });
export type RefreshRequest = z.infer<typeof RefreshRequest>;

export const LogoutRequest = z.object({ refresh_token: z.string().optional() });
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const GoogleAuthRequest = z.object({ token: z.string().min(1, "No valid Google credential received.") });
export type GoogleAuthRequest = z.infer<typeof GoogleAuthRequest>;

/** What the sign-in screens need to know before the user acts (e.g. whether Google is set up). */
export const AuthConfig = z.object({ google_client_id: z.string().nullable() });
export type AuthConfig = z.infer<typeof AuthConfig>;

export const SwitchOrganizationRequest = z.object({ organization_slug: z.string().min(1) });
export type SwitchOrganizationRequest = z.infer<typeof SwitchOrganizationRequest>;
