import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { createCallsRepo } from "../calls/calls.repo.ts";
import { insertCall, insertCampaign } from "../../../../../tests/support/seed.ts";

/** Adds `user` to `owner`'s organisation with a role and answers a token for that organisation. */
async function joinAs(t: TestApp, owner: TestUser, user: TestUser, role: "admin" | "member"): Promise<string> {
  // An existing user joins without an invitation (invitations have their own tests).
  await t.db.query("insert into memberships (org_id, user_id, role) values ($1, $2, $3)", [
    owner.orgId,
    user.userId,
    role,
  ]);
  const res = await t.request("POST", "/api/auth/switch-organization", {
    token: user.token,
    body: { organization_slug: owner.orgSlug },
  });
  assert.equal(res.status, 200, res.text);
  return res.body.access_token;
}

for (const kind of await routeDbKinds()) {
  describe(`organisation settings over HTTP (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("a new organisation answers its name and every default", async () => {
      const u = await buildUser(t);
      const res = await t.request("GET", "/api/settings/organization", { token: u.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.can_edit, true);
      assert.equal(res.body.country, null, "no zone, no country");
      assert.deepEqual(res.body.settings, {
        name: `Acme ${u.username.slice(4)}`,
        agent_name: "",
        company_name: "",
        timezone: null,
        business_hours_start: "09:00",
        business_hours_end: "17:00",
        default_voice_id: null,
        meeting_link_kind: "none",
        meeting_link_url: null,
      });
      assert.equal((await t.request("GET", "/api/settings/organization")).status, 401);
    });

    test("the owner saves; fields not sent keep their value; a known voice is accepted", async () => {
      const u = await buildUser(t);
      const voice = (await t.request("GET", "/api/voices", { token: u.token })).body.voices[0].id as string;
      const body = {
        name: "Acme Homes",
        agent_name: "Maya",
        company_name: "Acme Realty",
        timezone: "Europe/Berlin",
        business_hours_start: "08:30",
        business_hours_end: "18:00",
        default_voice_id: voice,
        meeting_link_kind: "room",
        meeting_link_url: "https://zoom.us/j/1234567890",
      };
      const put = await t.request("PUT", "/api/settings/organization", { token: u.token, body });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.body.settings, body);
      assert.equal(put.body.country, "DE", "the country of the zone, as the do-not-call list reads numbers");
      const partial = await t.request("PUT", "/api/settings/organization", {
        token: u.token,
        body: { agent_name: "  Sam ", timezone: "" },
      });
      assert.deepEqual(partial.body.settings, { ...body, agent_name: "Sam", timezone: null });
      assert.equal(partial.body.country, null);
      assert.deepEqual(
        (await t.request("GET", "/api/settings/organization", { token: u.token })).body.settings,
        partial.body.settings,
      );
      const orgs = await t.request("GET", "/api/organizations", { token: u.token });
      assert.equal(orgs.body.organizations[0].name, "Acme Homes", "the name is the organisation's own");
    });

    test("bad values are refused with the field and a clear message, and nothing is saved", async () => {
      const u = await buildUser(t);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ name: "  " }, "name", /Organization name is required/],
        [{ timezone: "Mars/Olympus" }, "timezone", /valid timezone/],
        [{ business_hours_start: "09:15" }, "business_hours_start", /30-minute steps/],
        [{ business_hours_start: "17:00" }, "business_hours_end", /must differ/],
        [{ default_voice_id: "nobody:nothing" }, "default_voice_id", /Unknown voice/],
        [{ agent_name: "x".repeat(61) }, "agent_name", /at most 60/],
      ];
      for (const [body, path, message] of cases) {
        const res = await t.request("PUT", "/api/settings/organization", { token: u.token, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error.code, "validation_failed");
        assert.equal(res.body.error.details[0].path, path);
        assert.match(res.body.error.message, message);
      }
      assert.equal(
        (await t.request("GET", "/api/settings/organization", { token: u.token })).body.settings.business_hours_start,
        "09:00",
      );
    });

    test("the meeting link: saved normalised, its kind or address alone checked against the other", async () => {
      const u = await buildUser(t);
      const put = (body: Record<string, unknown>) =>
        t.request("PUT", "/api/settings/organization", { token: u.token, body });
      const host = await put({ meeting_link_kind: "on_demand", meeting_link_url: " https://meet.jit.si/ " });
      assert.equal(host.status, 200, host.text);
      assert.deepEqual(
        [host.body.settings.meeting_link_kind, host.body.settings.meeting_link_url],
        ["on_demand", "https://meet.jit.si"],
      );
      const room = await put({ meeting_link_kind: "room" });
      assert.equal(room.body.settings.meeting_link_url, "https://meet.jit.si", "the address sent before is kept");
      const none = await put({ meeting_link_kind: "none" });
      assert.equal(none.body.settings.meeting_link_url, null, "no link, no address kept");
      const alone = await put({ meeting_link_kind: "on_demand" });
      assert.equal(alone.status, 400, "a kind without its address");
      assert.match(alone.body.error.message, /Enter the host that opens rooms on demand/);
      const got = await t.request("GET", "/api/settings/organization", { token: u.token });
      assert.equal(got.body.settings.meeting_link_kind, "none");
    });

    test("a wrong meeting link is refused with a message naming the problem", async () => {
      const u = await buildUser(t);
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ meeting_link_kind: "zoom" }, "meeting_link_kind", /"none", "room" or "on_demand"/],
        [{ meeting_link_kind: "room", meeting_link_url: "" }, "meeting_link_url", /Enter your room's address/],
        [{ meeting_link_kind: "room", meeting_link_url: "zoom" }, "meeting_link_url", /must be a web address/],
        [{ meeting_link_kind: "room", meeting_link_url: "http://zoom.us/j/1" }, "meeting_link_url", /https:\/\//],
        [{ meeting_link_kind: "on_demand", meeting_link_url: "https://meet" }, "meeting_link_url", /real host/],
        [{ meeting_link_kind: "on_demand", meeting_link_url: "https://10.0.0.7" }, "meeting_link_url", /real host/],
        [
          { meeting_link_kind: "room", meeting_link_url: "https://bob:pw@zoom.us/j/1" },
          "meeting_link_url",
          /user name or password/,
        ],
        [{ meeting_link_kind: "on_demand", meeting_link_url: "https://meet.jit.si/?r=1" }, "meeting_link_url", /\?/],
      ];
      for (const [body, path, message] of cases) {
        const res = await t.request("PUT", "/api/settings/organization", { token: u.token, body });
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error.code, "validation_failed");
        assert.equal(res.body.error.details[0].path, path, JSON.stringify(body));
        assert.match(res.body.error.message, message);
      }
      const got = await t.request("GET", "/api/settings/organization", { token: u.token });
      assert.deepEqual([got.body.settings.meeting_link_kind, got.body.settings.meeting_link_url], ["none", null]);
    });

    test("a member reads the organisation's clock (zone and country) and nothing else of the settings", async () => {
      const owner = await buildUser(t);
      const saved = await t.request("PUT", "/api/settings/organization", {
        token: owner.token,
        body: { timezone: "Australia/Sydney" },
      });
      assert.equal(saved.status, 200, saved.text);
      const memberToken = await joinAs(t, owner, await buildUser(t), "member");
      const clock = await t.request("GET", "/api/settings/organization/clock", { token: memberToken });
      assert.equal(clock.status, 200, clock.text);
      assert.deepEqual(clock.body, { timezone: "Australia/Sydney", country: "AU", meeting_link_set: false });
      assert.equal((await t.request("GET", "/api/settings/organization/clock")).status, 401);
    });

    test("the owner alone saves: an admin reads (can_edit false), gets 403 on save; a member cannot read", async () => {
      const owner = await buildUser(t);
      const memberToken = await joinAs(t, owner, await buildUser(t), "member");
      const hidden = await t.request("GET", "/api/settings/organization", { token: memberToken });
      assert.equal(hidden.status, 403);
      assert.equal(
        hidden.body.error.message,
        "Your role (member) cannot see the organization settings. Ask an admin or the owner.",
      );
      const adminToken = await joinAs(t, owner, await buildUser(t), "admin");
      const read = await t.request("GET", "/api/settings/organization", { token: adminToken });
      assert.equal(read.status, 200);
      assert.equal(read.body.can_edit, false);
      const denied = await t.request("PUT", "/api/settings/organization", {
        token: adminToken,
        body: { agent_name: "Eve" },
      });
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error.code, "forbidden");
      assert.equal(
        denied.body.error.message,
        "Your role (admin) cannot change the organization settings. Ask the owner.",
      );
      const saved = await t.request("PUT", "/api/settings/organization", {
        token: owner.token,
        body: { agent_name: "Ana" },
      });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(
        (await t.request("GET", "/api/settings/organization", { token: adminToken })).body.settings.agent_name,
        "Ana",
      );
    });

    // These endpoints take no id: the organisation is the token's. Tenancy means one org's save never
    // shows in or changes another's, which is what this checks (assertOrgIsolation needs an id to 404 on).
    test("tenancy: each organisation sees and changes only its own settings", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      await t.request("PUT", "/api/settings/organization", {
        token: a.token,
        body: { agent_name: "Maya", company_name: "A Corp", timezone: "Asia/Dubai" },
      });
      const theirs = await t.request("GET", "/api/settings/organization", { token: b.token });
      assert.deepEqual(
        [theirs.body.settings.agent_name, theirs.body.settings.company_name, theirs.body.settings.timezone],
        ["", "", null],
      );
      assert.ok(!JSON.stringify(theirs.body).includes("Maya"));
      await t.request("PUT", "/api/settings/organization", { token: b.token, body: { agent_name: "Bob" } });
      assert.equal(
        (await t.request("GET", "/api/settings/organization", { token: a.token })).body.settings.agent_name,
        "Maya",
      );
    });

    test("the agent's name and company reach the call's context", async () => {
      const u = await buildUser(t);
      await t.request("PUT", "/api/settings/organization", {
        token: u.token,
        body: { agent_name: "Maya", company_name: "Acme Realty" },
      });
      const campaignId = await insertCampaign(t.db, u.orgId, { name: "Spring" });
      const callId = await insertCall(t.db, u.orgId, {
        campaign_id: campaignId,
        lead_name: "Ana",
        lead_phone: "+14155550111",
      });
      const ctx = await createCallsRepo(t.db).context(callId);
      assert.deepEqual([ctx?.agent_name, ctx?.company_name], ["Maya", "Acme Realty"]);
    });
  });
}
