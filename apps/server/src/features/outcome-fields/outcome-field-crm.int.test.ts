import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { OutcomeAnswer, OutcomeFieldInput } from "@parley/shared/outcome-fields";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../../../../../tests/support/hubspot-server.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { createLogger } from "../../platform/logger.ts";
import { startCrmSyncLoop } from "../integrations/crm-sync.wiring.ts";

const TOKEN = "pat-na1-11111111-2222-3333-4444-555555555555";
const log = createLogger({ logLevel: "silent" } as never);
const FIELDS: OutcomeFieldInput[] = [
  { name: "Budget per month", type: "amount", question: "What do you spend a month?" },
  { name: "Uses a CRM", type: "yes_no", question: "Do you use a CRM today?" },
  { name: "Demo time", type: "datetime", question: "When suits you for a demo?" },
  { name: "CRM vendor", type: "choice", question: "Which one?", options: ["Salesforce", "None"] },
  { name: "Team size", type: "number", question: "How many people?" },
];
/** The account's custom properties, of HubSpot's types, as a team would have made them. */
const PROPERTIES = [
  { name: "monthly_budget", label: "Monthly budget", type: "number", fieldType: "number" },
  { name: "has_crm", label: "Has a CRM", type: "bool", fieldType: "booleancheckbox" },
  { name: "demo_day", label: "Demo day", type: "date", fieldType: "date" },
  {
    name: "crm_vendor",
    label: "CRM vendor",
    type: "enumeration",
    fieldType: "select",
    options: [
      { label: "Salesforce", value: "salesforce" },
      { label: "None", value: "none" },
    ],
  },
];
const MAPPING = [
  { field: "Budget per month", property: "monthly_budget" },
  { field: "uses_a_crm", property: "has_crm" },
  { field: "demo_time", property: "demo_day" },
  { field: "crm_vendor", property: "crm_vendor" },
  { field: "team_size", property: "team_size" },
];
const answer = (key: string, name: string, type: OutcomeAnswer["type"], value: OutcomeAnswer["value"]) => ({
  key,
  name,
  type,
  answered: value !== null,
  value,
  currency: null,
  display: value === null ? "Not answered" : String(value),
  utterance: value === null ? null : "as said",
});
const ANSWERS: OutcomeAnswer[] = [
  answer("budget_per_month", "Budget per month", "amount", 2000),
  answer("uses_a_crm", "Uses a CRM", "yes_no", true),
  answer("demo_time", "Demo time", "datetime", "2031-03-04T21:30:00-05:00"),
  answer("crm_vendor", "CRM vendor", "choice", "Salesforce"),
  answer("team_size", "Team size", "number", null),
];

