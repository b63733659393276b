/**
 * Qualifying answers written to CRM contact properties (docs/outcome-fields.md#hubspot):
 * GET/PUT /api/campaigns/{id}/outcome-fields/crm, `OutcomeFieldCrm` ({hubspot: [{field, property}]}); PUT replaces it.
 */
import { z } from "zod";
import { fieldKey, MAX_OUTCOME_FIELDS } from "./outcome-fields.ts";

/** HubSpot's internal name of a contact property (Settings → Properties → the property's "internal name"). */
export const HubspotPropertyName = z
  .string({ error: "Give the HubSpot property's internal name." })
  .trim()
  .min(1, "Give the HubSpot property's internal name.")
  .max(100, "A HubSpot property's internal name is at most 100 characters.")
  .regex(
    /^[a-z][a-z0-9_]*$/,
    "Use the property's internal name: lowercase letters, digits and _, starting with a letter (budget_per_month).",
  );

/** One field's answer → one contact property; `field` is the field's key (its name is read as its key). */
export const AnswerProperty = z.object({
  field: z
    .string({ error: "Name the qualifying field." })
    .trim()
    .min(1, "Name the qualifying field.")
    .max(60, "A field's name is at most 60 characters."),
  property: HubspotPropertyName,
});
export type AnswerProperty = z.infer<typeof AnswerProperty>;

export const OutcomeFieldCrm = z
  .object({
    hubspot: z.array(AnswerProperty).max(MAX_OUTCOME_FIELDS, `At most ${MAX_OUTCOME_FIELDS} mappings.`),
  })
  .superRefine((v, ctx) => {
    const fields = new Set<string>();
    const properties = new Set<string>();
    v.hubspot.forEach((m, i) => {
      const key = fieldKey(m.field);
      if (fields.has(key))
        ctx.addIssue({ code: "custom", path: ["hubspot", i, "field"], message: `"${m.field}" is mapped twice.` });
      if (properties.has(m.property))
        ctx.addIssue({
          code: "custom",
          path: ["hubspot", i, "property"],
          message: `Two answers would write the HubSpot property ${m.property}: map each to its own.`,
        });
      fields.add(key);
      properties.add(m.property);
    });
  });
export type OutcomeFieldCrm = z.infer<typeof OutcomeFieldCrm>;
