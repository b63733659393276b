import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import pino from "pino";
import { CallRefusedMessages as M } from "@parley/shared/calls";
import type { CampaignStatus } from "@parley/shared/campaigns";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";
import type { CallLeg, LegEvent, Telephony } from "@parley/voice/telephony/call-leg";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createDialerRepo } from "../dialer/dialer.repo.ts";
import { createDialerService } from "../dialer/dialer.service.ts";
import type { CallPlacer, DialJob } from "../dialer/dialer.types.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign, insertContact, setOrgLimits } from "../../../../../tests/support/seed.ts";

// Tuesday 3 March 2026, 10:00 in Tokyo: the test numbers (Japanese mobiles) are inside their 08:00–21:00.
const TOKYO_10AM = new Date("2026-03-03T01:00:00Z");

/** A carrier whose calls ring until the test hangs them up (they end unanswered), so a call stays live. */
function heldTelephony() {
  const ringing: (() => void)[] = [];
  const telephony: Telephony = {
    name: "held",
    async dial(req): Promise<CallLeg> {
      const listeners: ((e: LegEvent) => void)[] = [];
      let over = false;
      const end = () => {
        if (over) return;
        over = true;
        listeners.forEach((l) => void l({ type: "ended", reason: "no_answer" }));
      };
      ringing.push(end);
      req.signal.addEventListener("abort", end, { once: true });
      return { sampleRate: 16_000, on: (l) => void listeners.push(l), send: () => {}, clear: () => {}, hangup: end };
    },
  };
  return { telephony, hangUpAll: () => ringing.splice(0).forEach((end) => void end()), ringing: () => ringing.length };
}

/** A second dialer worker whose calls stay live until released. */
function heldPlacer() {
  const placed: DialJob[] = [];
  const waiting: (() => void)[] = [];
  const placer: CallPlacer = {
    async place(job, signal) {
      placed.push(job);
      await new Promise<void>((r) => (waiting.push(r), signal.addEventListener("abort", () => r())));
      return { outcome: "interested", durationSecs: 95 };
    },
  };
  return { placer, placed, release: () => waiting.splice(0).forEach((r) => void r()) };
}

