import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sampleContacts, startHubspotServer, type HubspotServer } from "../../../../../tests/support/hubspot-server.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";

const TOKEN = "pat-na1-11111111-2222-3333-4444-555555555555";
const MAPPING = {
  phone: "phone",
  first_name: "firstname",
  last_name: "lastname",
  email: "email",
  variables: [{ property: "company", key: "company" }],
};

// One database kind is enough here: the SQL is the integrations table's and the CSV import's, tested on both elsewhere.
describe("HubSpot: connecting with a private app token and importing a list into a campaign, locally", () => {
  let t: TestApp;
  let hs: HubspotServer;
  let owner: TestUser;
  before(async () => {
    hs = await startHubspotServer({
      token: TOKEN,
      contacts: sampleContacts(),
      pageSize: 2,
      lists: [
        // 107 was deleted in HubSpot after it joined the list: the batch read's 207 names it.
        { listId: "7", name: "Trade show leads", members: ["101", "102", "103", "104", "105", "106", "107"] },
        { listId: "8", name: "Newsletter", members: [], processingType: "DYNAMIC" },
      ],
    });
    t = await startTestApp("pglite", { env: { HUBSPOT_BASE_URL: hs.baseUrl } });
    owner = await buildUser(t);
  });
  after(async () => {
    await t?.close();
    await hs?.close();
  });
  const connect = (token: string, as = owner.token) =>
    t.request("PUT", "/api/integrations/hubspot", { token: as, body: { token } });

  test("a refused token is not saved; a good one is, encrypted, listed; members may not; disconnect", async () => {
    const refused = await connect("pat-na1-wrong");
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error.message, "HubSpot refused this token.");
    assert.deepEqual(
      refused.body.error.details.map((d: { path: string }) => d.path),
      ["token"],
    );
    assert.equal((await connect("")).status, 400);
    assert.equal((await t.request("GET", "/api/integrations", { token: owner.token })).body.hubspot, null);

    const member = await addTeamMember(t, owner, "member");
    assert.equal((await connect(TOKEN, member.token)).status, 403);
    assert.equal((await t.request("GET", "/api/integrations/hubspot/lists", { token: member.token })).status, 403);

    const ok = await connect(TOKEN);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual([ok.body.portal_id, ok.body.status, ok.body.token_hint], [4242, "connected", "…5555"]);
    const [stored] = await t.db.query<{ secret_ciphertext: string }>(
      "select secret_ciphertext from integrations where org_id = $1 and kind = 'hubspot'",
      [owner.orgId],
    );
    assert.ok(stored && !stored.secret_ciphertext.includes(TOKEN) && stored.secret_ciphertext.startsWith("v1."));
    assert.equal(
      (await t.request("GET", "/api/integrations", { token: owner.token })).body.hubspot.status,
      "connected",
    );

    assert.equal((await t.request("DELETE", "/api/integrations/hubspot", { token: owner.token })).status, 204);
    assert.equal((await t.request("GET", "/api/integrations", { token: owner.token })).body.hubspot, null);
    const notConnected = await t.request("GET", "/api/integrations/hubspot/lists", { token: owner.token });
    assert.equal(notConnected.status, 409);
    assert.match(notConnected.body.error.message, /not connected/);
  });

  test("a list is imported page by page through a 429: bad records listed, repeat merged, DNC kept", async () => {
    assert.equal((await connect(TOKEN)).status, 200);
    const lists = await t.request("GET", "/api/integrations/hubspot/lists", { token: owner.token });
    assert.deepEqual(lists.body.sources, [
      { id: "7", name: "Trade show leads", size: 7, kind: "static" },
      { id: "8", name: "Newsletter", size: 0, kind: "active" },
    ]);
    const preview = await t.request("GET", "/api/integrations/hubspot/lists/7/preview", { token: owner.token });
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(
      preview.body.contacts.map((c: { id: string }) => c.id),
      ["101", "102", "103", "104", "105", "106"],
    );
    assert.equal(preview.body.contacts[0].values.company, "Acme");
    assert.ok(
      preview.body.properties.some(
        (p: { name: string; label: string }) => p.name === "mobilephone" && p.label === "Mobile Phone Number",
      ),
    );

    const draft = await t.request("POST", "/api/create_campaign", {
      token: owner.token,
      body: { name: "From HubSpot", save_as_draft: true, campaign_timezone: "America/Los_Angeles" },
    });
    assert.equal(draft.status, 201, draft.text);
    const id = draft.body.campaign.id;
    assert.equal(
      (
        await t.request("POST", "/api/dnc", {
          token: owner.token,
          body: { phone: "+14155550106", reason: "Asked by email" },
        })
      ).status,
      201,
    );

    hs.state.rateLimitNext = "/memberships";
    const before = hs.state.requests.length;
    const imported = await t.request("POST", `/api/campaigns/${id}/crm-import`, {
      token: owner.token,
      body: { source_id: "7", mapping: MAPPING },
    });
    assert.equal(imported.status, 200, imported.text);
    assert.equal(hs.state.limited, 1);
    assert.equal(
      hs.state.requests.slice(before).filter((r) => r.includes("/memberships")).length,
      5,
      "four pages of two, the first asked again after its 429",
    );
    assert.deepEqual(imported.body, {
      source_name: "Trade show leads",
      read: 7,
      imported: 3,
      duplicates_merged: 1,
      do_not_call: 1,
      skipped_count: 3,
      skipped: [
        { crm_id: "107", reason: "No longer a contact in HubSpot (deleted or merged)." },
        { crm_id: "103", reason: "No phone number (phone is empty)." },
        { crm_id: "104", reason: 'Invalid phone number "12"' },
      ],
    });

    const contacts = await t.request("GET", `/api/campaigns/${id}/contacts`, { token: owner.token });
    const ana = contacts.body.contacts.find((c: { phone: string }) => c.phone === "+14155550101");
    assert.deepEqual(
      [ana.first_name, ana.last_name, ana.email, ana.variables],
      ["Ana", "Silva", "ana@acme.test", { company: "Acme", hubspot_id: "101" }],
    );
    assert.ok(
      contacts.body.contacts.some((c: { phone: string }) => c.phone === "+14155550102"),
      "a number without +1 read in the campaign's timezone's country",
    );
    const campaign = await t.request("GET", `/api/campaigns/${id}`, { token: owner.token });
    assert.equal(campaign.body.campaign.csv_file.name, "HubSpot - Trade show leads.csv");

    const clash = await t.request("POST", `/api/campaigns/${id}/crm-import`, {
      token: owner.token,
      body: { source_id: "7", mapping: { ...MAPPING, variables: [{ property: "company", key: "email" }] } },
    });
    assert.equal(clash.status, 400);
    const missing = await t.request("POST", `/api/campaigns/${id}/crm-import`, {
      token: owner.token,
      body: { source_id: "99", mapping: MAPPING },
    });
    assert.equal(missing.status, 404);
    // Another organisation cannot import into this campaign (404 before HubSpot is asked); the owner imports again.
    await assertOrgIsolation(t, owner, {
      method: "POST",
      path: `/api/campaigns/${id}/crm-import`,
      body: { source_id: "7", mapping: MAPPING },
    });
  });

  test("a token revoked in HubSpot turns the connection to 'reconnect'; the import says to connect again", async () => {
    hs.state.token = "pat-na1-rotated";
    const lists = await t.request("GET", "/api/integrations/hubspot/lists", { token: owner.token });
    assert.equal(lists.status, 409);
    assert.match(lists.body.error.message, /refused the saved token.*connect HubSpot again/);
    const status = await t.request("GET", "/api/integrations", { token: owner.token });
    assert.equal(status.body.hubspot.status, "reconnect");
    assert.equal(
      (await t.request("POST", "/api/integrations/hubspot/test", { token: owner.token })).body.status,
      "reconnect",
    );
    hs.state.token = TOKEN;
    assert.equal(
      (await t.request("POST", "/api/integrations/hubspot/test", { token: owner.token })).body.status,
      "connected",
      "Test finds the token working again",
    );
    hs.state.token = "pat-na1-rotated";
    assert.equal((await connect("pat-na1-rotated")).body.status, "connected");

    // Rotated again in HubSpot with an expiry that has now passed: the same "reconnect", and a new token works.
    hs.state.expiredToken = "pat-na1-rotated";
    hs.state.token = "pat-na1-current";
    const expired = await t.request("GET", "/api/integrations/hubspot/lists/7/preview", { token: owner.token });
    assert.equal(expired.status, 409);
    assert.equal(
      (await t.request("GET", "/api/integrations", { token: owner.token })).body.hubspot.status,
      "reconnect",
    );
    const refused = await connect("pat-na1-rotated");
    assert.equal(refused.status, 400);
    assert.match(refused.body.error.message, /has expired/);
    assert.equal((await connect("pat-na1-current")).body.status, "connected");

    // The connection is the organisation's own: another one tests or disconnects nothing of it.
    await assertOrgIsolation(t, owner, { method: "POST", path: "/api/integrations/hubspot/test" });
    await assertOrgIsolation(t, owner, { method: "DELETE", path: "/api/integrations/hubspot" }, { ownerStatus: 204 });
  });
});
