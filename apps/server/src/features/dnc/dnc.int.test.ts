import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

const csvForm = (text: string, country?: string) => {
  const form = new FormData();
  if (country) form.append("default_country", country);
  form.append("file", new Blob([text], { type: "text/csv" }), "dnc.csv");
  return form;
};

for (const kind of await routeDbKinds()) {
  describe(`do-not-call list over HTTP (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("add by hand (normalised to E.164), list, search, remove", async () => {
      const u = await buildUser(t);
      const add = await t.request("POST", "/api/dnc", {
        token: u.token,
        body: { phone: "+1 (415) 555-0100", reason: "Asked by email" },
      });
      assert.equal(add.status, 201);
      assert.deepEqual(add.body, { added: 1, already_listed: 0, rejected: [] });
      const again = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+14155550100" } });
      assert.equal(again.status, 200);
      assert.equal(again.body.already_listed, 1);

      const list = await t.request("GET", "/api/dnc?search=555", { token: u.token });
      assert.equal(list.body.total, 1);
      assert.equal(list.body.numbers[0].phone, "+14155550100");
      assert.equal(list.body.numbers[0].source, "manual");
      assert.equal((await t.request("GET", "/api/dnc?search=999", { token: u.token })).body.total, 0);

      const id = list.body.numbers[0].id;
      await assertOrgIsolation(t, u, { method: "DELETE", path: `/api/dnc/${id}` }, { ownerStatus: 204 });
      assert.equal((await t.request("GET", "/api/dnc", { token: u.token })).body.total, 0);
    });

    test("bad numbers are refused with a reason and nothing is stored", async () => {
      const u = await buildUser(t);
      const res = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "4155550100" } });
      assert.equal(res.status, 400);
      assert.match(res.body.error.message, /no \+country code/);
      const junk = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+1 123" } });
      assert.equal(junk.status, 400);
      assert.equal((await t.request("GET", "/api/dnc", { token: u.token })).body.total, 0);
    });

    test("CSV import keeps the good lines and reports the bad ones by line", async () => {
      const u = await buildUser(t);
      const csv = "name,phone\nA,09876543210\nB,not a number\nC,+44 20 7946 0958\nD,09876543210\n";
      const res = await t.request("POST", "/api/dnc", { token: u.token, body: csvForm(csv, "IN") });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.added, 2);
      assert.deepEqual(
        res.body.rejected.map((r: { line: number }) => r.line),
        [3],
      );
      const bad = await t.request("POST", "/api/dnc", { token: u.token, body: csvForm(csv, "India") });
      assert.equal(bad.status, 400);
    });

    test("each entry says how it was added and which campaign's call added it; search covers campaigns", async () => {
      const u = await buildUser(t);
      const campaignId = await insertCampaign(t.db, u.orgId);
      await t.services.dnc.markFromCall(
        u.orgId,
        "+14155550177",
        "Asked not to be called again during a call.",
        campaignId,
      );
      await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+14155550188" } });
      await t.request("POST", "/api/dnc", { token: u.token, body: csvForm("phone\n+14155550199\n") });
      const all = (await t.request("GET", "/api/dnc", { token: u.token })).body;
      const byPhone = Object.fromEntries(all.numbers.map((n: { phone: string }) => [n.phone, n]));
      assert.deepEqual(
        [byPhone["+14155550177"].source, byPhone["+14155550177"].campaign_id, byPhone["+14155550177"].campaign_name],
        ["call", campaignId, "Spring outreach"],
      );
      assert.deepEqual([byPhone["+14155550188"].source, byPhone["+14155550188"].campaign_name], ["manual", null]);
      assert.equal(byPhone["+14155550199"].source, "csv");

      const bySpring = (await t.request("GET", "/api/dnc?search=spring", { token: u.token })).body;
      assert.deepEqual(
        bySpring.numbers.map((n: { phone: string }) => n.phone),
        ["+14155550177"],
      );
      // A word with no digits must not match every number through an empty phone pattern.
      assert.equal((await t.request("GET", "/api/dnc?search=nothing%20here", { token: u.token })).body.total, 0);
      assert.equal(
        (await t.request("GET", "/api/dnc?search=100%25", { token: u.token })).body.total,
        0,
        "% is literal",
      );
      const paged = (await t.request("GET", "/api/dnc?page=2&page_size=2", { token: u.token })).body;
      assert.deepEqual([paged.total, paged.numbers.length, paged.page], [3, 1, 2]);

      await t.db.query("delete from campaigns where id = $1", [campaignId]);
      const after = (await t.request("GET", "/api/dnc?search=0177", { token: u.token })).body;
      assert.deepEqual(
        [after.total, after.numbers[0].campaign_name],
        [1, null],
        "the number stays listed when its campaign goes",
      );
    });

    test("a national number is read in the organisation's country, as a contact list is; a chosen wins", async () => {
      const u = await buildUser(t);
      // No time zone in Settings: no country is known, and the refusal points at the country picker.
      const unknown = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "0171 2345678" } });
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.error.details[0].path, "default_country");
      assert.match(unknown.body.error.message, /choose its country/);
      assert.equal((await t.request("GET", "/api/dnc", { token: u.token })).body.default_country, null);

      const settings = { timezone: "Europe/Berlin", business_hours_start: "09:00", business_hours_end: "17:00" };
      const put = await t.request("PUT", "/api/settings/organization", { token: u.token, body: settings });
      assert.equal(put.status, 200, put.text);
      assert.equal((await t.request("GET", "/api/dnc", { token: u.token })).body.default_country, "DE");
      const german = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "0171 2345678" } });
      assert.equal(german.status, 201, german.text);
      const csv = await t.request("POST", "/api/dnc", { token: u.token, body: csvForm("phone\n030 901820\n") });
      assert.equal(csv.body.added, 1, csv.text);
      const british = await t.request("POST", "/api/dnc", {
        token: u.token,
        body: { phone: "020 7946 0958", default_country: "GB" },
      });
      assert.equal(british.status, 201, british.text);
      const phones = (await t.request("GET", "/api/dnc", { token: u.token })).body.numbers.map(
        (n: { phone: string }) => n.phone,
      );
      assert.deepEqual(phones.sort(), ["+4930901820", "+491712345678", "+442079460958"].sort());
    });

    test("a campaign's contact on the list shows as do-not-call at once", async () => {
      const u = await buildUser(t);
      const campaignId = await insertCampaign(t.db, u.orgId);
      await insertContact(t.db, u.orgId, campaignId, { phone_e164: "+491712345678", name: "Jonas" });
      await insertContact(t.db, u.orgId, campaignId, { phone_e164: "+491712345679", name: "Lena", line_number: 3 });
      const before = await t.request("GET", `/api/campaigns/${campaignId}/contacts`, { token: u.token });
      assert.equal(before.status, 200, before.text);
      assert.deepEqual(
        before.body.contacts.map((c: { call_state: { do_not_call: boolean } }) => c.call_state.do_not_call),
        [false, false],
      );
      await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+49 171 2345678" } });
      const after = await t.request("GET", `/api/campaigns/${campaignId}/contacts`, { token: u.token });
      const byName = Object.fromEntries(
        after.body.contacts.map((c: { name: string; call_state: { do_not_call: boolean } }) => [
          c.name,
          c.call_state.do_not_call,
        ]),
      );
      assert.deepEqual(byName, { Jonas: true, Lena: false });
      // Another organisation's list says nothing about this one's contacts.
      const other = await buildUser(t);
      await t.request("POST", "/api/dnc", { token: other.token, body: { phone: "+491712345679" } });
      const still = await t.request("GET", `/api/campaigns/${campaignId}/contacts`, { token: u.token });
      assert.equal(still.body.contacts.find((c: { name: string }) => c.name === "Lena").call_state.do_not_call, false);
    });

    test("another org's list is separate; the dialer check sees only its own org", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      await t.request("POST", "/api/dnc", { token: a.token, body: { phone: "+919876500000" } });
      assert.equal((await t.request("GET", "/api/dnc", { token: b.token })).body.total, 0);
      assert.deepEqual(
        [...(await t.services.dnc.listed(a.orgId, ["+919876500000", "+919876500001"]))],
        ["+919876500000"],
      );
      assert.equal((await t.services.dnc.listed(b.orgId, ["+919876500000"])).size, 0);
    });
  });
}
