import type { TestApp } from "./test-app.ts";
import { numbersInHoursNow } from "./in-hours-numbers.ts";

/**
 * Inserts a campaign with one contact per persona; answers their ids. The numbers are in a country where
 * it is daytime now (calls by hand keep to contact-local calling hours).
 */
export async function seedCampaign(t: TestApp, orgId: string, personas: string[]) {
  const [c] = await t.db.query<{ id: string }>(
    `insert into campaigns (org_id, name, service, status, timezone) values ($1, 'Spring outreach', 'premium plans', 'draft', 'UTC') returning id`,
    [orgId],
  );
  const contacts: string[] = [];
  const base = Math.floor(Math.random() * 80_000); // numbers differ between tests (one lands on the DNC list)
  const phones = numbersInHoursNow(personas.length, base);
  for (const [i, persona] of personas.entries()) {
    const [ct] = await t.db.query<{ id: string }>(
      `insert into contacts (org_id, campaign_id, line_number, name, first_name, phone_e164, persona) values ($1, $2, $3, $4, $5, $6, $7) returning id`,
      [orgId, c!.id, i + 2, `Ana ${i}`, "Ana", phones[i], persona],
    );
    contacts.push(ct!.id);
  }
  return { campaignId: c!.id, contacts };
}
