import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../../../../../tests/support/hubspot-server.ts";
import { CrmAuthError, CrmError } from "./crm-provider.ts";
import { createHubspotClient } from "./hubspot-client.ts";
import { recordsToCsv } from "./hubspot-csv.ts";

let hs: HubspotServer;
before(async () => {
  hs = await startHubspotServer({ token: "good", contacts: sampleContacts(), lists: [{ listId: "7", name: "Leads", members: ["101", "102", "103"] }], pageSize: 2 });
});
after(() => hs.close());

test("a 429 is waited out for its Retry-After, bounded: longer than allowed fails at once with a clear message", async () => {
  const waited: number[] = [];
  const client = createHubspotClient({ baseUrl: hs.baseUrl, token: "good", sleep: async (ms) => void waited.push(ms) });
  hs.state.retryAfterSeconds = 2;
  hs.state.rateLimitNext = "/memberships";
  const page = await client.fetchContacts("7", ["phone"], null);
  assert.deepEqual([waited, page.records.map((r) => r.id), page.after], [[2000], ["101", "102"], "2"]);

  hs.state.retryAfterSeconds = 60;
  hs.state.rateLimitNext = "/memberships";
  await assert.rejects(client.fetchContacts("7", ["phone"], "2"), (err: unknown) => err instanceof CrmError && err.status === 429 && /rate limit/.test(err.message));
  assert.deepEqual(waited, [2000], "a minute is not waited inside a request");
  hs.state.retryAfterSeconds = 1;
});

test("a refused token is a CrmAuthError; a list id that is not a number never reaches HubSpot", async () => {
  await assert.rejects(createHubspotClient({ baseUrl: hs.baseUrl, token: "revoked" }).account(), CrmAuthError);
  const before = hs.state.requests.length;
  await assert.rejects(createHubspotClient({ baseUrl: hs.baseUrl, token: "good" }).fetchContacts("../../x", [], null), CrmError);
  assert.equal(hs.state.requests.length, before);
});

test("records become CSV rows the import reads back: quotes, commas and line breaks kept in their cell, the HubSpot id last", () => {
  const csv = recordsToCsv([{ id: "9", values: { phone: "+14155550101", company: 'Acme, "West"\nInc' } }], { phone: "phone", variables: [{ property: "company", key: "company" }] });
  assert.equal(csv, 'phone,name,first_name,last_name,email,company,hubspot_id\r\n+14155550101,,,,,"Acme, ""West""\nInc",9\r\n');
});
