import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { insertContact } from "../../../../../tests/support/seed.ts";

// Inbound campaigns over the API: the number is a field like every other (create, update, list, detail),
// validated in the spec's style, held by one campaign at a time, and an inbound campaign never dials its contacts.
const [kind] = await routeDbKinds();

describe(`inbound campaigns over HTTP (${kind})`, () => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  const create = (body: Record<string, unknown>, user = u) =>
    t.request("POST", "/api/create_campaign", { token: user.token, body });

  before(async () => {
    t = await startTestApp(kind!);
    u = await buildUser(t);
    other = await buildUser(t);
  });
  after(() => t.close());

  test("created with its number (formatting dropped), shown in the list and detail as inbound", async () => {
    const res = await create({
      name: "Front desk",
      type: "Inbound",
      inbound_number: "+1 (555) 010-0200",
      save_as_draft: true,
    });
    assert.equal(res.status, 201, res.text);
    const c = res.body.campaign;
    assert.deepEqual([c.direction, c.type, c.inbound_number], ["inbound", "inbound", "+15550100200"]);
    const list = await t.request("GET", "/api/campaigns?search=front", { token: u.token });
    assert.deepEqual(
      list.body.campaigns.map((x: { inbound_number: string; type: string }) => [x.type, x.inbound_number]),
      [["inbound", "+15550100200"]],
    );
    const sip = await create({
      name: "Sales line",
      direction: "inbound",
      inbound_number: "sip:sales@pbx.example.com",
      save_as_draft: true,
    });
    assert.equal(sip.body.campaign.inbound_number, "sales", "a SIP address keeps its user");
  });

  test("validation: required for inbound, a number or SIP user, one campaign per number (any org)", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "x", direction: "inbound" }, "Inbound number is required for inbound campaigns"],
      [
        { name: "x", direction: "inbound", inbound_number: "+12" },
        "Inbound number must be a phone number in international format (e.g. +15550100200) or a SIP user (e.g. sales).",
      ],
      [
        { name: "x", direction: "inbound", inbound_number: "front desk" },
        "Inbound number must be a phone number in international format (e.g. +15550100200) or a SIP user (e.g. sales).",
      ],
      [{ name: "x", direction: "sideways" }, "Campaign type must be outbound or inbound."],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
      assert.equal(res.body.error.message, message);
    }
    const taken = await create(
      { name: "Copycat", direction: "inbound", inbound_number: "+15550100200", save_as_draft: true },
      other,
    );
    assert.equal(taken.status, 409, taken.text);
    assert.equal(
      taken.body.error.message,
      "The inbound number +15550100200 is already used by another campaign. Choose another number.",
    );
    assert.equal(taken.body.error.details[0].path, "inbound_number");
  });

  test("update changes the number; outbound keeps none; a copy starts without the number", async () => {
    const c = (
      await create({ name: "Support", direction: "inbound", inbound_number: "+15550100300", save_as_draft: true })
    ).body.campaign;
    const moved = await t.request("PUT", `/api/campaigns/${c.id}`, {
      token: u.token,
      body: { inbound_number: "+15550100301" },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.campaign.inbound_number, "+15550100301");
    const freed = await create(
      { name: "Reuses", direction: "inbound", inbound_number: "+15550100300", save_as_draft: true },
      other,
    );
    assert.equal(freed.status, 201, "the old number is free again");
    const out = await t.request("PUT", `/api/campaigns/${c.id}`, { token: u.token, body: { direction: "outbound" } });
    assert.equal(out.body.campaign.inbound_number, null);
    const dialer = await create({
      name: "Dialer",
      direction: "outbound",
      inbound_number: "+15550100399",
      save_as_draft: true,
    });
    assert.equal(dialer.body.campaign.inbound_number, null, "an outbound campaign holds no number");
    const back = await t.request("PUT", `/api/campaigns/${c.id}`, {
      token: u.token,
      body: { direction: "inbound", inbound_number: "+15550100301" },
    });
    const copy = await t.request("POST", `/api/campaigns/${back.body.campaign.id}/duplicate`, { token: u.token });
    assert.equal(copy.status, 201, copy.text);
    assert.deepEqual([copy.body.campaign.type, copy.body.campaign.inbound_number], ["inbound", null]);
    const launch = await t.request("POST", `/api/campaigns/${copy.body.campaign.id}/launch`, { token: u.token });
    assert.equal(launch.status, 409);
    assert.equal(launch.body.error.message, "Inbound number is required for inbound campaigns");
  });

  test("launching an inbound campaign dials none of its contacts", async () => {
    const c = (
      await create({ name: "Callers", direction: "inbound", inbound_number: "+15550100400", save_as_draft: true })
    ).body.campaign;
    await insertContact(t.db, u.orgId, c.id, { line_number: 1, name: "Ana", phone_e164: "+15550109999" });
    const launch = await t.request("POST", `/api/campaigns/${c.id}/launch`, { token: u.token });
    assert.equal(launch.status, 200, launch.text);
    assert.equal(launch.body.campaign.status, "active");
    const [n] = await t.db.query<{ n: number }>("select count(*)::int as n from call_attempts where campaign_id = $1", [
      c.id,
    ]);
    assert.equal(n!.n, 0);
  });
});
