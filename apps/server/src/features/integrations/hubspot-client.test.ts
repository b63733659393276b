import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../../../../../tests/support/hubspot-server.ts";
import { CrmAuthError, CrmError } from "./crm-provider.ts";
import { createHubspotClient } from "./hubspot-client.ts";
import { recordsToCsv } from "./hubspot-csv.ts";

let hs: HubspotServer;
before(async () => {
  hs = await startHubspotServer({
    token: "good",
    contacts: sampleContacts(),
    pageSize: 2,
    lists: [
      { listId: "7", name: "Leads", members: ["101", "102", "103"] },
      { listId: "9", name: "Opened the webinar mail", members: ["102", "107", "106"], processingType: "DYNAMIC" },
    ],
  });
});
after(() => hs.close());

test("a 429 is waited out for its Retry-After, bounded: longer than allowed fails at once, clearly", async () => {
  const waited: number[] = [];
  const client = createHubspotClient({ baseUrl: hs.baseUrl, token: "good", sleep: async (ms) => void waited.push(ms) });
  hs.state.retryAfterSeconds = 2;
  hs.state.rateLimitNext = "/memberships";
  const page = await client.fetchContacts("7", ["phone"], null);
  assert.deepEqual([waited, page.records.map((r) => r.id), page.after], [[2000], ["101", "102"], "2"]);

  hs.state.retryAfterSeconds = 60;
  hs.state.rateLimitNext = "/memberships";
  await assert.rejects(
    client.fetchContacts("7", ["phone"], "2"),
    (err: unknown) => err instanceof CrmError && err.status === 429 && /rate limit/.test(err.message),
  );
  assert.deepEqual(waited, [2000], "a minute is not waited inside a request");
  hs.state.retryAfterSeconds = 1;
});

test("HubSpot's 429 without Retry-After: the ten-second window is waited whole; the daily limit fails", async () => {
  const waited: number[] = [];
  const client = createHubspotClient({ baseUrl: hs.baseUrl, token: "good", sleep: async (ms) => void waited.push(ms) });
  hs.state.retryAfterSeconds = null;
  try {
    hs.state.rateLimitNext = "/memberships";
    assert.deepEqual(
      (await client.fetchContacts("7", ["phone"], null)).records.map((r) => r.id),
      ["101", "102"],
    );
    assert.deepEqual(waited, [10_000], "TEN_SECONDLY_ROLLING: the window HubSpot's own client waits");

    hs.state.rateLimitPolicy = "DAILY";
    hs.state.rateLimitNext = "/memberships";
    const before = hs.state.requests.length;
    await assert.rejects(
      client.fetchContacts("7", ["phone"], null),
      (err: unknown) => err instanceof CrmError && err.status === 429 && /daily API limit/.test(err.message),
    );
    assert.deepEqual([waited.length, hs.state.requests.length - before], [1, 1], "not asked again within the request");
  } finally {
    hs.state.retryAfterSeconds = 1;
    hs.state.rateLimitPolicy = "TEN_SECONDLY_ROLLING";
  }
});

test("an expired token (a rotated private-app token) is a CrmAuthError saying so", async () => {
  hs.state.expiredToken = "rotated-away";
  try {
    await assert.rejects(
      createHubspotClient({ baseUrl: hs.baseUrl, token: "rotated-away" }).account(),
      (err: unknown) => err instanceof CrmAuthError && /has expired/.test(err.message),
    );
  } finally {
    hs.state.expiredToken = null;
  }
});

test("lists carry their kind (active: a saved filter); a member no longer a contact is gone (207)", async () => {
  const client = createHubspotClient({ baseUrl: hs.baseUrl, token: "good" });
  assert.deepEqual(await client.listSources(), [
    { id: "7", name: "Leads", size: 3, kind: "static" },
    { id: "9", name: "Opened the webinar mail", size: 3, kind: "active" },
  ]);
  const first = await client.fetchContacts("9", ["phone"], null);
  assert.deepEqual([first.records.map((r) => r.id), first.gone, first.after], [["102"], ["107"], "2"]);
  // The batch read was asked in the documented shape: the server answers 400 to a body without propertiesWithHistory.
  assert.ok(hs.state.requests.includes("POST /crm/v3/objects/contacts/batch/read"));
});

test("an account with more lists than one search page: every contact list is read, page by page", async () => {
  const lists = Array.from({ length: 230 }, (_, i) => ({
    listId: String(1000 + i),
    name: `Segment ${i}`,
    members: [],
  }));
  const many = await startHubspotServer({ token: "good", contacts: [], lists });
  try {
    const sources = await createHubspotClient({ baseUrl: many.baseUrl, token: "good" }).listSources();
    assert.deepEqual(
      sources.map((s) => s.id),
      lists.map((l) => l.listId),
    );
    assert.equal(many.state.requests.filter((r) => r === "POST /crm/v3/lists/search").length, 3, "pages of 100");
  } finally {
    await many.close();
  }
});

test("a refused token is a CrmAuthError; a list id that is not a number never reaches HubSpot", async () => {
  await assert.rejects(createHubspotClient({ baseUrl: hs.baseUrl, token: "revoked" }).account(), CrmAuthError);
  const before = hs.state.requests.length;
  await assert.rejects(
    createHubspotClient({ baseUrl: hs.baseUrl, token: "good" }).fetchContacts("../../x", [], null),
    CrmError,
  );
  assert.equal(hs.state.requests.length, before);
});

test("records become CSV rows the import reads back: quotes, commas, line breaks kept; HubSpot id last", () => {
  const csv = recordsToCsv([{ id: "9", values: { phone: "+14155550101", company: 'Acme, "West"\nInc' } }], {
    phone: "phone",
    variables: [{ property: "company", key: "company" }],
  });
  assert.equal(
    csv,
    'phone,name,first_name,last_name,email,company,hubspot_id\r\n+14155550101,,,,,"Acme, ""West""\nInc",9\r\n',
  );
});
