import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import pino from "pino";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createDialerRepo } from "./dialer.repo.ts";
import { createDialerService } from "./dialer.service.ts";
import type { CallPlacer, DialJob, DialResult } from "./dialer.types.ts";
import type { AttemptOutcome } from "./retry-policy.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign, insertContact, setOrgLimits, type CampaignSeed } from "../../../../../tests/support/seed.ts";

// Monday 2 March 2026, 10:00 in Kolkata: inside the default 09:00–17:00 business hours.
const MONDAY_10_IST = new Date("2026-03-02T04:30:00Z");

/** A carrier stand-in: each persona's outcome, optionally held open until released. */
function fakePlacer(outcomes: Record<string, AttemptOutcome[]>, opts: { hold?: boolean } = {}) {
  const placed: DialJob[] = [];
  const waiting: (() => void)[] = [];
  let live = 0;
  let maxLive = 0;
  const placer: CallPlacer = {
    async place(job, signal) {
      placed.push(job);
      live++;
      maxLive = Math.max(maxLive, live);
      if (opts.hold)
        await new Promise<void>((r) => {
          waiting.push(r);
          signal.addEventListener("abort", () => r());
        });
      live--;
      const list = outcomes[job.persona ?? ""] ?? ["completed"];
      const outcome = list[Math.min(job.attemptNumber - 1, list.length - 1)]!;
      return { outcome, durationSecs: outcome === "interested" ? 95 : 0 } satisfies DialResult;
    },
  };
  return { placer, placed, release: () => waiting.splice(0).forEach((r) => void r()), maxLive: () => maxLive };
}

