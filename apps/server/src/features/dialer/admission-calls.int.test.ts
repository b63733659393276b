import assert from "node:assert/strict";
import os from "node:os";
import { after, before, describe, test } from "node:test";
import { CallRefusedMessages as M } from "@parley/shared/calls";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { insertDialCampaign } from "../../../../../tests/support/dial-campaign.ts";
import { startCpuHog } from "../../../../../tests/support/cpu-hog.ts";

// More calls due than the process can serve, with a busy loop on one core: the real dialer, call runner and offline
// voice engine on the simulated carrier, with admission control on. A call is taken to cost 0.6 of a core until
// calls have been measured, so with the hog on one core the process starts with room for one call: the others are
// held back, the campaign view says so, a call by hand is refused at once, and each call's greeting delay is kept.
// The voice path does not depend on the database engine, so the first engine only (it takes real time).
const [kind] = await dbKinds();
const CONTACTS = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type CallRow = { id: string; outcome: string | null; latency: Array<{ turn: number; firstFrameSent: number }> };

describe(`admission control holds back what the process cannot serve, with a CPU hog (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  const hog = startCpuHog({ maxMs: 240_000 });
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { CALL_ADMISSION: "1", CALL_CPU_CORES: "0.6", SIMULATED_RING_MS: "200", TRIAL_MINUTES: "10000" },
    });
    owner = await buildUser(t);
    const phones = numbersInHoursNow(CONTACTS, 30);
    campaignId = await insertDialCampaign(t.db, owner.orgId, "Busy machine", phones, "not_interested");
    // One attempt each: what the callee was heard to say on a loaded machine is another test's subject.
    await t.db.query("update campaigns set max_attempts = 1 where id = $1", [campaignId]);
  });
  after(async () => {
    await t?.close();
    await hog.stop();
  });

  const name = "the first pass leases only what fits, the rest wait with the reason shown; greeting delays are kept";
  test(name, async (ctx) => {
    const launched = await t.request("POST", `/api/campaigns/${campaignId}/launch`, { token: owner.token });
    assert.equal(launched.status, 200, launched.text);
    await sleep(1200); // a full reading with the hog running
    t.services.admission.read();
    const first = t.services.admission.capacity();
    assert.ok(first.calls < CONTACTS, `capacity ${first.calls} with a hog on one core and 0.6 cores a call`);

    const dialer = t.services.dialer;
    assert.equal(await dialer.tick(), first.free);
    const progress = await t.services.reports.campaignProgress.snapshot(owner.orgId, campaignId);
    const cores = os.availableParallelism();
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
    assert.equal(progress!.activity.state, "at_capacity", progress!.activity.message);
    assert.ok(
      progress!.activity.message.startsWith(`At capacity: ${plural(first.free, "call")} on ${plural(cores, "core")};`),
      progress!.activity.message,
    );
    assert.match(progress!.activity.message, new RegExp(`${CONTACTS - first.free} waiting`));

    // A call by hand past capacity is refused before any query, with the same words.
    const [held] = await t.db.query<{ contact_id: string }>(
      "select contact_id from call_attempts where campaign_id = $1 and status = 'pending' limit 1",
      [campaignId],
    );
    const started = performance.now();
    const refused = await t.request("POST", "/api/calls", {
      token: owner.token,
      body: { campaign_id: campaignId, contact_id: held!.contact_id },
    });
    ctx.diagnostic(`refused POST /api/calls at capacity: ${Math.round(performance.now() - started)} ms`);
    assert.equal(refused.status, 409, refused.text);
    assert.equal(refused.body.error.details.reason, "at_capacity");
    assert.equal(refused.body.error.message, M.atCapacity(t.services.admission.message()));

    // The campaign runs to its end, never with more calls live than the capacity its pass was given.
    const deadline = Date.now() + 240_000;
    let maxLive = dialer.activeCalls();
    for (;;) {
      const before = t.services.admission.capacity();
      const liveBefore = dialer.activeCalls();
      await dialer.tick();
      assert.ok(
        dialer.activeCalls() <= Math.max(before.calls, liveBefore),
        `${dialer.activeCalls()} live after a pass given room for ${before.calls} (${liveBefore} live before)`,
      );
      maxLive = Math.max(maxLive, dialer.activeCalls());
      const [open] = await t.db.query<{ n: number }>(
        "select count(*)::int as n from call_attempts where campaign_id = $1 and status in ('pending', 'in_progress')",
        [campaignId],
      );
      if (open!.n === 0 && dialer.activeCalls() === 0) break;
      if (Date.now() > deadline) {
        const rows = await t.db.query(
          `select a.status, a.outcome, a.attempt_number, c.status as call_status, c.answered_at, c.ended_at
           from call_attempts a left join calls c on c.id = a.call_id where a.campaign_id = $1`,
          [campaignId],
        );
        const state = { capacity: t.services.admission.capacity(), cost: t.services.admission.cost() };
        assert.fail(`the campaign did not finish in time: ${JSON.stringify({ rows, state })}`);
      }
      await sleep(300);
    }
    const calls = await t.db.query<CallRow>(
      "select id, outcome, latency from calls where campaign_id = $1 order by started_at",
      [campaignId],
    );
    assert.equal(calls.length, CONTACTS);
    const greetings = calls.map((c) => c.latency.find((m) => m.turn === 1)?.firstFrameSent);
    ctx.diagnostic(
      `greeting delays after pick-up (ms): ${greetings.join(", ")}; outcomes ${calls.map((c) => c.outcome)}; ` +
        `at most ${maxLive} calls live`,
    );
    for (const [i, c] of calls.entries()) {
      assert.ok(c.outcome, JSON.stringify(c));
      assert.equal(typeof greetings[i], "number", `call ${c.id} has no greeting delay: ${JSON.stringify(c.latency)}`);
    }
    // Once nothing is held back the campaign view no longer says so.
    const done = await t.services.reports.campaignProgress.snapshot(owner.orgId, campaignId);
    assert.notEqual(done!.activity.state, "at_capacity");
  });
});
