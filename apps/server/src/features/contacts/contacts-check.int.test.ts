import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

// A list with what a first upload holds: good rows, a bad and a missing number, a duplicate, a national number.
const CSV =
  [
    "Full Name,Mobile,Company",
    "Ana Lima,+447911100001,Lima Bakery",
    "Bob Stone,12-34,Stone Ltd",
    "Cy Park,,Park & Co",
    ",+44 7911 100001,",
    "Dee Ray,07911 100003,Ray Ltd",
  ].join("\n") + "\n";

const form = (csv: string | Blob, fields: Record<string, string> = {}) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  f.set("csv_file", csv instanceof Blob ? csv : new Blob([csv], { type: "text/csv" }), "leads.csv");
  return f;
};

for (const kind of await routeDbKinds()) {
  describe(`contact list check (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
    });
    after(() => t.close());
    const check = (body: FormData) => t.request("POST", "/api/contacts/check", { token: u.token, body });

    test("counts, rejected rows (line, reason), columns, variables, the first contact; nothing is stored", async () => {
      const res = await check(form(CSV, { campaign_timezone: "Europe/London" }));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.contact_count, 2);
      assert.equal(res.body.rejected_count, 2);
      assert.deepEqual(
        res.body.rejected_rows.map((r: { line: number; reason: string }) => [r.line, r.reason]),
        [
          [3, 'Invalid phone number "12-34"'],
          [4, "Missing phone number"],
        ],
      );
      assert.equal(res.body.duplicates_merged, 1);
      assert.deepEqual(res.body.columns, ["Full Name", "Mobile", "Company"]);
      assert.deepEqual(res.body.variables, ["name", "first_name", "last_name", "phone", "email", "company"]);
      assert.deepEqual(res.body.first_contact, {
        name: "Ana Lima",
        first_name: "Ana",
        last_name: "Lima",
        phone: "+447911100001",
        variables: { company: "Lima Bakery" },
      });
      const [stored] = await t.db.query<{ n: number }>("select count(*)::int as n from contacts where org_id = $1", [
        u.orgId,
      ]);
      assert.equal(stored!.n, 0, "a check stores no contact");
    });

    test("the same rows as the import rejects after saving, numbers read in the campaign's timezone", async () => {
      const checked = await check(form(CSV, { campaign_timezone: "Europe/London" }));
      const q = new URLSearchParams({
        campaign_name: "Same parser",
        save_as_draft: "true",
        campaign_timezone: "Europe/London",
      });
      const saved = await t.request("POST", `/api/create_campaign?${q}`, { token: u.token, body: form(CSV) });
      assert.equal(saved.status, 201, saved.text);
      assert.deepEqual(checked.body.rejected_rows, saved.body.campaign.rejected_rows);
      assert.equal(checked.body.contact_count, saved.body.campaign.contact_count);
      // In New York "07911 100003" is no number: the timezone decides the country, as on import.
      const american = await check(form(CSV, { campaign_timezone: "America/New_York" }));
      assert.equal(american.body.rejected_count, 3, american.text);
      assert.deepEqual(american.body.rejected_rows[2], {
        line: 6,
        reason: 'Invalid phone number "07911 100003"',
        raw: "Dee Ray,07911 100003,Ray Ltd",
      });
    });

    test("a long list of bad rows: all counted, the first 100 listed", async () => {
      const rows = Array.from({ length: 150 }, (_, i) => `Nobody ${i},not a number`);
      const res = await check(form(["name,phone", ...rows].join("\n")));
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.rejected_count, 150);
      assert.equal(res.body.rejected_rows.length, 100);
      assert.equal(res.body.rejected_rows[99].line, 101);
      assert.equal(res.body.contact_count, 0);
      assert.equal(res.body.first_contact, null);
    });

    test("not a CSV: the import's 400 message; no file, a bad timezone: 400; signed out: 401", async () => {
      const png = new Blob([Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex")], {
        type: "text/csv",
      });
      const res = await check(form(png));
      assert.equal(res.status, 400, res.text);
      const q = new URLSearchParams({ campaign_name: "Not a CSV", save_as_draft: "true" });
      const imported = await t.request("POST", `/api/create_campaign?${q}`, { token: u.token, body: form(png) });
      assert.equal(imported.status, 400, imported.text);
      assert.equal(res.body.error.message, imported.body.error.message);
      assert.match(res.body.error.message, /^Please select a valid CSV file: /);

      const empty = new FormData();
      empty.set("campaign_timezone", "UTC");
      assert.equal((await check(empty)).status, 400);
      const zone = await check(form(CSV, { campaign_timezone: "Mars/Olympus" }));
      assert.equal(zone.status, 400, zone.text);
      assert.match(zone.text, /valid timezone/);
      assert.equal((await t.request("POST", "/api/contacts/check", { body: form(CSV) })).status, 401);
    });
  });
}
