import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { parse } from "csv-parse/sync";
import type { CallDetail, CallHistoryList } from "@parley/shared/call-history";
import type { Funnel } from "@parley/shared/funnel";
import type { OutcomeFieldInput } from "@parley/shared/outcome-fields";
import { createRulesBrain } from "@parley/voice/brain/rules-brain";
import { createToneTts } from "@parley/voice/providers/instant-providers";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { seedCampaign } from "../../../../../tests/support/call-campaign.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";

const FIELDS: OutcomeFieldInput[] = [
  {
    name: "Budget per month",
    type: "amount",
    question: "Roughly what do you spend a month on marketing?",
    qualifies_when: { min: 1000 },
  },
  { name: "CRM", type: "choice", question: "Which CRM do you use?", options: ["Salesforce", "HubSpot", "None"] },
  { name: "Decision maker", type: "yes_no", question: "Are you the one who decides on this?" },
];
// What the callee says, in order, as the scripted recogniser hears it (the persona speaks one tone per line).
const HEARD = [
  "yes sure",
  "about two grand a month",
  "we're on Salesforce",
  "not sure yet",
  "no that's all thanks bye",
];

for (const kind of await dbKinds()) {
  describe(`qualifying answers over HTTP on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    let callId: string;
    const path = () => `/api/campaigns/${campaignId}/outcome-fields`;
    const put = (fields: unknown) => t.request("PUT", path(), { token: owner.token, body: { fields } });

    before(async () => {
      t = await startTestApp(kind, {
        voice: {
          telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100 }),
          stt: createScriptedStt([...HEARD]), // a copy: the recogniser takes lines off the list it is given
          tts: createToneTts(150),
          brain: createRulesBrain,
          defaultVoiceId: "tone",
          recording: false,
        },
      });
      owner = await buildUser(t);
      const steps = HEARD.map((h) => `say:${h}`).join(";");
      const seeded = await seedCampaign(t, owner.orgId, [`${steps};hangup`]);
      campaignId = seeded.campaignId;
      assert.equal((await put(FIELDS)).status, 200);
      const placed = await t.request("POST", "/api/calls", {
        token: owner.token,
        body: { campaign_id: campaignId, contact_id: seeded.contacts[0] },
      });
      assert.equal(placed.status, 202, placed.text);
      callId = placed.body.call.id as string;
      const deadline = Date.now() + 150_000; // the call runs in real time (about 35 s), slower on a loaded machine
      while (Date.now() < deadline) {
        const rows = await t.db.query("select 1 from call_outcome_answers where call_id = $1", [callId]);
        if (rows.length) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      const [call] = await t.db.query("select status, outcome, transcript from calls where id = $1", [callId]);
      assert.fail(`the call kept no answers: ${JSON.stringify(call)}`);
    });
    after(() => t.close());

    test("the fields are stored as given, with their defaults, and only for the organisation's campaign", async () => {
      const got = await t.request("GET", path(), { token: owner.token });
      assert.equal(got.status, 200);
      assert.deepEqual(got.body.fields[1], { ...FIELDS[1], qualifies_when: null });
      assert.deepEqual(got.body.fields[0].options, []);
      await assertOrgIsolation(t, owner, { method: "GET", path: path() });
      await assertOrgIsolation(t, owner, { method: "PUT", path: path(), body: { fields: FIELDS } });
    });

    test("a bad list is a 400 that names the problem", async () => {
      const twice = await put([FIELDS[0], { ...FIELDS[2], name: "budget  per month" }]);
      assert.equal(twice.status, 400);
      assert.equal(twice.body.error.message, 'Two fields are named "Budget per month": each name must differ.');
      assert.equal(twice.body.error.details[0].path, "fields.1.name");
      const colour = await put([{ name: "Colour", type: "colour", question: "Which colour?" }]);
      assert.equal(colour.status, 400);
      assert.match(colour.body.error.message, /^Unknown field type "colour": use one of yes_no, number, amount/);
      const lonely = await put([{ name: "Plan", type: "choice", question: "Which plan?", options: ["Gold"] }]);
      assert.equal(lonely.body.error.message, '"Plan" is one of a list: give it at least two options.');
      const rule = await put([{ ...FIELDS[2], qualifies_when: { min: 3 } }]);
      assert.match(rule.body.error.message, /only a number or an amount qualifies on min and max/);
      assert.equal((await t.request("GET", path(), { token: owner.token })).body.fields.length, 3, "unchanged");
    });

    test("a call captures each field with the words it came from; details, logs, filters and CSV show it", async () => {
      const detail = await t.request<CallDetail>("GET", `/api/call-history/${callId}`, { token: owner.token });
      const captured = detail.body.call.outcome_fields!;
      assert.deepEqual(
        captured.answers.map((a) => [a.key, a.answered, a.value, a.display, a.utterance]),
        [
          ["budget_per_month", true, 2000, "2,000", "about two grand a month"],
          ["crm", true, "Salesforce", "Salesforce", "we're on Salesforce"],
          ["decision_maker", false, null, "Not answered", "not sure yet"],
        ],
      );
      assert.equal(captured.qualified, false, "a field not answered: not qualified");
      const list = async (q: string) =>
        (await t.request<CallHistoryList>("GET", `/api/call-history?${q}`, { token: owner.token })).body;
      assert.deepEqual((await list("")).call_history[0]!.outcome_fields, captured);
      assert.equal((await list("field=crm&field_value=Salesforce")).total, 1);
      assert.equal((await list("field=crm&field_value=HubSpot")).total, 0);
      assert.equal((await list("field=decision_maker&field_value=not_answered")).total, 1);
      assert.equal((await list("field=budget_per_month&field_value=2000")).total, 1);
      assert.equal((await list("qualified=yes")).total, 0);
      assert.equal((await list("qualified=no")).total, 1);
      const bad = await t.request("GET", "/api/call-history?qualified=maybe", { token: owner.token });
      assert.equal(bad.body.error.message, "qualified must be yes or no.");
      const csv = await t.request("GET", `/api/call-history/export?campaign_id=${campaignId}`, { token: owner.token });
      const [row] = parse(csv.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
      assert.equal(row!.Qualified, "No");
      assert.equal(row!["Budget per month"], "2,000");
      assert.equal(row!["Decision maker"], "Not answered");
      assert.equal(
        row!["Qualifying answers"],
        "Budget per month: 2,000; CRM: Salesforce; Decision maker: Not answered",
      );
    });

    test("qualified counts in the funnel from the rollups; changing the fields keeps what was captured", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const funnel = async () => {
        const q = `from=${today}&to=${today}&timezone=UTC&campaign_id=${campaignId}`;
        return (await t.request<Funnel>("GET", `/api/analytics/funnel?${q}`, { token: owner.token })).body.totals;
      };
      assert.equal((await funnel()).qualified, 0);
      // The same call, had its answers qualified: the contact moves up to qualified, once.
      await t.db.query("update call_outcome_answers set qualified = true where call_id = $1", [callId]);
      assert.equal((await funnel()).qualified, 1);
      await t.db.query("update call_outcome_answers set qualified = true where call_id = $1", [callId]);
      assert.equal((await funnel()).qualified, 1);

      assert.equal((await put([{ name: "Team size", type: "number", question: "How many people?" }])).status, 200);
      const detail = await t.request<CallDetail>("GET", `/api/call-history/${callId}`, { token: owner.token });
      assert.equal(detail.body.call.outcome_fields!.answers[0]!.name, "Budget per month");
    });
  });
}
