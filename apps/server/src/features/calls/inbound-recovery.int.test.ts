import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { CallLeg, IncomingAnswer, LegEvent } from "@parley/voice/telephony/call-leg";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { ABANDONED_ERROR } from "./call-leases.ts";

// An inbound call whose process died mid-call is closed as dropped once its lease runs out (as the dialer
// closes a dead worker's placed calls), so it stops holding the organisation's line; a live call keeps its lease.
type Row = {
  id: string;
  status: string;
  outcome: string | null;
  ended_at: Date | null;
  error: string | null;
  lease_expires_at: Date | null;
};

/** A caller's line that never connects and ends when Parley hangs up. */
function silentLeg(): CallLeg {
  const listeners: Array<(e: LegEvent) => void> = [];
  return {
    sampleRate: 8000,
    on: (l) => void listeners.push(l),
    send() {},
    clear() {},
    hangup: () => listeners.forEach((l) => void l({ type: "ended", reason: "completed" })),
  };
}

for (const kind of await dbKinds()) {
  describe(`inbound calls left open by a dead process (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    const NUMBER = "+15550100300";
    before(async () => {
      // A 2 s lease (the least allowed), renewed every 2/3 s while a call lasts.
      t = await startTestApp(kind, { env: { DIALER_LEASE_SECONDS: "2" } });
      owner = await buildUser(t);
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: {
          name: "Front desk",
          direction: "inbound",
          inbound_number: NUMBER,
          max_concurrent_calls: 1,
          start_immediately: true,
        },
      });
      assert.equal(created.status, 201, created.text);
      campaignId = created.body.campaign.id;
    });
    after(() => t.close());

    const rows = () =>
      t.db.query<Row>(
        `select id, status, outcome, ended_at, error, lease_expires_at from calls where campaign_id = $1
          order by started_at`,
        [campaignId],
      );
    const ring = (from: string): Promise<IncomingAnswer> => t.services.calls.inbound.answer({ to: NUMBER, from });

    test("a call whose lease ran out is dropped and frees the line; one with a live lease is kept", async () => {
      // Admitted, then its process died before the call ended: nothing renews the row.
      assert.ok("answer" in (await ring("+15550102030")));
      const [orphan] = await rows();
      assert.ok(orphan!.lease_expires_at && orphan!.ended_at === null);
      assert.deepEqual(await ring("+15550102031"), { refuse: "busy" }, "the orphan holds the campaign's one line");
      assert.equal(await t.services.calls.leases.sweep(), 0, "a lease still running is not taken");

      await t.db.query("update calls set lease_expires_at = now() - interval '1 second' where id = $1", [orphan!.id]);
      assert.equal(await t.services.calls.leases.sweep(), 1);
      assert.equal(await t.services.calls.leases.sweep(), 0, "closed once");
      const [closed] = await rows();
      assert.deepEqual([closed!.status, closed!.outcome, closed!.error], ["dropped", "dropped", ABANDONED_ERROR]);
      assert.ok(closed!.ended_at);
      const history = await t.request("GET", "/api/call-history?direction=INBOUND", { token: owner.token });
      assert.deepEqual(
        history.body.call_history.map((r: { status: string }) => r.status),
        ["dropped"],
      );

      assert.ok("answer" in (await ring("+15550102031")), "the line is free again");
    });

    test("the process running a call renews its lease until the call ends", async () => {
      await t.db.query(
        "update calls set ended_at = now(), status = 'completed' where campaign_id = $1 and ended_at is null",
        [campaignId],
      );
      const answered = await ring("+15550102032");
      assert.ok("answer" in answered);
      const id = (await rows()).at(-1)!.id;
      const leaseOf = async () =>
        (
          await t.db.query<Row>("select lease_expires_at from calls where id = $1", [id])
        )[0]!.lease_expires_at!.getTime();
      const first = await leaseOf();
      answered.answer(silentLeg());
      await until(async () => (await leaseOf()) > first, { ms: 10_000, what: "the lease renewed" });
      t.services.calls.inbound.abortAll();
      await t.services.calls.inbound.idle();
      const row = (await rows()).at(-1)!;
      assert.ok(row.ended_at, "closed by its own process");
      assert.notEqual(row.status, "dropped");
    });
  });
}