for (const kind of await dbKinds()) {
  describe(`qualifying answers to HubSpot properties on ${kind}`, () => {
    let t: TestApp;
    let hs: HubspotServer;
    let owner: TestUser;
    let campaignId: string;
    let loop: ReturnType<typeof startCrmSyncLoop>;
    // The local HubSpot's contacts: its contact PATCH writes into these records.
    const contacts = sampleContacts();
    const path = (id = campaignId) => `/api/campaigns/${id}/outcome-fields/crm`;
    const put = (hubspot: unknown, id = campaignId) =>
      t.request("PUT", path(id), { token: owner.token, body: { hubspot } });

    before(async () => {
      hs = await startHubspotServer({ token: TOKEN, contacts, lists: [] });
      hs.state.customProperties.push(...PROPERTIES);
      t = await startTestApp(kind, { env: { HUBSPOT_BASE_URL: hs.baseUrl } });
      owner = await buildUser(t);
      const hubspot = await t.request("PUT", "/api/integrations/hubspot", {
        token: owner.token,
        body: { token: TOKEN },
      });
      assert.equal(hubspot.status, 200);
      campaignId = await insertCampaign(t.db, owner.orgId, { name: "Spring demo" });
      const fields = await t.request("PUT", `/api/campaigns/${campaignId}/outcome-fields`, {
        token: owner.token,
        body: { fields: FIELDS },
      });
      assert.equal(fields.status, 200, fields.text);
      loop = startCrmSyncLoop(t.services.crmSync, { log, intervalMs: 50 });
    });
    after(async () => {
      await loop?.stop();
      await t?.close();
      await hs?.close();
    });

    test("the mapping is saved by field (a name is read as its key) and read back; another org's is 404", async () => {
      assert.deepEqual((await t.request("GET", path(), { token: owner.token })).body, { hubspot: [] });
      const saved = await put(MAPPING);
      assert.equal(saved.status, 200, saved.text);
      const read = (await t.request("GET", path(), { token: owner.token })).body.hubspot;
      assert.deepEqual(
        read.map((m: { field: string; property: string }) => `${m.field}→${m.property}`),
        [
          "budget_per_month→monthly_budget",
          "crm_vendor→crm_vendor",
          "demo_time→demo_day",
          "team_size→team_size",
          "uses_a_crm→has_crm",
        ],
      );
      await assertOrgIsolation(t, owner, { method: "GET", path: path() });
      await assertOrgIsolation(t, owner, { method: "PUT", path: path(), body: { hubspot: [] } });
    });

    test("a bad mapping is a 400 that names the problem", async () => {
      const cases: Array<[unknown, string]> = [
        [
          [{ field: "budget_per_month", property: "Monthly Budget" }],
          "Use the property's internal name: lowercase letters, digits and _, starting with a letter " +
            "(budget_per_month).",
        ],
        [[{ field: "budget_per_month", property: "" }], "Give the HubSpot property's internal name."],
        [
          [{ field: "Favourite colour", property: "colour" }],
          '"Favourite colour" is not one of this campaign\'s qualifying fields (its fields are budget_per_month, ' +
            "uses_a_crm, demo_time, crm_vendor, team_size).",
        ],
        [
          [
            { field: "budget_per_month", property: "budget" },
            { field: "team_size", property: "budget" },
          ],
          "Two answers would write the HubSpot property budget: map each to its own.",
        ],
        [
          [
            { field: "Team size", property: "a" },
            { field: "team_size", property: "b" },
          ],
          '"team_size" is mapped twice.',
        ],
      ];
      for (const [hubspot, message] of cases) {
        const res = await put(hubspot);
        assert.equal(res.status, 400, JSON.stringify(hubspot));
        assert.equal(res.body.error.message, message);
      }
      const bare = await insertCampaign(t.db, owner.orgId, { name: "No questions" });
      const none = await put([{ field: "budget", property: "budget" }], bare);
      assert.equal(
        none.body.error.message,
        '"budget" is not one of this campaign\'s qualifying fields (it has no qualifying questions).',
      );
    });

    test("a finished call writes its answered fields to the mapped properties, each in its type's format", async () => {
      const contactId = await insertContact(t.db, owner.orgId, campaignId, {
        name: "Ana Silva",
        phone_e164: "+14155550101",
        variables: { hubspot_id: "101" },
      });
      const callId = await insertCall(t.db, owner.orgId, { campaign_id: campaignId, contact_id: contactId });
      await t.services.outcomeFields.saveCall(owner.orgId, callId, { qualified: false, answers: ANSWERS });
      assert.equal((await put(MAPPING)).status, 200); // team_size is mapped but not answered: it writes nothing
      await t.services.crmSync.service.callFinished(owner.orgId, callId);
      await until(
        async () =>
          (await t.request("GET", `/api/call-history/${callId}`, { token: owner.token })).body.call.crm_sync?.state ===
          "synced",
        { what: "answers synced", ms: 20_000 },
      );
      const written = contacts.find((c) => c.id === "101")!.properties;
      assert.deepEqual(written, {
        ...sampleContacts().find((c) => c.id === "101")!.properties,
        monthly_budget: "2000",
        has_crm: "true",
        // The day the callee named (the 4th in New York), at midnight UTC: a HubSpot date property's format.
        demo_day: String(Date.UTC(2031, 2, 4)),
        crm_vendor: "salesforce",
      });
      assert.ok(!("team_size" in written), "not answered writes nothing");
    });

    test("HubSpot refusing an answer shows in the call's sync status with the reason", async () => {
      // The property a field is mapped to does not exist in the account, and a yes/no goes into a number property.
      assert.equal((await put([{ field: "uses_a_crm", property: "monthly_budget" }])).status, 200);
      const contactId = await insertContact(t.db, owner.orgId, campaignId, {
        name: "Ben Okafor",
        phone_e164: "+14155550102",
        variables: { hubspot_id: "102" },
      });
      const callId = await insertCall(t.db, owner.orgId, { campaign_id: campaignId, contact_id: contactId });
      await t.services.outcomeFields.saveCall(owner.orgId, callId, { qualified: false, answers: ANSWERS });
      await t.services.crmSync.service.callFinished(owner.orgId, callId);
      let sync: { state: string; last_error: string | null } | null = null;
      await until(
        async () => {
          sync = (await t.request("GET", `/api/call-history/${callId}`, { token: owner.token })).body.call.crm_sync;
          return sync?.state === "failed";
        },
        { what: "answers refused", ms: 20_000 },
      );
      assert.match(sync!.last_error!, /^HubSpot answered 400: .*true was not a valid number.*INVALID_FLOAT/);

      assert.equal((await put([{ field: "uses_a_crm", property: "has_a_crm" }])).status, 200);
      const again = await insertCall(t.db, owner.orgId, { campaign_id: campaignId, contact_id: contactId });
      await t.services.outcomeFields.saveCall(owner.orgId, again, { qualified: false, answers: ANSWERS });
      await t.services.crmSync.service.callFinished(owner.orgId, again);
      await until(
        async () => {
          sync = (await t.request("GET", `/api/call-history/${again}`, { token: owner.token })).body.call.crm_sync;
          return sync?.state === "failed";
        },
        { what: "missing property refused", ms: 20_000 },
      );
      assert.equal(
        sync!.last_error,
        'HubSpot has no contact property has_a_crm (mapped from "Uses a CRM"): create it in HubSpot or change the ' +
          "mapping in Campaign setup → Qualifying Questions.",
      );
    });
  });
}
