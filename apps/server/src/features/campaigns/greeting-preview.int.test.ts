import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

const CSV = "Full Name,Mobile,Company\r\nAna Lima,+447911100001,Lima Bakery\r\nBob Stone,+447911100002,Stone Ltd\r\n";

async function createCampaign(t: TestApp, u: TestUser, csv: string | null): Promise<string> {
  const form = new FormData();
  const flow = { opening_line: "I'm calling {{company}} about faster support.", goal: "Book a demo", faqs: [] };
  form.set("faqs", JSON.stringify(flow));
  if (csv) form.set("csv_file", new Blob([csv], { type: "text/csv" }), "leads.csv");
  const q = new URLSearchParams({ campaign_name: "Preview", direction: "outbound", save_as_draft: "true", campaign_timezone: "Europe/London", channel: "voice" });
  const res = await t.request("POST", `/api/create_campaign?${q}`, { token: u.token, body: form });
  assert.equal(res.status, 201, res.text);
  return res.body.campaign.id as string;
}

for (const kind of await dbKinds()) {
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
      assert.match(res.body.error.message, /Upload a contact list/);
      for (const bad of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
        const r = await t.request("GET", `/api/campaigns/${bad}/greeting-preview`, { token: u.token });
        assert.equal(r.status, 404);
      }
    });
  });
}
