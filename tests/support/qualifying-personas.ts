import type { OutcomeFieldInput } from "@parley/shared/outcome-fields";

/**
 * The qualifying questions the "qualifier" and "dodger" personas answer (packages/voice/src/telephony/simulated/
 * persona-script.ts), in the order they answer them, and what the qualifier's answers hold.
 */
export const QUALIFYING_FIELDS: OutcomeFieldInput[] = [
  { name: "Budget per month", type: "amount", question: "Roughly what do you spend a month on marketing?" },
  { name: "CRM", type: "choice", question: "Which CRM do you use?", options: ["Salesforce", "HubSpot", "Pipedrive"] },
  { name: "Team size", type: "number", question: "How many people work at your company?" },
  { name: "Decision maker", type: "yes_no", question: "Are you the one who decides on this?" },
];

/** By field key: the qualifier's answers ("We spend two thousand dollars a month", "We use HubSpot"…). */
export const QUALIFIER_SAID: Record<string, unknown> = {
  budget_per_month: 2000,
  crm: "HubSpot",
  team_size: 50,
  decision_maker: true,
};
