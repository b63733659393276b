import assert from "node:assert/strict";
import { test } from "node:test";
import { systemClock } from "../../platform/clock.ts";
import { callVocabulary, toAgentContext } from "./call-context.ts";
import type { CallContextRow } from "./calls.repo.ts";

const row = (over: Partial<CallContextRow> = {}): CallContextRow => ({
  call_id: "c1", org_id: "o1", org_name: "Parley", agent_name: "", company_name: "", campaign_id: "k1", campaign_name: "Spring",
  description: "", opening_line: "", goal: "", service: "sales", faqs: [], timezone: "UTC", business_hours_start: "09:00",
  business_hours_end: "17:00", voice_id: null, transfer_to: null, campaign_direction: "outbound", contact_id: "", contact_name: "Ana Li", first_name: "", phone: "+14155550100",
  email: "", variables: {}, persona: null, kb_document_ids: [], kb_phrases: [], ...over,
});

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
