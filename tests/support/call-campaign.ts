import type { TestApp } from "./test-app.ts";
import { numbersInHoursNow } from "./in-hours-numbers.ts";
import { insertCampaign, insertContact } from "./seed.ts";

/**
 * Inserts a campaign with one contact per persona; answers their ids. The numbers are in a country where
 * it is daytime now (calls by hand keep to contact-local calling hours).
 */
export async function seedCampaign(t: TestApp, orgId: string, personas: string[]) {
  const campaignId = await insertCampaign(t.db, orgId, { service: "premium plans", timezone: "UTC" });
  const contacts: string[] = [];
  const base = Math.floor(Math.random() * 80_000); // numbers differ between tests (one lands on the DNC list)
  const phones = numbersInHoursNow(personas.length, base);
  for (const [i, persona] of personas.entries()) {
    const contact = { line_number: i + 2, name: `Ana ${i}`, first_name: "Ana", phone_e164: phones[i]!, persona };
    contacts.push(await insertContact(t.db, orgId, campaignId, contact));
  }
  return { campaignId, contacts };
}
