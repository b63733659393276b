import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

const csvForm = (text: string, country?: string) => {
  const form = new FormData();
  if (country) form.append("default_country", country);
  form.append("file", new Blob([text], { type: "text/csv" }), "dnc.csv");
  return form;
};

for (const kind of await dbKinds()) {
  describe(`do-not-call list over HTTP (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("add by hand (normalised to E.164), list, search, remove", async () => {
      const u = await buildUser(t);
      const add = await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+1 (415) 555-0100", reason: "Asked by email" } });
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
      assert.deepEqual(res.body.rejected.map((r: { line: number }) => r.line), [3]);
      const bad = await t.request("POST", "/api/dnc", { token: u.token, body: csvForm(csv, "India") });
      assert.equal(bad.status, 400);
    });

    test("each entry says how it was added and which campaign's call added it; search covers the campaign", async () => {
      const u = await buildUser(t);
      const [k] = await t.db.query<{ id: string }>("insert into campaigns (org_id, name) values ($1, 'Spring outreach') returning id", [u.orgId]);
      await t.services.dnc.markFromCall(u.orgId, "+14155550177", "Asked not to be called again during a call.", k!.id);
      await t.request("POST", "/api/dnc", { token: u.token, body: { phone: "+14155550188" } });
      await t.request("POST", "/api/dnc", { token: u.token, body: csvForm("phone\n+14155550199\n") });
      const all = (await t.request("GET", "/api/dnc", { token: u.token })).body;
      const byPhone = Object.fromEntries(all.numbers.map((n: { phone: string }) => [n.phone, n]));
      assert.deepEqual(
        [byPhone["+14155550177"].source, byPhone["+14155550177"].campaign_id, byPhone["+14155550177"].campaign_name],
        ["call", k!.id, "Spring outreach"],
      );
      assert.deepEqual([byPhone["+14155550188"].source, byPhone["+14155550188"].campaign_name], ["manual", null]);
      assert.equal(byPhone["+14155550199"].source, "csv");

      const bySpring = (await t.request("GET", "/api/dnc?search=spring", { token: u.token })).body;
      assert.deepEqual(bySpring.numbers.map((n: { phone: string }) => n.phone), ["+14155550177"]);
      // A word with no digits must not match every number through an empty phone pattern.
      assert.equal((await t.request("GET", "/api/dnc?search=nothing%20here", { token: u.token })).body.total, 0);
      assert.equal((await t.request("GET", "/api/dnc?search=100%25", { token: u.token })).body.total, 0, "% is literal");
      const paged = (await t.request("GET", "/api/dnc?page=2&page_size=2", { token: u.token })).body;
      assert.deepEqual([paged.total, paged.numbers.length, paged.page], [3, 1, 2]);

      await t.db.query("delete from campaigns where id = $1", [k!.id]);
      const after = (await t.request("GET", "/api/dnc?search=0177", { token: u.token })).body;
      assert.deepEqual([after.total, after.numbers[0].campaign_name], [1, null], "the number stays listed when its campaign goes");
    });

    test("another org's list is separate; the dialer check sees only its own org", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      await t.request("POST", "/api/dnc", { token: a.token, body: { phone: "+919876500000" } });
      assert.equal((await t.request("GET", "/api/dnc", { token: b.token })).body.total, 0);
      assert.deepEqual([...(await t.services.dnc.listed(a.orgId, ["+919876500000", "+919876500001"]))], ["+919876500000"]);
      assert.equal((await t.services.dnc.listed(b.orgId, ["+919876500000"])).size, 0);
    });
  });
}
