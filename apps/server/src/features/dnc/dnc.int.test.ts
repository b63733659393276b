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
