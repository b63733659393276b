import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

for (const kind of await routeDbKinds()) {
  describe(`campaigns over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    let voiceId: string;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-campaigns-"));
    const create = (body: Record<string, unknown>, user = u) =>
      t.request("POST", "/api/create_campaign", { token: user.token, body });
    const count = async (user = u) =>
      (await t.request("GET", "/api/campaigns", { token: user.token })).body.total as number;

    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir } });
      u = await buildUser(t);
      voiceId = (await t.request("GET", "/api/voices", { token: u.token })).body.voices[0].id;
    });
    after(async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test("a draft from the spec's JSON payload, answered with both naming variants and the defaults", async () => {
      const res = await create({
        campaign_name: "  Spring promo ",
        campaign_description: "Call warm leads",
        direction: "outbound",
        channel: "voice",
        voice_id: voiceId,
        max_attempts: 3,
        time_gap: 4 * 3600,
        save_as_draft: "true",
        start_immediately: true,
        faqs: JSON.stringify({
          opening_line: "Hi {{first_name}}!",
          goal: "Book a demo",
          faqs: [{ question: "Price?", answer: "From $49" }],
        }),
      });
      assert.equal(res.status, 201, res.text);
      const c = res.body.campaign;
      assert.equal(c.status, "draft");
      assert.equal(c.id, c.campaign_id);
      assert.equal(c.name, "Spring promo");
      assert.equal(c.campaign_name, "Spring promo");
      assert.equal(c.type, "outbound");
      assert.deepEqual([c.max_attempts, c.time_gap, c.voice_id], [3, 14400, voiceId]);
      assert.deepEqual(c.faqs, {
        opening_line: "Hi {{first_name}}!",
        goal: "Book a demo",
        faqs: [{ question: "Price?", answer: "From $49" }],
      });
      assert.deepEqual(
        [c.campaign_timezone, c.business_hours_start, c.business_hours_end, c.service, c.is_active],
        ["Asia/Kolkata", "09:00", "17:00", "sales", false],
      );
      assert.deepEqual([c.calls_made, c.success_rate, c.contact_count, c.csv_file], [0, 0, 0, null]);
      const got = await t.request("GET", `/api/campaigns/${c.id}`, { token: u.token });
      assert.deepEqual(got.body.campaign, c);
    });

    test("plain-text faqs become the goal; launching at once is active, a future start is scheduled", async () => {
      const now = await create({ name: "Now", faqs: "Ask about renewals", voice_id: voiceId });
      assert.equal(now.body.campaign.status, "active");
      assert.equal(now.body.campaign.faqs.goal, "Ask about renewals");
      assert.ok(now.body.campaign.launched_at);
      const later = await create({
        name: "Later",
        start_immediately: "false",
        start_datetime: inDays(1),
        end_datetime: inDays(3),
        campaign_timezone: "Asia/Dubai",
      });
      assert.equal(later.body.campaign.status, "scheduled");
      assert.equal(later.body.campaign.start_at, later.body.campaign.start_datetime);
    });

    test("wall-clock dates are read in the campaign's timezone", async () => {
      const res = await create({
        name: "Zoned",
        save_as_draft: true,
        start_immediately: false,
        campaign_timezone: "Asia/Kolkata",
        start_datetime: "2030-01-05T10:00",
        end_datetime: "2030-01-06T10:00",
      });
      assert.equal(res.body.campaign.start_at, "2030-01-05T04:30:00.000Z");
    });

    test("bad input gets a clear message and changes nothing", async () => {
      const before = await count();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ name: "  " }, "Campaign name is required"],
        [{ name: "x", start_immediately: false }, "Start date is required for scheduled campaigns"],
        [
          { name: "x", start_immediately: false, start_datetime: inDays(1) },
          "End date is required for scheduled campaigns",
        ],
        [
          { name: "x", start_immediately: false, start_datetime: inDays(2), end_datetime: inDays(1) },
          "End date must be after start date",
        ],
        [{ name: "x", max_attempts: 6 }, "Maximum attempts must be a whole number from 1 to 5."],
        [{ name: "x", max_attempts: 0 }, "Maximum attempts must be a whole number from 1 to 5."],
        [
          { name: "x", time_gap: 120 },
          "Time gap must be 1, 2, 4, 6, 8, 12 or 24 hours (sent in seconds: hours × 3600, e.g. 7200 for 2 hours).",
        ],
        [
          { name: "x", time_gap: 3 * 3600 },
          "Time gap must be 1, 2, 4, 6, 8, 12 or 24 hours (sent in seconds: hours × 3600, e.g. 7200 for 2 hours).",
        ],
        [{ name: "x", voice_id: "no-such-voice" }, "Unknown voice. Please choose a voice from the list."],
        [{ name: "x", channel: "email" }, "Only the Voice channel is available for now."],
        [{ name: "x", channel: "whatsapp" }, "Only the Voice channel is available for now."],
        [{ name: "x", direction: "inbound" }, "Inbound number is required for inbound campaigns"],
        [
          { name: "x", campaign_timezone: "Mars/Olympus" },
          "Please choose a valid timezone (an IANA name such as Asia/Kolkata).",
        ],
        [
          { name: "x", business_hours_start: "09:15" },
          "Business hours must be HH:MM in 30-minute steps (00:00 to 23:30).",
        ],
        [
          { name: "x", start_immediately: false, start_datetime: inDays(-3), end_datetime: inDays(-2) },
          "This campaign's end date has already passed. Change its dates before starting it.",
        ],
      ];
      for (const [body, message] of cases) {
        const res = await create(body);
        assert.equal(res.status, 400, `${JSON.stringify(body)} → ${res.text}`);
        assert.equal(res.body.error.code, "validation_failed");
        assert.equal(res.body.error.message, message);
        assert.ok(Array.isArray(res.body.error.details));
      }
      assert.equal(await count(), before);
    });

    test("list: search over the spec's fields, status filter, paging and total", async () => {
      const me = await buildUser(t);
      const names = [
        "Alpha outreach",
        "Beta renewals",
        "Gamma upsell",
        "Delta winback",
        "Epsilon survey",
        "Zeta reminders",
      ];
      for (const name of names)
        await create(
          { name, description: name === "Gamma upsell" ? "Quarterly PREMIUM plan" : "", save_as_draft: true },
          me,
        );
      const c = (
        await create(
          {
            name: "Scheduled one",
            start_immediately: false,
            start_datetime: "2031-07-14T09:00",
            end_datetime: "2031-07-20T09:00",
          },
          me,
        )
      ).body.campaign;
      const list = (q: string) => t.request("GET", `/api/campaigns${q}`, { token: me.token });

      const page2 = await list("?page=2&page_size=5");
      assert.deepEqual(
        [page2.body.total, page2.body.page, page2.body.page_size, page2.body.campaigns.length],
        [7, 2, 5, 2],
      );
      const page1 = await list("?page=1&page_size=5");
      assert.equal(page1.body.campaigns[0].id, c.id, "newest first");
      assert.deepEqual(
        (await list("?search=premium")).body.campaigns.map((x: { name: string }) => x.name),
        ["Gamma upsell"],
      );
      assert.deepEqual(
        (await list("?search=BETA")).body.campaigns.map((x: { name: string }) => x.name),
        ["Beta renewals"],
      );
      assert.equal((await list("?search=draft")).body.total, 6);
      assert.equal((await list("?search=outbound")).body.total, 7);
      assert.deepEqual(
        (await list("?search=14-07-2031")).body.campaigns.map((x: { id: string }) => x.id),
        [c.id],
      );
      assert.deepEqual(
        (await list("?search=2031-07-20")).body.campaigns.map((x: { id: string }) => x.id),
        [c.id],
      );
      assert.equal((await list("?search=100%25")).body.total, 0, "% is literal");
      assert.equal((await list("?status=scheduled")).body.total, 1);
      assert.equal((await list("?status=active,paused")).body.total, 0);
      const bad = await list("?status=bogus");
      assert.equal(bad.status, 400);
      assert.match(bad.body.error.message, /status must be one or more of draft, scheduled/);
      assert.equal((await list("?page_size=500")).status, 400);
    });

    test("update: only the fields sent change; bad updates change nothing", async () => {
      const c = (await create({ name: "Editable", max_attempts: 2, voice_id: voiceId, save_as_draft: true })).body
        .campaign;
      const put = await t.request("PUT", `/api/campaigns/${c.id}`, {
        token: u.token,
        body: { name: "Edited", time_gap: 86400 },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(
        [
          put.body.campaign.name,
          put.body.campaign.max_attempts,
          put.body.campaign.time_gap,
          put.body.campaign.voice_id,
        ],
        ["Edited", 2, 86400, voiceId],
      );
      assert.equal(put.body.campaign.status, "draft");
      const bad = await t.request("PUT", `/api/campaigns/${c.id}`, {
        token: u.token,
        body: { name: "Nope", max_attempts: 9 },
      });
      assert.equal(bad.status, 400);
      const got = await t.request("GET", `/api/campaigns/${c.id}`, { token: u.token });
      assert.equal(got.body.campaign.name, "Edited");
      const immediate = await t.request("PUT", `/api/campaigns/${c.id}`, {
        token: u.token,
        body: { start_immediately: false, start_datetime: inDays(1), end_datetime: inDays(2) },
      });
      assert.equal(immediate.body.campaign.start_immediately, false);
      const cleared = await t.request("PUT", `/api/campaigns/${c.id}`, {
        token: u.token,
        body: { start_immediately: true },
      });
      assert.deepEqual(
        [cleared.body.campaign.start_at, cleared.body.campaign.end_at],
        [null, null],
        "immediate clears the dates",
      );
    });

    test("launch, pause, resume, stop; other moves answer 409", async () => {
      const c = (await create({ name: "Lifecycle", save_as_draft: true })).body.campaign;
      const act = (a: string) => t.request("POST", `/api/campaigns/${c.id}/${a}`, { token: u.token });
      assert.equal((await act("pause")).status, 409);
      assert.equal((await act("launch")).body.campaign.status, "active");
      const again = await act("launch");
      assert.deepEqual(
        [again.status, again.body.error.code, again.body.error.message],
        [409, "conflict", "Only a draft campaign can be launched; this one is active."],
      );
      assert.equal((await act("resume")).status, 409);
      assert.equal((await act("pause")).body.campaign.status, "paused");
      assert.equal((await act("resume")).body.campaign.status, "active");
      assert.equal((await act("stop")).body.campaign.status, "stopped");
      assert.equal((await act("stop")).body.error.message, "This campaign is already stopped.");
      assert.equal((await act("launch")).status, 409);
    });

    test("delete removes the campaign; a malformed id is 404", async () => {
      const c = (await create({ name: "Doomed" })).body.campaign;
      const del = await t.request("DELETE", `/api/campaigns/${c.id}`, { token: u.token });
      assert.equal(del.status, 200);
      assert.equal((await t.request("GET", `/api/campaigns/${c.id}`, { token: u.token })).status, 404);
      assert.equal((await t.request("DELETE", `/api/campaigns/${c.id}`, { token: u.token })).status, 404);
      assert.equal((await t.request("GET", "/api/campaigns/not-a-uuid", { token: u.token })).status, 404);
    });

    test("every endpoint hides another organisation's campaign (404)", async () => {
      const draft = async () => (await create({ name: "Mine", save_as_draft: true })).body.campaign.id as string;
      const id = await draft();
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${id}` });
      await assertOrgIsolation(t, u, { method: "GET", path: `/api/campaigns/${id}/contacts` });
      await assertOrgIsolation(t, u, { method: "PUT", path: `/api/campaigns/${id}`, body: { description: "x" } });
      await assertOrgIsolation(t, u, { method: "POST", path: `/api/campaigns/${id}/launch` });
      await assertOrgIsolation(t, u, { method: "POST", path: `/api/campaigns/${id}/pause` });
      await assertOrgIsolation(t, u, { method: "POST", path: `/api/campaigns/${id}/resume` });
      await assertOrgIsolation(t, u, { method: "POST", path: `/api/campaigns/${id}/stop` });
      await assertOrgIsolation(t, u, { method: "DELETE", path: `/api/campaigns/${await draft()}` });
      const stranger = await buildUser(t);
      const theirs = await t.request("GET", "/api/campaigns", { token: stranger.token });
      assert.equal(theirs.body.total, 0);
      assert.equal((await t.request("GET", "/api/campaigns")).status, 401);
      assert.equal((await t.request("POST", "/api/create_campaign", { body: { name: "x" } })).status, 401);
    });
  });
}
