import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DateTime } from "luxon";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { contactZone } from "../calls/contact-zone.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

// A launched campaign dialled by the real dialer (services.dialer) through the real call runner and the
// offline voice engine on the simulated carrier. The calls run in real time and the voice path does not
// depend on the database engine (the queue itself is covered on both engines by dialer.int.test.ts), so
// this runs on the first engine only. The app's clock is real time plus an offset the test moves forward
// while no call is live, so the 1 h retries and the next-morning callback come without waiting.
const [kind] = await dbKinds();

const PERSONAS = [
  "interested",
  "not_interested",
  "callback",
  "question",
  "dnc",
  "voicemail",
  "no_answer",
  "busy",
  "failed",
];
const FAQS = [{ question: "What does the premium plan cost?", answer: "The premium plan costs 49 dollars a month." }];
const CAP = 3;

type Attempt = {
  persona: string;
  phone: string;
  attempt_number: number;
  status: string;
  outcome: string | null;
  due_at: Date;
  call_id: string | null;
};
type Call = {
  id: string;
  started_at: Date;
  ended_at: Date;
  answered_at: Date | null;
  recording_key: string | null;
  transcript: Array<{ speaker: string; text: string }>;
};

describe(`a campaign of one contact per persona, dialled on the simulated carrier (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let campaignId: string;
  // Each shift of the clock, from the real instant it was made; a call's end is written on the shifted clock.
  const shifts: Array<{ fromReal: number; offset: number }> = [{ fromReal: 0, offset: 0 }];
  const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };
  const offsetAt = (real: Date) => shifts.filter((s) => s.fromReal <= real.getTime()).at(-1)!.offset;

  before(async () => {
    // minutes for every call
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "200", TRIAL_MINUTES: "10000" },
      clock,
    });
    owner = await buildUser(t);
    campaignId = await insertCampaign(t.db, owner.orgId, {
      name: "Premium plans",
      service: "premium plans",
      timezone: "UTC",
      business_hours_start: "00:00",
      business_hours_end: "23:30",
      max_attempts: 2,
      time_gap_seconds: 3600,
      max_concurrent_calls: CAP,
      faqs: FAQS,
      goal: "Book a demo of the premium plan",
    });
    const phones = numbersInHoursNow(PERSONAS.length);
    for (const [i, persona] of PERSONAS.entries()) {
      const contact = { line_number: i + 2, name: "Maya Patel", first_name: "Maya", phone_e164: phones[i]!, persona };
      await insertContact(t.db, owner.orgId, campaignId, contact);
    }
  });
  after(() => t.close());

  const attempts = () =>
    t.db.query<Attempt>(
      `select ct.persona, ct.phone_e164 as phone, a.attempt_number, a.status, a.outcome, a.due_at, a.call_id
       from call_attempts a join contacts ct on ct.id = a.contact_id where a.campaign_id = $1
         order by ct.persona, a.attempt_number`,
      [campaignId],
    );

  /**
   * Ticks the dialer until no attempt is open. When it is idle with attempts due later, moves the clock to
   * when all of them are due: the 1 h retries and the next-morning callback then run in one real-time round.
   */
  async function dialUntilDone(): Promise<void> {
    const dialer = t.services.dialer;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline) {
      await dialer.tick();
      if (dialer.activeCalls() > 0) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      const rows = await attempts();
      assert.ok(rows.length <= 2 * PERSONAS.length, `more attempts than max_attempts allows:\n${show(rows)}`);
      const pending = rows.filter((a) => a.status === "pending");
      if (!pending.length) return;
      const next = Math.max(...pending.map((a) => a.due_at.getTime()));
      if (next > clock.now().getTime()) {
        clock.offset = next + 1000 - Date.now();
        shifts.push({ fromReal: Date.now(), offset: clock.offset });
      }
    }
    throw new Error(`the campaign did not finish in time:\n${show(await attempts())}`);
  }

  test("every persona ends with the right attempts and outcomes, never over the cap; the campaign ends", async () => {
    // Launch through the API (another organisation gets 404 and cannot launch it).
    await assertOrgIsolation(t, owner, { method: "POST", path: `/api/campaigns/${campaignId}/launch` });
    const started = Date.now();
    await dialUntilDone();
    console.log(`# dialled ${PERSONAS.length} personas in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const rows = await attempts();
    const of = (p: string) => rows.filter((a) => a.persona === p);
    const outcomes = (p: string) => of(p).map((a) => a.outcome);
    assert.ok(
      rows.every((a) => a.status === "done"),
      show(rows),
    );
    const expected: Record<string, string[]> = {
      interested: ["scheduled"],
      not_interested: ["not_interested"],
      // The callee asks for a call tomorrow morning on both calls; max_attempts 2 bounds callbacks too.
      callback: ["follow_up", "follow_up"],
      // Only asked a question, answered from the FAQ: someone should get back to them, no redial.
      question: ["follow_up"],
      dnc: ["do_not_call"],
      voicemail: ["voicemail", "voicemail"],
      no_answer: ["no_answer", "no_answer"],
      busy: ["busy", "busy"],
      failed: ["failed", "failed"],
    };
    const calls = await t.db.query<Call>(
      `select id, status, error, started_at, ended_at, answered_at, recording_key, transcript from calls
        where campaign_id = $1`,
      [campaignId],
    );
    const callsOf = (p: string) =>
      JSON.stringify(
        calls.filter((c) => of(p).some((a) => a.call_id === c.id)),
        null,
        1,
      );
    for (const p of PERSONAS) assert.deepEqual(outcomes(p), expected[p], `${p}:\n${show(rows)}\n${callsOf(p)}`);
    assert.equal(calls.length, rows.length, "every attempt placed exactly one call");
    const callOf = (a: Attempt) => calls.find((c) => c.id === a.call_id)!;

    const [meeting] = await t.db.query<{ start_at: Date }>(
      `select e.start_at from calendar_events e join contacts ct on ct.id = e.contact_id where ct.campaign_id = $1
        and ct.persona = 'interested'`,
      [campaignId],
    );
    assert.ok(meeting, "the interested callee has a meeting in the calendar");
    // On the contact's clock: the zone of their number (the test picks a country in daytime now).
    const local = DateTime.fromJSDate(meeting.start_at, { zone: contactZone(of("interested")[0]!.phone, "UTC") });
    assert.deepEqual([local.weekday, local.hour], [2, 15], "Tuesday at 3 pm, as asked");

    assertCallbackAtAskedTime(of("callback"), callOf);
    assert.match(said(callOf(of("question")[0]!)), /49/, "the question is answered from the FAQ");
    assert.match(said(callOf(of("voicemail")[0]!)), /Maya/, "the voicemail message names the contact");
    assert.ok(callOf(of("interested")[0]!).recording_key, "an answered call is recorded");
    for (const p of ["no_answer", "busy"])
      assert.equal(callOf(of(p)[0]!).recording_key, null, `${p}: nothing to record`);

    const dnc = await t.request("GET", "/api/dnc", { token: owner.token });
    assert.ok(JSON.stringify(dnc.body).includes(of("dnc")[0]!.phone), "the number is on the do-not-call list");

    assertRetriesAfterGap(rows, callOf);
    assert.equal(peakOverlap(calls), CAP, "the calls ran concurrently up to the campaign's cap, never over it");

    const campaign = await t.request("GET", `/api/campaigns/${campaignId}`, { token: owner.token });
    assert.equal(campaign.body.campaign.status, "completed");
  });

  const said = (c: Call) =>
    c.transcript
      .filter((x) => x.speaker === "agent")
      .map((x) => x.text)
      .join(" ");

  /**
   * "Call me tomorrow morning": 09:00 the next day on the contact's clock (the agent reads times in the zone of
   * their number; the test picks a country in daytime now), inside their legal hours. "Tomorrow" is the day after
   * the callee said it, somewhere between the call's answer and its end: a call that crosses midnight there may take
   * either day, never another.
   */
  function assertCallbackAtAskedTime(cb: Attempt[], callOf: (a: Attempt) => Call): void {
    const first = callOf(cb[0]!);
    assert.match(said(first), /call you back/i);
    const zone = contactZone(cb[0]!.phone, "UTC");
    const dueFrom = (spoken: Date) =>
      DateTime.fromJSDate(spoken, { zone })
        .plus({ days: 1 })
        .set({ hour: 9, minute: 0, second: 0, millisecond: 0 })
        .toJSDate()
        .toISOString();
    const allowed = [...new Set([dueFrom(first.answered_at!), dueFrom(first.ended_at)])];
    assert.ok(
      allowed.includes(cb[1]!.due_at.toISOString()),
      `the second call is due when the callee asked: ${cb[1]!.due_at.toISOString()} not in ${allowed}`,
    );
  }

  /** A retry is due time_gap (1 h) after the first call ended (contact hours allowing, which they do here). */
  function assertRetriesAfterGap(rows: Attempt[], callOf: (a: Attempt) => Call): void {
    for (const p of ["voicemail", "no_answer", "busy", "failed"]) {
      const [first, second] = rows.filter((a) => a.persona === p);
      assert.equal(second!.due_at.getTime() - callOf(first!).ended_at.getTime(), 3_600_000, p);
    }
  }

  /** Most calls live at once, from the recorded rows (a row's end is on the shifted clock of its start). */
  function peakOverlap(calls: Call[]): number {
    const edges = calls.flatMap((c) => [
      { at: c.started_at.getTime(), d: 1 },
      { at: c.ended_at.getTime() - offsetAt(c.started_at), d: -1 },
    ]);
    edges.sort((a, b) => a.at - b.at || a.d - b.d);
    let live = 0;
    let peak = 0;
    for (const e of edges) {
      live += e.d;
      peak = Math.max(peak, live);
    }
    return peak;
  }
});

const show = (rows: Attempt[]) =>
  rows
    .map((a) => `${a.persona} #${a.attempt_number} ${a.status} ${a.outcome ?? "-"} due ${a.due_at.toISOString()}`)
    .join("\n");
