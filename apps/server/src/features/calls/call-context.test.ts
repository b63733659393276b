import assert from "node:assert/strict";
import { test } from "node:test";
import { systemClock } from "../../platform/clock.ts";
import { callVocabulary, toAgentContext } from "./call-context.ts";
import { callContextRow } from "../../../../../tests/support/call-context-row.ts";

const row = callContextRow;

test("the organisation's agent name and company reach the brain; unset ones stay absent", () => {
  const set = toAgentContext(row({ agent_name: "Maya", company_name: "Acme Realty" }), true, systemClock);
  assert.deepEqual([set.orgName, set.agentName, set.companyName], ["Parley", "Maya", "Acme Realty"]);
  const unset = toAgentContext(row(), true, systemClock);
  assert.ok(!("agentName" in unset) && !("companyName" in unset), "the greeting falls back to its own wording");
});

test("the agent's and company's names are in the call's vocabulary", () => {
  const words = callVocabulary(row({ agent_name: "Maya", company_name: "Acme Realty" }));
  assert.ok(words.includes("maya") && words.includes("realty"));
});

test("the agent says and hears times on the contact's clock, not the campaign's", () => {
  const sydney = toAgentContext(row({ timezone: "Europe/Berlin", phone: "+61491570006" }), true, systemClock);
  assert.notEqual(sydney.campaign.timezone, "Europe/Berlin");
  const inCampaignZone = toAgentContext(row({ timezone: "Australia/Perth", phone: "+61491570006" }), true, systemClock);
  assert.equal(inCampaignZone.campaign.timezone, "Australia/Perth", "of a country's zones, the campaign's own");
  const bogota = toAgentContext(row({ timezone: "Europe/Berlin", phone: "+573001000001" }), true, systemClock);
  assert.equal(bogota.campaign.timezone, "America/Bogota");
});
