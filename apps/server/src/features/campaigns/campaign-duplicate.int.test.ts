import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// Settings a copy keeps: everything the user set on the form, none of the run's state or its contacts.
const KEPT = [
  "description",
  "direction",
  "channel",
  "voice_id",
  "max_attempts",
  "time_gap",
  "max_concurrent_calls",
  "retry_backoff",
  "faqs",
  "start_immediately",
  "start_at",
  "end_at",
  "campaign_timezone",
  "business_hours_start",
  "business_hours_end",
  "service",
] as const;

for (const kind of await routeDbKinds()) {
  describe(`POST /api/campaigns/:id/duplicate (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-duplicate-"));

    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir } });
      u = await buildUser(t);
    });
    after(async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const createWithList = async (name: string) => {
      const voiceId = (await t.request("GET", "/api/voices", { token: u.token })).body.voices[1].id as string;
      const form = new FormData();
      const fields = {
        name,
        description: "Warm leads from the fair",
        voice_id: voiceId,
        max_attempts: "2",
        time_gap: String(4 * 3600),
        max_concurrent_calls: "3",
        retry_backoff: "true",
        campaign_timezone: "Asia/Dubai",
        business_hours_start: "10:00",
        business_hours_end: "18:30",
        save_as_draft: "true",
        faqs: JSON.stringify({
          opening_line: "Hi {first_name}",
          goal: "Book a visit",
          faqs: [{ question: "Price?", answer: "From $49" }],
        }),
      };
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set(
        "csv_file",
        new Blob(["name,phone,city\nAsha Rao,+919876543210,Pune\nOmar Ali,+971501234567,Dubai\n"], {
          type: "text/csv",
        }),
        "fair.csv",
      );
      const res = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
      assert.equal(res.status, 201, res.text);
      return res.body.campaign;
    };

    test("answers a new draft named '<name> (copy)' with the same settings and FAQs and no contacts", async () => {
      const original = await createWithList("Fair leads");
      assert.equal(original.contact_count, 2);
      // Launched and paused: the copy is still a draft.
      assert.equal((await t.request("POST", `/api/campaigns/${original.id}/launch`, { token: u.token })).status, 200);
      assert.equal((await t.request("POST", `/api/campaigns/${original.id}/pause`, { token: u.token })).status, 200);

      const res = await t.request("POST", `/api/campaigns/${original.id}/duplicate`, { token: u.token });
      assert.equal(res.status, 201, res.text);
      const copy = res.body.campaign;
      assert.notEqual(copy.id, original.id);
      assert.equal(copy.name, "Fair leads (copy)");
      assert.equal(copy.status, "draft");
      assert.equal(copy.launched_at, null);
      for (const key of KEPT) assert.deepEqual(copy[key], original[key], key);
      assert.deepEqual([copy.contact_count, copy.csv_file, copy.rejected_count], [0, null, 0]);
      const contacts = await t.request("GET", `/api/campaigns/${copy.id}/contacts`, { token: u.token });
      assert.equal(contacts.body.total, 0);

      const stored = await t.request("GET", `/api/campaigns/${copy.id}`, { token: u.token });
      assert.deepEqual(stored.body.campaign, copy);
      const source = await t.request("GET", `/api/campaigns/${original.id}`, { token: u.token });
      assert.deepEqual(
        [source.body.campaign.status, source.body.campaign.contact_count],
        ["paused", 2],
        "the original is untouched",
      );
    });

    test("the copy asks the same qualifying questions, maps them to HubSpot alike, and has the variants", async () => {
      const original = await createWithList("Fleet review");
      const auth = { token: u.token };
      const fields = [
        { name: "Fleet size", type: "number", question: "How many vehicles do you run?" },
        { name: "Fuel card", type: "yes_no", question: "Do you use a fuel card?", qualifies_when: { yes: true } },
      ];
      const variants = [
        { opening_line: "Hi {first_name}, quick question about your fleet.", goal: "Book a fleet review" },
        { opening_line: "Hello {first_name}, we cut fuel bills by a fifth.", goal: "", voice_id: original.voice_id },
      ];
      const put = async (url: string, body: unknown) =>
        assert.equal((await t.request("PUT", `/api/campaigns/${original.id}/${url}`, { ...auth, body })).status, 200);
      await put("outcome-fields", { fields });
      await put("outcome-fields/crm", { hubspot: [{ field: "fleet_size", property: "fleet_size" }] });
      await put("experiment", { variants });
      // Launched: its contacts are split between the variants, which the copy must not inherit.
      assert.equal((await t.request("POST", `/api/campaigns/${original.id}/launch`, auth)).status, 200);

      const res = await t.request("POST", `/api/campaigns/${original.id}/duplicate`, auth);
      assert.equal(res.status, 201, res.text);
      const copy = res.body.campaign.id as string;
      const get = async (id: string, url: string) => (await t.request("GET", `/api/campaigns/${id}/${url}`, auth)).body;
      assert.deepEqual(await get(copy, "outcome-fields"), await get(original.id, "outcome-fields"));
      assert.equal((await get(copy, "outcome-fields")).fields.length, 2);
      assert.deepEqual(await get(copy, "outcome-fields/crm"), {
        hubspot: [{ field: "fleet_size", property: "fleet_size" }],
      });
      const [from, to] = [await get(original.id, "experiment"), await get(copy, "experiment")];
      assert.equal(from.state, "running");
      assert.deepEqual([to.state, to.started_at], ["ready", null], "a fresh experiment, not yet started");
      const definition = (v: { label: string; opening_line: string; goal: string; voice_id: string | null }) => ({
        label: v.label,
        opening_line: v.opening_line,
        goal: v.goal,
        voice_id: v.voice_id,
      });
      assert.deepEqual(to.variants.map(definition), from.variants.map(definition));
      assert.deepEqual(
        to.variants.map((v: { contacts: number; dialled: number }) => [v.contacts, v.dialled]),
        [
          [0, 0],
          [0, 0],
        ],
        "no contact assignment or results",
      );
      assert.notDeepEqual(
        to.variants.map((v: { variant_id: string }) => v.variant_id),
        from.variants.map((v: { variant_id: string }) => v.variant_id),
      );
    });

    test("a long name is shortened so the copy stays within 200 characters", async () => {
      const long = "L".repeat(200);
      const res = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: { name: long, save_as_draft: true },
      });
      assert.equal(res.status, 201, res.text);
      const copy = await t.request("POST", `/api/campaigns/${res.body.campaign.id}/duplicate`, { token: u.token });
      assert.equal(copy.status, 201, copy.text);
      assert.equal(copy.body.campaign.name.length, 200);
      assert.ok(copy.body.campaign.name.endsWith("L (copy)"));
    });

    test("an unknown id is 404; another organisation's campaign is 404 to them", async () => {
      const missing = await t.request("POST", "/api/campaigns/00000000-0000-4000-8000-000000000000/duplicate", {
        token: u.token,
      });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.code, "not_found");
      const mine = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: { name: "Private", save_as_draft: true },
      });
      await assertOrgIsolation(
        t,
        u,
        { method: "POST", path: `/api/campaigns/${mine.body.campaign.id}/duplicate` },
        { ownerStatus: 201 },
      );
    });
  });
}
