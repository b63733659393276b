import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { storedKeys } from "../../../../../tests/support/stored-files.ts";

const csvForm = (
  csv: string | Buffer,
  fields: Record<string, string> = {},
  fileName = "leads.csv",
  type = "text/csv",
) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("csv_file", new Blob([typeof csv === "string" ? csv : new Uint8Array(csv)], { type }), fileName);
  return form;
};

for (const kind of await routeDbKinds()) {
  describe(`campaign contact lists over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-contacts-"));
    // Through the store: on PostgreSQL the lists are kept in the database, on PGlite in DATA_DIR/files.
    const storedFiles = () => storedKeys(t.services.storage, `csv/${u.orgId}/`);

    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir } });
      u = await buildUser(t);
    });
    after(async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test("multipart create with the spec's query parameters: good rows import, bad rows are reported", async () => {
      const rows = ["Full Name,Mobile,Email,Company,persona"];
      for (let i = 1; i <= 50; i++)
        rows.push(
          i % 5 === 0
            ? `Bad ${i},not a number,,Acme,`
            : `Lead ${i},98765${String(i).padStart(5, "0")},l${i}@x.io,"Acme, Inc",friendly`,
        );
      rows.push("Dup,+91 98765 00001,,,");
      const csv = rows.join("\r\n") + "\r\n";
      const q = new URLSearchParams({
        campaign_name: "Upload",
        direction: "outbound",
        max_attempts: "2",
        time_gap: "7200",
        save_as_draft: "false",
        start_immediately: "true",
        campaign_timezone: "Asia/Kolkata",
        channel: "voice",
      });
      const res = await t.request("POST", `/api/create_campaign?${q}`, { token: u.token, body: csvForm(csv) });
      assert.equal(res.status, 201, res.text);
      const c = res.body.campaign;
      assert.deepEqual([c.name, c.status, c.max_attempts], ["Upload", "active", 2]);
      assert.deepEqual(c.csv_file, { name: "leads.csv", size: Buffer.byteLength(csv) });
      assert.equal(c.csv_file_name, "leads.csv");
      assert.deepEqual([c.contact_count, c.rejected_count, c.duplicates_merged], [40, 10, 1]);
      assert.deepEqual(
        c.rejected_rows.map((r: { line: number }) => r.line),
        [6, 11, 16, 21, 26, 31, 36, 41, 46, 51],
      );
      assert.equal(c.rejected_rows[0].reason, 'Invalid phone number "not a number"');

      const page = await t.request("GET", `/api/campaigns/${c.id}/contacts?page=1&page_size=3`, { token: u.token });
      assert.equal(page.status, 200);
      assert.equal(page.body.total, 40);
      assert.deepEqual(page.body.contacts[0], {
        ...page.body.contacts[0],
        line_number: 2,
        name: "Lead 1",
        first_name: "Lead",
        last_name: "1",
        phone: "+919876500001",
        email: "l1@x.io",
        persona: "friendly",
        variables: { company: "Acme, Inc", persona: "friendly" },
      });
      const found = await t.request("GET", `/api/campaigns/${c.id}/contacts?search=l7@x.io`, { token: u.token });
      assert.deepEqual(
        found.body.contacts.map((x: { name: string }) => x.name),
        ["Lead 7"],
      );
      assert.equal((await storedFiles()).length, 1, "the original file is kept");
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${c.id}/contacts` });
    });

    test("fields in the form itself (the web app's way), Latin-1 file with semicolons", async () => {
      const latin1 = Buffer.from("Nombre;Teléfono;Ciudad\r\nJosé;+34 612 345 678;Málaga\r\n", "latin1");
      const res = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: csvForm(latin1, {
          name: "Spain",
          save_as_draft: "true",
          campaign_timezone: "Europe/Madrid",
          faqs: JSON.stringify({ goal: "Renew", faqs: [] }),
        }),
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.campaign.contact_count, 1);
      const list = await t.request("GET", `/api/campaigns/${res.body.campaign.id}/contacts`, { token: u.token });
      assert.deepEqual([list.body.contacts[0].name, list.body.contacts[0].variables], ["José", { ciudad: "Málaga" }]);
    });

    test("a file that is not a CSV is refused and leaves nothing behind", async () => {
      const before = (await storedFiles()).length;
      const total = (await t.request("GET", "/api/campaigns", { token: u.token })).body.total;
      const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
      for (const [body, why] of [
        [png, /PNG file/],
        [Buffer.from("name,email\nAsha,a@x.io\n"), /no column of phone numbers/],
      ] as const) {
        const res = await t.request("POST", "/api/create_campaign", {
          token: u.token,
          body: csvForm(body, { name: "Bad file" }),
        });
        assert.equal(res.status, 400);
        assert.match(res.body.error.message, /^Please select a valid CSV file/);
        assert.match(res.body.error.message, why);
      }
      const invalidFields = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: csvForm("phone\n9876543210\n", { name: "x", max_attempts: "7" }),
      });
      assert.equal(invalidFields.status, 400);
      assert.equal((await storedFiles()).length, before);
      assert.equal((await t.request("GET", "/api/campaigns", { token: u.token })).body.total, total);
    });

    test("a file over 50 MB answers 413 and stores nothing", async () => {
      const before = (await storedFiles()).length;
      const big = Buffer.alloc(50 * 1024 * 1024 + 1024, "a,9876543210\n");
      const res = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: csvForm(big, { name: "Huge" }),
      });
      assert.equal(res.status, 413);
      assert.equal(res.body.error.code, "payload_too_large");
      assert.equal(res.body.error.message, "CSV file too large. Maximum size is 50 MB.");
      assert.equal((await storedFiles()).length, before);
    });

    test("a big list (parsed on a worker, stored in batches) keeps merges across batches", async () => {
      const rows = ["name,phone,company,notes"];
      for (let i = 0; i < 30_000; i++) rows.push(`Lead ${i},+9198${String(i).padStart(8, "0")},,${"n".repeat(60)}`);
      rows.push("Again,+919800000007,Acme,");
      const res = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: csvForm(rows.join("\n"), { name: "Big", save_as_draft: "true" }),
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual([res.body.campaign.contact_count, res.body.campaign.duplicates_merged], [30_000, 1]);
      const found = await t.request("GET", `/api/campaigns/${res.body.campaign.id}/contacts?search=%2B919800000007`, {
        token: u.token,
      });
      assert.deepEqual(
        found.body.contacts.map((c: { name: string; variables: object }) => [c.name, c.variables]),
        [["Lead 7", { company: "Acme", notes: "n".repeat(60) }]],
      );
    });

    test("a new CSV on update replaces the list and the stored file; a bad one keeps the old list", async () => {
      const created = await t.request("POST", "/api/create_campaign", {
        token: u.token,
        body: csvForm("phone\n9876543210\n9876543211\n", { name: "Replace", save_as_draft: "true" }),
      });
      const id = created.body.campaign.id;
      const filesBefore = (await storedFiles()).length;
      const put = await t.request("PUT", `/api/campaigns/${id}`, {
        token: u.token,
        body: csvForm("number,name\n+971501234567,Omar\n", { name: "Replaced" }, "new.csv"),
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(
        [put.body.campaign.name, put.body.campaign.contact_count, put.body.campaign.csv_file.name],
        ["Replaced", 1, "new.csv"],
      );
      assert.equal((await storedFiles()).length, filesBefore, "the old file was removed, the new one kept");
      const bad = await t.request("PUT", `/api/campaigns/${id}`, {
        token: u.token,
        body: csvForm("just text, no numbers\n", {}, "bad.csv"),
      });
      assert.equal(bad.status, 400);
      const list = await t.request("GET", `/api/campaigns/${id}/contacts`, { token: u.token });
      assert.deepEqual(
        list.body.contacts.map((x: { phone: string }) => x.phone),
        ["+971501234567"],
      );
      assert.equal((await storedFiles()).length, filesBefore);

      const del = await t.request("DELETE", `/api/campaigns/${id}`, { token: u.token });
      assert.equal(del.status, 200);
      assert.equal((await storedFiles()).length, filesBefore - 1, "deleting the campaign deletes its file");
    });
  });
}
