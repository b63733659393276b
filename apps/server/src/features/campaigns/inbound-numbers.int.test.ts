import assert from "node:assert/strict";
import fs from "node:fs";
import { after, before, describe, test } from "node:test";
import { startFakeTwilio, type FakeTwilio } from "../../../../../tests/support/fake-twilio.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { TWILIO_PUBLIC_URL, TWILIO_SID, TWILIO_TOKEN } from "../../../../../tests/support/twilio-harness.ts";

// An inbound number is one number however it is written: stored and looked up in E.164, so another organisation
// cannot claim a variant of it, and a call to a variant reaches the campaign that holds the number.
const INCOMING = `${TWILIO_PUBLIC_URL}/api/telephony/twilio/incoming`;
const NUMBER = "+15550100200";
let sid = 0;

for (const kind of await dbKinds()) {
  describe(`inbound numbers are compared in E.164 (${kind})`, () => {
    let fake: FakeTwilio;
    let t: TestApp;
    let holder: TestUser;
    let rival: TestUser;
    let campaignId: string;
    const create = (user: TestUser, name: string, inbound_number: string, start = false) =>
      t.request("POST", "/api/create_campaign", {
        token: user.token,
        body: {
          name,
          direction: "inbound",
          inbound_number,
          ...(start ? { start_immediately: true } : { save_as_draft: true }),
        },
      });

    before(async () => {
      fake = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
      t = await startTestApp(kind, {
        env: {
          TELEPHONY: "twilio",
          TWILIO_ACCOUNT_SID: TWILIO_SID,
          TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
          TWILIO_FROM: "+15005550006",
          PUBLIC_URL: TWILIO_PUBLIC_URL,
          TWILIO_API_BASE: fake.apiBase,
        },
      });
      fake.routeTo(t.baseUrl);
      holder = await buildUser(t);
      rival = await buildUser(t);
      const created = await create(holder, "Front desk", NUMBER, true);
      assert.equal(created.status, 201, created.text);
      campaignId = created.body.campaign.id;
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    test("a variant of a number another campaign holds is refused 409 naming the number", async () => {
      for (const variant of ["15550100200", "0015550100200", "+1 555 010 0200", "+1 (555) 010-0200"]) {
        const res = await create(rival, "Copycat", variant);
        assert.equal(res.status, 409, `${variant}: ${res.text}`);
        assert.equal(res.body.error.code, "conflict");
        assert.match(res.body.error.message, /\+15550100200 is already used by another campaign/);
      }
      const rows = await t.db.query("select 1 from campaigns where org_id = $1", [rival.orgId]);
      assert.equal(rows.length, 0);
    });

    test("a number written with 00 or without + is stored in E.164, without a national 0", async () => {
      const bare = await create(rival, "Bare", "0015550100299");
      assert.equal(bare.status, 201, bare.text);
      assert.equal(bare.body.campaign.inbound_number, "+15550100299");
      const trunk = await create(rival, "London", "+44 (0)20 7183 8750");
      assert.equal(trunk.status, 201, trunk.text);
      assert.equal(trunk.body.campaign.inbound_number, "+442071838750");
      const sip = await create(rival, "Desk", "sales");
      assert.equal(sip.body.campaign.inbound_number, "sales", "a SIP user stays as typed");
    });

    test("a call to a variant of the number reaches the campaign that holds it", async () => {
      for (const to of ["15550100200", "0015550100200"]) {
        sid++;
        const res = await fake.webhook(INCOMING, {
          CallSid: `CA${String(sid).padStart(32, "0")}`,
          AccountSid: TWILIO_SID,
          From: "+15550102030",
          To: to,
          CallStatus: "ringing",
          Direction: "inbound",
        });
        assert.equal(res.status, 200);
        assert.match(res.text, /<Connect><Stream/, `${to}: ${res.text}`);
        const [row] = await t.db.query<{ campaign_id: string; org_id: string }>(
          "select campaign_id, org_id from calls where direction = 'INBOUND' and ended_at is null",
        );
        assert.deepEqual([row?.campaign_id, row?.org_id], [campaignId, holder.orgId], to);
        await t.db.query("update calls set ended_at = now(), status = 'completed' where campaign_id = $1", [
          campaignId,
        ]);
      }
    });

    test("the migration rewrites numbers saved as typed; of two variants the first created keeps it", async () => {
      const org = (await buildUser(t)).orgId;
      const insert = async (name: string, inbound_number: string, status: string, at: string) =>
        (
          await t.db.query<{ id: string }>(
            `insert into campaigns (org_id, name, direction, inbound_number, status, created_at)
             values ($1, $2, 'inbound', $3, $4, $5) returning id`,
            [org, name, inbound_number, status, at],
          )
        )[0]!.id;
      const first = await insert("First", "0015550100777", "active", "2026-01-01T00:00:00Z");
      const later = await insert("Later", "+15550100777", "active", "2026-02-01T00:00:00Z");
      const bare = await insert("Bare", "15550100778", "draft", "2026-01-01T00:00:00Z");
      const sip = await insert("Desk", "frontdesk", "draft", "2026-01-01T00:00:00Z");
      const sql = fs.readFileSync(
        new URL("../../platform/migrations/0250_inbound_numbers_e164.sql", import.meta.url),
        "utf8",
      );
      await t.db.exec(sql);
      const rows = await t.db.query<{
        id: string;
        inbound_number: string | null;
        status: string;
        status_reason: string | null;
      }>("select id, inbound_number, status, status_reason from campaigns where id = any($1)", [
        [first, later, bare, sip],
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      assert.deepEqual([byId.get(first)!.inbound_number, byId.get(first)!.status], ["+15550100777", "active"]);
      assert.deepEqual([byId.get(later)!.inbound_number, byId.get(later)!.status], [null, "paused"]);
      assert.match(byId.get(later)!.status_reason!, /\+15550100777 is held by another campaign/);
      assert.equal(byId.get(bare)!.inbound_number, "+15550100778");
      assert.equal(byId.get(sip)!.inbound_number, "frontdesk");
    });
  });
}