for (const kind of await dbKinds()) {
  describe(`dialer on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    async function campaignWith(orgId: string, personas: string[], extra: CampaignSeed = {}) {
      const id = await insertCampaign(t.db, orgId, {
        status: "active",
        max_attempts: 3,
        time_gap_seconds: 7200,
        timezone: "Asia/Kolkata",
        business_hours_start: "09:00",
        business_hours_end: "17:00",
        ...extra,
      });
      for (const [i, persona] of personas.entries()) {
        const phone = `+9198765${String(43000 + i).padStart(5, "0")}`;
        await insertContact(t.db, orgId, id, { line_number: i + 2, name: `Contact ${i}`, phone_e164: phone, persona });
      }
      return id;
    }
    const clockAt = (d: Date) => ({
      t: d,
      now() {
        return this.t;
      },
    });
    const attempts = (campaignId: string) =>
      t.db.query<{ attempt_number: number; status: string; outcome: string | null; persona: string }>(
        `select a.attempt_number, a.status, a.outcome, ct.persona from call_attempts a
          join contacts ct on ct.id = a.contact_id
         where a.campaign_id = $1 order by ct.persona, a.attempt_number`,
        [campaignId],
      );
    const dialer = (placer: CallPlacer, clock: { now(): Date }, worker = "w1") =>
      createDialerService({
        repo: createDialerRepo(t.db),
        placer,
        clock,
        log: pino({ level: "silent" }),
        workerId: worker,
        isDoNotCall: (orgId, phones) => t.services.dnc.listed(orgId, phones),
      });

    test("a campaign calls every contact, retries no-answers after the gap, stops at an outcome, ends", async () => {
      const u = await buildUser(t);
      const id = await campaignWith(u.orgId, ["interested", "no_answer", "busy_then_yes"]);
      const fake = fakePlacer({
        interested: ["interested"],
        no_answer: ["no_answer"],
        busy_then_yes: ["busy", "interested"],
      });
      const clock = clockAt(MONDAY_10_IST);
      const d = dialer(fake.placer, clock);
      assert.equal(await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, clock.now()), 3);

      assert.equal(await d.tick(), 3);
      await until(async () => (await attempts(id)).filter((a) => a.status === "done").length === 3);
      assert.equal(await d.tick(), 0, "retries wait for the 2 h gap");
      for (let hour = 1; hour <= 6; hour++) {
        clock.t = new Date(MONDAY_10_IST.getTime() + hour * 3_600_000 + 60_000);
        await d.tick();
        await until(async () => d.activeCalls() === 0);
      }
      const rows = await attempts(id);
      const by = (p: string) => rows.filter((r) => r.persona === p).map((r) => r.outcome);
      assert.deepEqual(by("interested"), ["interested"]);
      assert.deepEqual(by("busy_then_yes"), ["busy", "interested"]);
      assert.deepEqual(
        by("no_answer"),
        ["no_answer", "no_answer", "no_answer"],
        "max_attempts 3: " +
          JSON.stringify(
            await t.db.query(
              "select attempt_number, status, due_at, outcome from call_attempts " +
                "where campaign_id = $1 order by due_at",
              [id],
            ),
          ),
      );
      const [c] = await t.db.query<{ status: string }>("select status from campaigns where id = $1", [id]);
      assert.equal(c!.status, "completed");
      const [call] = await t.db.query<{ n: number }>("select count(*)::int as n from calls where campaign_id = $1", [
        id,
      ]);
      assert.equal(call!.n, 6, "every placed attempt left a call record");
    });

    test("outside business hours nothing is dialled; the attempt waits for the next window", async () => {
      const u = await buildUser(t);
      const id = await campaignWith(u.orgId, ["x"]);
      const fake = fakePlacer({});
      const evening = new Date("2026-03-02T14:00:00Z"); // 19:30 IST
      const d = dialer(fake.placer, clockAt(evening));
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, evening);
      assert.equal(await d.tick(), 0);
      const [a] = await t.db.query<{ due_at: Date }>("select due_at from call_attempts where campaign_id = $1", [id]);
      assert.equal(a!.due_at.toISOString(), "2026-03-03T03:30:00.000Z"); // 09:00 IST next day
    });

    test("numbers on the do-not-call list are never dialled", async () => {
      const u = await buildUser(t);
      const id = await campaignWith(u.orgId, ["a", "b"]);
      const [first] = await t.db.query<{ phone_e164: string }>(
        "select phone_e164 from contacts where campaign_id = $1 order by line_number limit 1",
        [id],
      );
      await t.request("POST", "/api/dnc", { token: u.token, body: { phone: first!.phone_e164 } });
      const fake = fakePlacer({});
      const d = dialer(fake.placer, clockAt(MONDAY_10_IST));
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, MONDAY_10_IST);
      assert.equal(await d.tick(), 1);
      await until(async () => d.activeCalls() === 0);
      assert.ok(!fake.placed.some((j) => j.phone === first!.phone_e164));
      assert.ok((await attempts(id)).some((a) => a.outcome === "do_not_call"));
    });

    test("the org's concurrency limit holds across two workers", async () => {
      const u = await buildUser(t);
      await setOrgLimits(t.db, u.orgId, { max_concurrent_calls: 2 });
      const id = await campaignWith(u.orgId, ["a", "b", "c", "d", "e"]);
      const fake = fakePlacer({}, { hold: true });
      const clock = clockAt(MONDAY_10_IST);
      const [w1, w2] = [dialer(fake.placer, clock, "w1"), dialer(fake.placer, clock, "w2")];
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, MONDAY_10_IST);
      const started = (await Promise.all([w1.tick(), w2.tick()])).reduce((x, y) => x + y, 0);
      assert.equal(started, 2);
      assert.equal(fake.maxLive(), 2);
      fake.release();
      await until(async () => w1.activeCalls() + w2.activeCalls() === 0);
      for (let i = 0; i < 3; i++) {
        await Promise.all([w1.tick(), w2.tick()]);
        assert.ok(fake.maxLive() <= 2);
        fake.release();
        await until(async () => w1.activeCalls() + w2.activeCalls() === 0);
      }
      assert.equal(fake.placed.length, 5);
      assert.equal(new Set(fake.placed.map((j) => j.contactId)).size, 5, "no contact dialled twice");
    });

    test("a campaign's limit of 2 holds under the org's 10; other campaigns dial; edits apply next pass", async () => {
      const u = await buildUser(t);
      await setOrgLimits(t.db, u.orgId, { max_concurrent_calls: 10 });
      const capped = await campaignWith(u.orgId, ["a", "b", "c", "d", "e", "f"], { max_concurrent_calls: 2 });
      const other = await campaignWith(u.orgId, ["x", "y", "z"]);
      const fake = fakePlacer({}, { hold: true });
      // Live calls per campaign, as the carrier sees them (recorded overlaps, not the dialer's own count).
      const live = new Map<string, number>();
      const peak = new Map<string, number>();
      const counting: CallPlacer = {
        async place(job, signal) {
          live.set(job.campaignId, (live.get(job.campaignId) ?? 0) + 1);
          peak.set(job.campaignId, Math.max(peak.get(job.campaignId) ?? 0, live.get(job.campaignId)!));
          try {
            return await fake.placer.place(job, signal);
          } finally {
            live.set(job.campaignId, live.get(job.campaignId)! - 1);
          }
        },
      };
      const clock = clockAt(MONDAY_10_IST);
      const [w1, w2] = [dialer(counting, clock, "w1"), dialer(counting, clock, "w2")];
      const repo = createDialerRepo(t.db);
      await repo.enqueueCampaign(u.orgId, capped, MONDAY_10_IST);
      await repo.enqueueCampaign(u.orgId, other, MONDAY_10_IST);
      const started = (await Promise.all([w1.tick(), w2.tick()])).reduce((x, y) => x + y, 0);
      assert.equal(started, 5, "2 of the capped campaign + 3 of the other");
      assert.equal(peak.get(capped), 2);
      assert.equal(await w1.tick(), 0, "the capped campaign is full");
      await t.request("PUT", `/api/campaigns/${capped}`, { token: u.token, body: { max_concurrent_calls: 3 } });
      assert.equal(await w2.tick(), 1, "the raised limit applies on the next pass");
      assert.equal(peak.get(capped), 3);
      await t.request("PUT", `/api/campaigns/${capped}`, { token: u.token, body: { max_concurrent_calls: 2 } });
      fake.release();
      await until(async () => w1.activeCalls() + w2.activeCalls() === 0);
      peak.clear();
      while ((await attempts(capped)).some((a) => a.status !== "done")) {
        await Promise.all([w1.tick(), w2.tick()]);
        assert.ok((peak.get(capped) ?? 0) <= 2, `capped campaign peaked at ${peak.get(capped)}`);
        fake.release();
        await until(async () => w1.activeCalls() + w2.activeCalls() === 0);
      }
      assert.equal(new Set(fake.placed.map((j) => j.contactId)).size, 9, "every contact dialled once");
    });

    test("with back-off the retry gap doubles after each failed attempt (2 h, 4 h, then 8 h or later)", async () => {
      const u = await buildUser(t);
      const id = await campaignWith(u.orgId, ["n"], {
        max_attempts: 4,
        retry_backoff: true,
        business_hours_start: "08:00",
        business_hours_end: "21:00",
      });
      const clock = clockAt(new Date("2026-03-02T02:30:00Z")); // Monday 08:00 in Kolkata
      const d = dialer(fakePlacer({ n: ["no_answer"] }).placer, clock);
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, clock.now());
      const gaps: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        assert.equal(await d.tick(), 1);
        await until(async () => d.activeCalls() === 0);
        const [next] = await t.db.query<{ due_at: Date }>(
          "select due_at from call_attempts where campaign_id = $1 and status = 'pending'",
          [id],
        );
        gaps.push((next!.due_at.getTime() - clock.t.getTime()) / 3_600_000);
        clock.t = next!.due_at;
      }
      // 14:00 + 8 h is 22:00, after the 21:00 close: the fourth attempt moves to 08:00 the next morning.
      assert.deepEqual(gaps, [2, 4, 18]);
      assert.equal(clock.t.toISOString(), "2026-03-03T02:30:00.000Z");
    });

    test("a dead worker's call is recorded as dropped and retried", async () => {
      const u = await buildUser(t);
      const id = await campaignWith(u.orgId, ["a"]);
      const clock = clockAt(MONDAY_10_IST);
      const dead = fakePlacer({}, { hold: true }); // never released: the worker "died" mid-call
      await createDialerRepo(t.db).enqueueCampaign(u.orgId, id, MONDAY_10_IST);
      const deadWorker = dialer(dead.placer, clock, "dead");
      assert.equal(await deadWorker.tick(), 1);
      const healthy = fakePlacer({ a: ["interested"] });
      clock.t = new Date(MONDAY_10_IST.getTime() + 3 * 60_000); // lease (2 min) expired
      const d = dialer(healthy.placer, clock, "healthy");
      await d.tick();
      const rows = await attempts(id);
      assert.deepEqual(
        rows.map((r) => [r.attempt_number, r.outcome]),
        [
          [1, "dropped"],
          [2, null],
        ],
      );
      clock.t = new Date(MONDAY_10_IST.getTime() + 3 * 3_600_000);
      await d.tick();
      await until(async () => d.activeCalls() === 0);
      assert.deepEqual(
        (await attempts(id)).map((r) => r.outcome),
        ["dropped", "interested"],
      );
      // The stalled worker wakes up after losing its lease: its late result must change nothing.
      deadWorker.abortAll();
      await until(async () => deadWorker.activeCalls() === 0);
      assert.deepEqual(
        (await attempts(id)).map((r) => r.outcome),
        ["dropped", "interested"],
      );
    });
  });
}
