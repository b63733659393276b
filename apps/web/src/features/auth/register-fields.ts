import { RegisterRequest } from "@parley/shared/auth";

/** Every field a person types; the provider is fixed to "password" on submit. */
export type RegisterField = Exclude<keyof RegisterRequest, "auth_provider">;

export const REGISTER_FIELDS: {
  name: RegisterField;
  label: string;
  type?: string;
  optional?: boolean;
  multiline?: boolean;
  half?: boolean;
  /** Shown in the empty field, with its label raised so it is read before anyone types. */
  placeholder?: string;
}[] = [
  { name: "first_name", label: "First Name", half: true },
  { name: "last_name", label: "Last Name", half: true },
  { name: "email", label: "Email", type: "email", half: true },
  { name: "username", label: "Username", half: true },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "password", label: "Password", type: "password", half: true },
  { name: "confirm_password", label: "Confirm Password", type: "password", half: true },
  { name: "organization_name", label: "Organization Name" },
  {
    name: "organization_website",
    label: "Organization Website",
    optional: true,
    placeholder: "Starts with http:// or https://, e.g. https://acme.com",
  },
  { name: "organization_contact_email", label: "Organization Contact Email", type: "email", half: true },
  { name: "organization_contact_phone", label: "Organization Contact Phone", type: "tel", half: true },
  { name: "organization_address", label: "Organization Address", multiline: true },
];

export type RegisterValues = Record<RegisterField, string>;
export const emptyRegisterValues = () => Object.fromEntries(REGISTER_FIELDS.map((f) => [f.name, ""])) as RegisterValues;

/** Validates with the server's schema; answers the first message per field. */
export function validateRegistration(
  values: RegisterValues,
): { ok: true } | { ok: false; errors: Partial<Record<RegisterField, string>> } {
  // Confirm password is required here even though the API accepts it missing (other clients).
  const errors: Partial<Record<RegisterField, string>> = {};
  if (!values.confirm_password) errors.confirm_password = "Please confirm your password.";
  const parsed = RegisterRequest.safeParse({ ...values, auth_provider: "password" });
  if (parsed.success && !Object.keys(errors).length) return { ok: true };
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0]) as RegisterField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** One sentence naming every field that stops the form, in the order they appear: read at a glance above the form. */
export function describeRegisterErrors(errors: Partial<Record<RegisterField, string>>): string {
  const labels = REGISTER_FIELDS.filter((f) => errors[f.name]).map((f) => f.label);
  if (!labels.length) return "";
  const noun = labels.length === 1 ? "1 field needs" : `${labels.length} fields need`;
  return `${noun} attention: ${labels.join(", ")}.`;
}
