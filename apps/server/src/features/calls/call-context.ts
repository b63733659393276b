import { storedOutcomeFields } from "@parley/shared/outcome-fields";
import type { AgentContext } from "@parley/voice/brain/brain";
import type { Clock } from "../../platform/clock.ts";
import type { CallContextRow, VocabularySource } from "./calls.repo.ts";
import { contactZone } from "./contact-zone.ts";

/** The brain's view of the call: organisation, campaign, contact and its CSV variables. */
export function toAgentContext(c: CallContextRow, recording: boolean, clock: Clock): AgentContext {
  const firstName = c.first_name || c.contact_name.split(/\s+/)[0] || "";
  return {
    orgName: c.org_name,
    // Set on the Settings screen; empty means not set, so the greeting falls back to its defaults.
    ...(c.agent_name ? { agentName: c.agent_name } : {}),
    ...(c.company_name ? { companyName: c.company_name } : {}),
    campaign: {
      name: c.campaign_name,
      description: c.description,
      openingLine: c.opening_line,
      goal: c.goal,
      service: c.service,
      faqs: Array.isArray(c.faqs)
        ? c.faqs.filter((f) => f && typeof f.question === "string" && typeof f.answer === "string")
        : [],
      outcomeFields: storedOutcomeFields(c.outcome_fields),
      // The agent says and hears times on the contact's clock.
      timezone: contactZone(c.phone, c.timezone),
      businessHours: { start: c.business_hours_start, end: c.business_hours_end },
    },
    contact: {
      name: c.contact_name,
      firstName,
      phone: c.phone,
      email: c.email,
      // {name}, {first_name} and {last_name} work from a full-name column; the list's own columns win.
      variables: {
        name: c.contact_name,
        first_name: firstName,
        last_name: lastNameOf(c.contact_name, firstName),
        ...c.variables,
      },
    },
    recording,
    ...(c.campaign_direction === "inbound" ? { inbound: true } : {}),
    now: () => clock.now(),
  };
}

/** "Ana Lima Souza" with first name "Ana" → "Lima Souza"; a one-word name has none. */
function lastNameOf(fullName: string, firstName: string): string {
  const name = fullName.trim();
  return name.toLowerCase().startsWith(`${firstName.toLowerCase()} `) ? name.slice(firstName.length).trim() : "";
}

/** Words and phrases this call is likely to hear, so speech recognition can favour them. */
export function callVocabulary(c: VocabularySource): string[] {
  const text = [
    c.campaign_name,
    c.description,
    c.service,
    c.goal,
    c.org_name,
    c.agent_name,
    c.company_name,
    c.first_name,
    ...c.faqs.map((f) => f.question),
    // The options of the qualifying questions are what callees name ("HubSpot"): the recogniser should know them.
    ...storedOutcomeFields(c.outcome_fields).flatMap((f) => f.options),
  ].join(" ");
  const words = text.toLowerCase().match(/[a-z][a-z']{2,}/g) ?? [];
  const sentences = [...c.faqs.map((f) => f.question), ...c.kb_phrases].flatMap((p) => p.split(/(?<=[.!?])\s+|\n+/));
  return [...new Set([...words, ...sentences.map((p) => p.trim()).filter(Boolean)])].slice(0, 400);
}
