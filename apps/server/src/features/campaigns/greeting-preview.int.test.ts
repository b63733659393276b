import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const CSV = "Full Name,Mobile,Company\r\nAna Lima,+447911100001,Lima Bakery\r\nBob Stone,+447911100002,Stone Ltd\r\n";

const SAVED_LINE = "I'm calling {{company}} about faster support.";
const TYPED_LINE = "Hi {name}, this is Sam from Bright Dental. Is {company} still looking for help?";

async function createCampaign(t: TestApp, u: TestUser, csv: string | null, opening = SAVED_LINE): Promise<string> {
  const form = new FormData();
  const flow = { opening_line: opening, goal: "Book a demo", faqs: [] };
  form.set("faqs", JSON.stringify(flow));
  if (csv) form.set("csv_file", new Blob([csv], { type: "text/csv" }), "leads.csv");
  const q = new URLSearchParams({
    campaign_name: "Preview",
    direction: "outbound",
    save_as_draft: "true",
    campaign_timezone: "Europe/London",
    channel: "voice",
  });
  const res = await t.request("POST", `/api/create_campaign?${q}`, { token: u.token, body: form });
  assert.equal(res.status, 201, res.text);
  return res.body.campaign.id as string;
}

for (const kind of await routeDbKinds()) {
  describe(`greeting preview (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
    });
    after(() => t.close());

    test("the first contact's greeting: their name, the list's variables, the AI disclosure", async () => {
      const id = await createCampaign(t, u, CSV);
      const res = await t.request("GET", `/api/campaigns/${id}/greeting-preview`, { token: u.token });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.contact_name, "Ana Lima");
      assert.match(res.body.text, /^Hi Ana, /);
      assert.match(res.body.text, /AI assistant/);
      assert.match(res.body.text, /calling Lima Bakery about faster support\./);
      assert.doesNotMatch(res.body.text, /\{\{|Bob/);
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${id}/greeting-preview` });
    });

    test("the audio is a WAV of those words; an unknown voice falls back to the default", async () => {
      const id = await createCampaign(t, u, CSV);
      for (const voice of ["", "?voice_id=no-such-voice"]) {
        const res = await t.request("GET", `/api/campaigns/${id}/greeting-preview/audio${voice}`, { token: u.token });
        assert.equal(res.status, 200, res.text);
        assert.equal(res.headers.get("content-type"), "audio/wav");
        assert.ok(res.text.startsWith("RIFF"));
        assert.ok(Number(res.headers.get("content-length")) > 16_000, "at least half a second of 16 kHz audio");
      }
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${id}/greeting-preview/audio` });
    });

    test("no list yet: 409 saying to upload one; an unknown or malformed id: 404", async () => {
      const id = await createCampaign(t, u, null);
      const res = await t.request("GET", `/api/campaigns/${id}/greeting-preview`, { token: u.token });
      assert.equal(res.status, 409, res.text);
      assert.match(res.body.error.message, /Choose a contact list/);
      for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const r = await t.request("GET", `/api/campaigns/${bad}/greeting-preview`, { token: u.token });
        assert.equal(r.status, 404);
      }
    });

    test("a draft: the typed opening line for the checked file's first contact, as a call would say it", async () => {
      const list = new FormData();
      list.set("csv_file", new Blob([CSV], { type: "text/csv" }), "leads.csv");
      const checked = await t.request("POST", "/api/contacts/check", { token: u.token, body: list });
      assert.equal(checked.status, 200, checked.text);
      const res = await t.request("POST", "/api/campaigns/greeting-preview", {
        token: u.token,
        body: { opening_line: TYPED_LINE, contact: checked.body.first_contact },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.contact_name, "Ana Lima");
      assert.equal(
        res.body.text,
        "Hi Ana, this is Sam from Bright Dental. I'm an AI assistant, and this " +
          "call is recorded. Is Lima Bakery still looking for help?",
      );
      assert.doesNotMatch(res.body.text, /[{}]|Hi Ana, Hi/);
      // The same words the saved campaign's preview (the call's own rule) gives for that line and list.
      const id = await createCampaign(t, u, CSV, TYPED_LINE);
      const saved = await t.request("GET", `/api/campaigns/${id}/greeting-preview`, { token: u.token });
      assert.equal(saved.body.text, res.body.text);
    });

    test("a saved campaign's draft: the typed line for its first contact; names from Settings", async () => {
      const id = await createCampaign(t, u, CSV);
      const settings = await t.request("GET", "/api/settings/organization", { token: u.token });
      const put = await t.request("PUT", "/api/settings/organization", {
        token: u.token,
        body: { ...settings.body.settings, agent_name: "Riya", company_name: "Acme Dental" },
      });
      assert.equal(put.status, 200, put.text);
      const res = await t.request("POST", "/api/campaigns/greeting-preview", {
        token: u.token,
        body: { opening_line: "Do you have a minute, {first_name}?", campaign_id: id },
      });
      assert.equal(res.status, 200, res.text);
      assert.match(
        res.body.text,
        /^Hi Ana, this is Riya, an AI assistant calling on behalf of Acme Dental\..* Do you have a minute, Ana\?$/,
      );
      await assertOrgIsolation(t, u, {
        method: "POST",
        path: "/api/campaigns/greeting-preview",
        body: { opening_line: "Hello.", campaign_id: id },
      });
    });

    test("a draft's audio is a WAV in the chosen voice", async () => {
      const contact = { name: "Ana Lima", first_name: "Ana", last_name: "Lima", phone: "+447911100001", variables: {} };
      const res = await t.request("POST", "/api/campaigns/greeting-preview/audio", {
        token: u.token,
        body: { opening_line: TYPED_LINE, contact, voice_id: "no-such-voice" },
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.headers.get("content-type"), "audio/wav");
      assert.ok(res.text.startsWith("RIFF"));
      assert.ok(Number(res.headers.get("content-length")) > 16_000);
    });

    test("a draft without a list: 409; another org's or an unknown campaign: 404; too long: 400", async () => {
      const bare = await createCampaign(t, u, null);
      for (const body of [{ opening_line: "Hello." }, { opening_line: "Hello.", campaign_id: bare }]) {
        const res = await t.request("POST", "/api/campaigns/greeting-preview", { token: u.token, body });
        assert.equal(res.status, 409, res.text);
        assert.match(res.body.error.message, /^Choose a contact list/);
      }
      const unknown = await t.request("POST", "/api/campaigns/greeting-preview", {
        token: u.token,
        body: { opening_line: "Hello.", campaign_id: "not-a-uuid" },
      });
      assert.equal(unknown.status, 404);
      const long = await t.request("POST", "/api/campaigns/greeting-preview", {
        token: u.token,
        body: { opening_line: "a".repeat(1001) },
      });
      assert.equal(long.status, 400, long.text);
      const contact = { name: "x".repeat(2001), first_name: "", last_name: "", phone: "", variables: {} };
      assert.equal(
        (
          await t.request("POST", "/api/campaigns/greeting-preview", {
            token: u.token,
            body: { opening_line: "Hi.", contact },
          })
        ).status,
        400,
      );
    });
  });
}
