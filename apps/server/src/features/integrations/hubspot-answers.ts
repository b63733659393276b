import { type AnswerWrite, CrmError } from "./crm-provider.ts";

/**
 * A contact property as HubSpot's Properties API describes it (GET /crm/v3/properties/contacts): `type` is bool,
 * enumeration, date, datetime, string, number or phone_number; an enumeration lists its options.
 */
export type HubspotPropertyDef = { name: string; type: string; options?: Array<{ label: string; value: string }> };

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * An answer as the text HubSpot's CRM v3 API takes for the property (developers.hubspot.com/docs/api/crm/properties,
 * "Property values"): a yes/no "true" or "false"; a number or an amount its number ("2000", "2.5"; the currency
 * stays in Parley, a number property holds none); a date/time the ISO instant, like the call's own hs_timestamp,
 * except in a date property, which holds a day as midnight UTC in milliseconds: the day the callee named, in the
 * campaign's zone (the value's own date), not the UTC day that instant falls on; a choice the enumeration's own
 * option (matched on its internal value or its label) so a label "Salesforce" with the value "salesforce" is kept;
 * text as said.
 */
export function hubspotAnswerValue(
  a: Pick<AnswerWrite, "type" | "value">,
  def: Pick<HubspotPropertyDef, "type" | "options">,
): string {
  if (a.type === "yes_no") return a.value === true ? "true" : "false";
  if (a.type === "number" || a.type === "amount") return String(a.value);
  if (a.type === "datetime") {
    const iso = String(a.value);
    const day = DAY.exec(iso);
    if (def.type === "date" && day) return String(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return new Date(iso).toISOString();
  }
  const said = String(a.value);
  const option = def.options?.find(
    (o) => o.value.toLowerCase() === said.toLowerCase() || o.label.toLowerCase() === said.toLowerCase(),
  );
  return def.type === "enumeration" && option ? option.value : said;
}

/**
 * The contact's properties to PATCH, each answer in its property's format. A property the account does not have
 * is refused here, naming the field, rather than with HubSpot's bare PROPERTY_DOESNT_EXIST.
 */
export function answerProperties(
  answers: AnswerWrite[],
  defs: ReadonlyMap<string, HubspotPropertyDef>,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const answer of answers) {
    const def = defs.get(answer.property);
    if (!def)
      throw new CrmError(
        `HubSpot has no contact property ${answer.property} (mapped from "${answer.field}"): create it in HubSpot ` +
          "or change the mapping in Campaign setup → Qualifying Questions.",
        400,
      );
    properties[answer.property] = hubspotAnswerValue(answer, def);
  }
  return properties;
}