for (const kind of await dbKinds()) {
  describe(`ring now keeps the dialer's rules on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    const clock = {
      t: TOKYO_10AM,
      now() {
        return this.t;
      },
    };
    const carrier = heldTelephony();
    let line = 0;
    before(async () => {
      t = await startTestApp(kind, {
        clock,
        voice: {
          telephony: carrier.telephony,
          stt: createScriptedStt([]),
          tts: createToneTts(),
          brain: echoBrain,
          defaultVoiceId: "tone",
          recording: false,
        },
      });
      owner = await buildUser(t);
    });
    /** Hangs up every call by hand (each once it has reached the carrier) and waits until none is live. */
    const hangUpAll = () =>
      until(async () => {
        carrier.hangUpAll();
        return (await t.db.query("select 1 from call_attempts where status = 'in_progress'")).length === 0;
      });
    afterEach(async () => {
      clock.t = TOKYO_10AM;
      await hangUpAll();
    });
    after(() => t.close());

    /** A campaign open around the clock (the dialer then keeps to contact-local hours only) with `n` contacts. */
    async function campaign(
      n: number,
      extra: {
        status?: CampaignStatus;
        maxConcurrent?: number | null;
        phone?: (i: number) => string;
        direction?: "outbound" | "inbound";
      } = {},
    ) {
      const id = await insertCampaign(t.db, owner.orgId, {
        name: "Ring now",
        status: extra.status ?? "draft",
        timezone: "UTC",
        business_hours_start: "00:00",
        business_hours_end: "00:00",
        max_concurrent_calls: extra.maxConcurrent ?? null,
        direction: extra.direction ?? "outbound",
      });
      const contacts: string[] = [];
      for (let i = 0; i < n; i++) {
        const phone = extra.phone?.(i) ?? `+8190${String(10_000_000 + line++)}`;
        const contact = { line_number: i + 2, name: `Contact ${i}`, phone_e164: phone, persona: "no_answer" };
        contacts.push(await insertContact(t.db, owner.orgId, id, contact));
      }
      return { id, contacts };
    }
    const ring = (campaignId: string, contactId: string) =>
      t.request("POST", "/api/calls", { token: owner.token, body: { campaign_id: campaignId, contact_id: contactId } });
    const workerDialer = (placer: CallPlacer) =>
      createDialerService({
        repo: createDialerRepo(t.db),
        placer,
        clock,
        log: pino({ level: "silent" }),
        workerId: "second-worker",
        isDoNotCall: (orgId, phones) => t.services.dnc.listed(orgId, phones),
      });

    test("three requests at once for one contact: one rings, the others are refused", async () => {
      const k = await campaign(1);
      const answers = await Promise.all([1, 2, 3].map(() => ring(k.id, k.contacts[0]!)));
      assert.deepEqual(answers.map((a) => a.status).sort(), [202, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        assert.equal(refused.body.error.code, "conflict");
        assert.equal(refused.body.error.message, M.contactBusy);
      }
      const calls = await t.db.query("select id from calls where contact_id = $1", [k.contacts[0]]);
      assert.equal(calls.length, 1, "one call record");
      await hangUpAll();
      assert.equal((await ring(k.id, k.contacts[0]!)).status, 202, "once the call ended the contact can be rung again");
    });

    test("a contact of an inbound campaign is never rung by hand: 409 saying why, and nothing is dialled", async () => {
      const k = await campaign(1, { status: "active", direction: "inbound" });
      const res = await ring(k.id, k.contacts[0]!);
      assert.equal(res.status, 409, res.text);
      assert.equal(res.body.error.code, "conflict");
      assert.equal(res.body.error.message, M.inboundCampaign);
      assert.equal(res.body.error.details.reason, "inbound_campaign");
      assert.equal(carrier.ringing(), 0, "the carrier was never asked to dial");
      const calls = await t.db.query("select id from calls where contact_id = $1", [k.contacts[0]]);
      assert.equal(calls.length, 0, "no call record");
    });

    test("a contact the dialer is ringing cannot be rung by hand", async () => {
      const k = await campaign(2, { status: "active" });
      await createDialerRepo(t.db).enqueueCampaign(owner.orgId, k.id, clock.now());
      const worker = heldPlacer();
      assert.equal(await workerDialer(worker.placer).tick(), 2);
      const res = await ring(k.id, k.contacts[0]!);
      assert.equal(res.status, 409);
      assert.equal(res.body.error.message, M.contactBusy);
      worker.release();
    });

    test("the dialer skips a contact being rung by hand", async () => {
      const k = await campaign(2, { status: "active" });
      await createDialerRepo(t.db).enqueueCampaign(owner.orgId, k.id, clock.now());
      assert.equal((await ring(k.id, k.contacts[0]!)).status, 202);
      const worker = heldPlacer();
      assert.equal(await workerDialer(worker.placer).tick(), 1, "only the other contact");
      assert.deepEqual(
        worker.placed.map((j) => j.contactId),
        [k.contacts[1]],
      );
      const open = await t.db.query(
        "select 1 from call_attempts where contact_id = $1 and status in ('pending', 'in_progress')",
        [k.contacts[0]],
      );
      assert.equal(open.length, 1, "the hand call took the contact's queued attempt, not a second one");
      worker.release();
    });

    test("the organisation's and the campaign's limits on simultaneous calls hold", async () => {
      await setOrgLimits(t.db, owner.orgId, { max_concurrent_calls: 2 });
      const k = await campaign(3);
      assert.equal((await ring(k.id, k.contacts[0]!)).status, 202);
      assert.equal((await ring(k.id, k.contacts[1]!)).status, 202);
      const third = await ring(k.id, k.contacts[2]!);
      assert.equal(third.status, 409);
      assert.equal(third.body.error.message, M.orgLimit(2));
      // The dialer counts calls by hand too: a second worker finds no free slot.
      const other = await campaign(1, { status: "active" });
      await createDialerRepo(t.db).enqueueCampaign(owner.orgId, other.id, clock.now());
      assert.equal(await workerDialer(heldPlacer().placer).tick(), 0);
      await hangUpAll();
      await t.db.query("update org_limits set max_concurrent_calls = 10 where org_id = $1", [owner.orgId]);
      await t.db.query("update campaigns set status = 'stopped' where id = $1", [other.id]);

      const one = await campaign(2, { maxConcurrent: 1 });
      assert.equal((await ring(one.id, one.contacts[0]!)).status, 202);
      const second = await ring(one.id, one.contacts[1]!);
      assert.equal(second.status, 409);
      assert.equal(second.body.error.message, M.campaignLimit(1));
    });

    test("a stopped or completed campaign cannot ring", async () => {
      for (const status of ["stopped", "completed"] as const) {
        const k = await campaign(1, { status });
        const res = await ring(k.id, k.contacts[0]!);
        assert.equal(res.status, 409, status);
        assert.equal(res.body.error.code, "conflict");
        assert.equal(res.body.error.message, M.campaignState(status));
      }
    });

    test("outside the contact's local calling hours: refused, saying when calling opens on their clock", async () => {
      clock.t = new Date("2026-03-02T18:00:00Z"); // 03:00 on Tuesday in Tokyo
      const k = await campaign(1);
      const res = await ring(k.id, k.contacts[0]!);
      assert.equal(res.status, 409);
      assert.equal(res.body.error.message, M.outsideHours("08:00 on Tue 3 Mar", "Asia/Tokyo"));
      assert.equal(res.body.error.details.opens_at, "2026-03-02T23:00:00.000Z");

      clock.t = new Date("2026-03-03T09:16:00Z"); // 01:16 in California
      const us = await campaign(1, { phone: () => "+14155550199" });
      const night = await ring(us.id, us.contacts[0]!);
      assert.equal(night.status, 409);
      assert.equal(night.body.error.details.reason, "outside_hours");
      assert.equal(
        await t.db
          .query("select 1 from calls where contact_id = any($1)", [[k.contacts[0], us.contacts[0]]])
          .then((r) => r.length),
        0,
        "nothing was rung",
      );
    });

    test("a number on the do-not-call list is refused", async () => {
      const k = await campaign(1, { phone: () => "+819099999999" });
      await t.request("POST", "/api/dnc", { token: owner.token, body: { phone: "+819099999999" } });
      const res = await ring(k.id, k.contacts[0]!);
      assert.equal(res.status, 409);
      assert.equal(res.body.error.message, M.doNotCall);
    });
  });
}
