import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import type { AnswerHours } from "@parley/shared/answer-hours";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";
import { insertDialledCalls, type DialledCell } from "../../../../../tests/support/answer-hours-data.ts";
import { createDialerRepo } from "./dialer.repo.ts";
import { createDialerService } from "./dialer.service.ts";
import type { CallPlacer } from "./dialer.types.ts";

// Monday 2 March 2026, 10:00 in Kolkata: inside the campaign's 09:00–17:00.
const MONDAY_10_IST = new Date("2026-03-02T04:30:00Z");
const IST = 330;
/** Nobody ever answers: every call is retried. */
const ringsOut: CallPlacer = { place: async () => ({ outcome: "no_answer", durationSecs: 0 }) };

// Enough history to learn from: Tuesday 11:00 answers best (80%), Monday 11:00 poorly, and 180 calls at Sunday 20:00,
// after the campaign's hours, that answered even better but can never be chosen. Tuesday 11:00 is within the day a
// retry may wait past its evenly spread time (Monday 12:00); Tuesday 15:00 would not be.
const LEARNT: DialledCell[] = [
  { weekday: 2, hour: 11, dialled: 30, people: 24 },
  { weekday: 1, hour: 11, dialled: 30, people: 6 },
  { weekday: 7, hour: 20, dialled: 180, people: 170 },
];

for (const kind of await routeDbKinds()) {
  describe(`retries at the hours people answer, on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    /** An organisation with `history`, one campaign of one Indian contact, dialled once at Monday 10:00 IST. */
    async function dialOnce(history: DialledCell[]) {
      const u = await buildUser(t);
      const campaign = await insertCampaign(t.db, u.orgId, {
        status: "active",
        max_attempts: 3,
        time_gap_seconds: 7200,
        timezone: "Asia/Kolkata",
        business_hours_start: "09:00",
        business_hours_end: "17:00",
      });
      await insertContact(t.db, u.orgId, campaign, { phone_e164: "+919876543210", name: "Asha" });
      await insertDialledCalls(t.db, u.orgId, campaign, history, IST);
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, campaign, MONDAY_10_IST);
      const dialer = createDialerService({
        repo: createDialerRepo(t.db),
        placer: ringsOut,
        clock: { now: () => MONDAY_10_IST },
        log: pino({ level: "silent" }),
        workerId: "hours",
        isDoNotCall: async () => new Set(),
        answerHours: t.services.reports.answerHours.stats,
      });
      assert.equal(await dialer.tick(), 1);
      await dialer.idle();
      const [retry] = await t.db.query<{ due_at: Date; attempt_number: number }>(
        "select due_at, attempt_number from call_attempts where campaign_id = $1 and status = 'pending'",
        [campaign],
      );
      const [call] = await t.db.query<{ contact_offset_mins: number }>(
        "select contact_offset_mins from calls where campaign_id = $1 and contact_offset_mins is not null limit 1",
        [campaign],
      );
      const hours = await t.request("GET", "/api/analytics/answer-hours", { token: u.token });
      return { retry: retry!, offset: call!.contact_offset_mins, hours: hours.body as AnswerHours };
    }

    test("with enough history the retry moves to the open hour that answers best, on the contact's clock", async () => {
      const { retry, offset, hours } = await dialOnce(LEARNT);
      assert.equal(offset, IST, "the dialer records the contact's offset on the call");
      assert.equal(retry.attempt_number, 2);
      assert.equal(retry.due_at.toISOString(), "2026-03-03T05:30:00.000Z"); // Tuesday 11:00 in Kolkata
      assert.equal(hours.learning.active, true);
    });

    test("before that, the retry keeps the campaign's time gap", async () => {
      const { retry, hours } = await dialOnce(LEARNT.slice(0, 2));
      assert.equal(retry.due_at.toISOString(), "2026-03-02T06:30:00.000Z"); // two hours later, 12:00 in Kolkata
      // The 60 calls of its history and the one just placed.
      assert.deepEqual(hours.learning, { active: false, dialled: 61, needed_calls: 200 });
    });
  });
}
