import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { CallDetail } from "@parley/shared/call-history";
import type { CampaignScorecard } from "@parley/shared/scorecard";
import { BOOKED_AT, BOOKED_CALL, GREETING, turns } from "../../../../../tests/support/scorecard-calls.ts";
import { insertAgentMeeting, insertCall, insertCampaign } from "../../../../../tests/support/seed.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const ANSWERED = "2026-11-20T15:00:00Z";
const after_ = (secs: number) => new Date(Date.parse(ANSWERED) + secs * 1000).toISOString();

for (const kind of await routeDbKinds()) {
  describe(`scorecards on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    const ids: Record<string, string> = {};
    const detail = async (id: string) => {
      const res = await t.request<CallDetail>("GET", `/api/call-history/${id}`, { token: owner.token });
      assert.equal(res.status, 200, res.text);
      return res.body.call;
    };
    const campaignCard = async (qs = "") => {
      const res = await t.request<CampaignScorecard>("GET", `/api/campaigns/${campaignId}/scorecard${qs}`, {
        token: owner.token,
      });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const ended = (secs: number) => ({ answered_at: ANSWERED, started_at: after_(-10), ended_at: after_(secs) });

    before(async () => {
      t = await startTestApp(kind);
      owner = await buildUser(t);
      campaignId = await insertCampaign(t.db, owner.orgId, {
        name: "Demo week",
        goal: "book a short demo of the premium plan",
        timezone: "America/New_York",
        faqs: [{ question: "How much does it cost?", answer: "The premium plan is 49 dollars a month per seat." }],
      });
      const base = { campaign_id: campaignId, status: "completed" };
      ids.booked = await insertCall(t.db, owner.orgId, {
        ...base,
        ...ended(48),
        lead_name: "Dana Booked",
        outcome: "scheduled",
        transcript: turns(BOOKED_CALL),
      });
      await t.db.query("update calls set recording_key = 'recordings/x.wav' where id = $1", [ids.booked]);
      const meeting = await insertAgentMeeting(t.db, owner.orgId, {
        title: "Demo",
        start_at: BOOKED_AT.toISOString(),
        end_at: new Date(BOOKED_AT.getTime() + 1_800_000).toISOString(),
        call_id: ids.booked,
      });
      await t.db.query("update calendar_events set created_at = $2 where id = $1", [meeting, after_(33.9)]);
      ids.hidden = await insertCall(t.db, owner.orgId, {
        ...base,
        ...ended(20),
        lead_name: "Hal Hidden",
        outcome: "not_interested",
        transcript: turns([
          ["agent", "Hi Hal, this is Sam from Bright Dental. Do you have a minute?", 2.5, 6],
          ["callee", "what is this about", 7, 8.5],
          ["agent", "Would you like a short demo of the premium plan?", 9.5, 13],
          ["callee", "no thanks", 14, 15],
        ]),
      });
      ids.unanswered = await insertCall(t.db, owner.orgId, {
        ...base,
        status: "no_answer",
        outcome: "no_answer",
        started_at: after_(-60),
        ended_at: after_(-30),
      });
      ids.running = await insertCall(t.db, owner.orgId, {
        ...base,
        status: "in_progress",
        answered_at: ANSWERED,
        transcript: turns([["agent", GREETING, 0.5, 6]]),
      });
    });
    after(() => t.close());

    test("a call's details carry its scorecard: each check with the line that decided it", async () => {
      const card = (await detail(ids.booked!)).scorecard;
      assert.ok(card);
      assert.equal(card.checks.length, 12);
      const by = Object.fromEntries(card.checks.map((c) => [c.check, c]));
      assert.deepEqual(by.ai_disclosed!.line, { index: 0, at_ms: 600 });
      assert.equal(by.recording_disclosed!.result, "pass");
      assert.deepEqual([by.booking_read_back!.result, by.booking_read_back!.line?.index], ["pass", 6]);
      assert.equal(by.opt_out_honoured!.result, "na");
      const failing = (await detail(ids.hidden!)).scorecard!.checks.filter((c) => c.result === "fail");
      assert.deepEqual(
        failing.map((c) => c.check),
        ["ai_disclosed", "questions_answered", "first_word"],
      );
      // Not recorded: the recording notice does not apply.
      const hidden = (await detail(ids.hidden!)).scorecard!.checks.find((c) => c.check === "recording_disclosed");
      assert.equal(hidden?.result, "na");
    });

    test("a call still running has no scorecard yet; an unanswered one has every check not applicable", async () => {
      assert.equal((await detail(ids.running!)).scorecard, null);
      const card = (await detail(ids.unanswered!)).scorecard!;
      assert.ok(card.checks.every((c) => c.result === "na"));
    });

    test("a scorecard of older rules is computed again when read", async () => {
      await detail(ids.booked!);
      await t.db.query("update call_scorecards set version = 0, checks = '[]' where call_id = $1", [ids.booked]);
      const card = (await detail(ids.booked!)).scorecard!;
      assert.equal(card.version, 1);
      assert.equal(card.checks.length, 12);
    });

    test("GET /api/campaigns/:id/scorecard: each check's pass rate and the calls that failed one", async () => {
      const card = await campaignCard();
      assert.equal(card.calls, 3, "ended calls only");
      const ai = card.checks.find((c) => c.check === "ai_disclosed")!;
      assert.deepEqual([ai.pass, ai.fail, ai.na, ai.pass_rate], [1, 1, 1, 0.5]);
      const booking = card.checks.find((c) => c.check === "booking_read_back")!;
      assert.deepEqual([booking.pass, booking.fail, booking.pass_rate], [1, 0, 1]);
      assert.equal(card.checks.find((c) => c.check === "opt_out_honoured")!.pass_rate, null);
      assert.equal(card.failed_total, 1);
      assert.equal(card.failed_calls[0]!.lead_name, "Hal Hidden");
      assert.deepEqual(card.failed_calls[0]!.failed[0]!.line, { index: 0, at_ms: 2500 });
      const narrowed = await campaignCard("?check=first_word");
      assert.deepEqual(
        narrowed.failed_calls.map((c) => c.failed.map((f) => f.check)),
        [["first_word"]],
      );
      assert.equal((await campaignCard("?check=booking_read_back")).failed_total, 0);
    });

    test("an unknown check is a 400 naming it; another organisation's campaign is not found", async () => {
      const res = await t.request("GET", `/api/campaigns/${campaignId}/scorecard?check=politeness`, {
        token: owner.token,
      });
      assert.equal(res.status, 400);
      assert.match(JSON.stringify(res.body), /check must be one of ai_disclosed/);
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/campaigns/${campaignId}/scorecard` });
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/call-history/${ids.booked}` });
    });
  });
}
