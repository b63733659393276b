import type { CrmMapping, CrmProperty } from "@parley/shared/integrations";

/** The form's mapping: "" is "not mapped"; variables are rows of property → {{key}}. */
export type MappingForm = {
  phone: string;
  firstName: string;
  lastName: string;
  email: string;
  variables: Array<{ property: string; key: string }>;
};

/**
 * HubSpot's default contact properties, when the account has them: phone
 * (else mobile), names, email, company → {{company}}.
 */
export function defaultMapping(properties: CrmProperty[]): MappingForm {
  const has = (name: string) => properties.some((p) => p.name === name);
  const pick = (...names: string[]) => names.find(has) ?? "";
  return {
    phone: pick("phone", "mobilephone"),
    firstName: pick("firstname"),
    lastName: pick("lastname"),
    email: pick("email"),
    variables: has("company") ? [{ property: "company", key: "company" }] : [],
  };
}

/** "Job Title" → "job_title": the {{variable}} a property becomes unless renamed. */
export const variableKeyFor = (label: string) =>
  label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^(\d)/, "v_$1")
    .slice(0, 50) || "value";

/** The request body's mapping; rows without a property are left out. */
export function toCrmMapping(f: MappingForm): CrmMapping {
  const opt = (v: string) => v || undefined;
  return {
    phone: f.phone,
    first_name: opt(f.firstName),
    last_name: opt(f.lastName),
    email: opt(f.email),
    variables: f.variables
      .filter((v) => v.property && v.key.trim())
      .map((v) => ({ property: v.property, key: v.key.trim() })),
  };
}

/** A preview row's name as Parley would greet it. */
export const previewName = (values: Record<string, string>, f: MappingForm) =>
  [f.firstName && values[f.firstName], f.lastName && values[f.lastName]].filter(Boolean).join(" ");
