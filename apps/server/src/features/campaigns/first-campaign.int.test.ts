import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";

// A first campaign written the way the form suggests: the opening line uses {name}, the description is a
// note for the team. What the callee hears is checked on a real call (offline voices, simulated carrier).
const [kind] = await dbKinds();

const OPENING = "Hi {name}, this is Sam from Bright Dental. Do you have a minute?";
const NOTE = "Internal note: trade fair list, owner Priya";

// The issue's call: "book me Tuesday at three pm" said on a Tuesday at 15:27 in the campaign's zone (UTC), so
// that Tuesday's 3 pm has just passed. The app's clock runs on from the next such moment whatever day the
// suite runs (ahead of the real time, never behind, so its sessions' tokens stay valid).
const TUESDAY_AFTERNOON = (() => {
  const at = new Date();
  at.setUTCHours(15, 27, 0, 0);
  while (at.getUTCDay() !== 2 || at < new Date()) at.setUTCDate(at.getUTCDate() + 1);
  return at;
})();
const shift = TUESDAY_AFTERNOON.getTime() - Date.now();
const clock = { now: () => new Date(Date.now() + shift) };

describe(`a first campaign: what the callee hears (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      env: { SIMULATED_RING_MS: "200" },
      clock,
    });
    owner = await buildUser(t);
  });
  after(() => t.close());

  const create = (opening: string, phone: string, draft: boolean, contact = "Wendy Cole") => {
    const form = new FormData();
    const fields = {
      campaign_name: "Trade fair leads",
      campaign_description: NOTE,
      save_as_draft: String(draft),
      campaign_timezone: "UTC",
      business_hours_start: "00:00",
      business_hours_end: "23:30",
      max_attempts: "1",
      faqs: JSON.stringify({ opening_line: opening, goal: "Book a check-up", faqs: [] }),
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set(
      "csv_file",
      new Blob([`Full Name,Phone,Company,persona\n${contact},${phone},Cole & Co,interested\n`], { type: "text/csv" }),
      "fair.csv",
    );
    return t.request("POST", "/api/create_campaign", { token: owner.token, body: form });
  };

  type Turn = { speaker: string; text: string };
  /** Launches a campaign of one interested contact and waits for its call: what was said, and the meetings booked. */
  const firstCall = async (phone: string, contact: string) => {
    const res = await create(OPENING, phone, false, contact);
    assert.equal(res.status, 201, res.text);
    const campaignId = res.body.campaign.id as string;
    let call: { id: string; transcript: Turn[] } | undefined;
    for (const deadline = Date.now() + 120_000; !call && Date.now() < deadline; ) {
      await t.services.dialer.tick();
      // The attempt done too, not only the call row: the dialer's last write lands before the app closes.
      [call] = await t.db.query<{ id: string; transcript: Turn[] }>(
        `select c.id, c.transcript from calls c join call_attempts a on a.call_id = c.id
          where c.campaign_id = $1 and c.ended_at is not null and a.status <> 'in_progress'`,
        [campaignId],
      );
      if (!call) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(call, "the campaign's call ended");
    // What a new team's callee hears, with the app's time of the call.
    console.log(
      `# call at ${clock.now().toISOString()}\n${call.transcript.map((x) => `# ${x.speaker}: ${x.text}`).join("\n")}`,
    );
    const meetings = await t.db.query<{ start_at: Date }>("select start_at from calendar_events where call_id = $1", [
      call.id,
    ]);
    return {
      campaignId,
      agent: call.transcript.filter((x) => x.speaker === "agent").map((x) => x.text),
      meetings: meetings.map((m) => m.start_at),
    };
  };
  /**
   * What the campaign's view counts (its progress stream, one message once
   * the campaign is over) and what the call logs say.
   */
  const countsAndLogs = async (campaignId: string) => {
    const stream = await fetch(`${t.baseUrl}/api/campaigns/${campaignId}/progress`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const data = (await stream.text())
      .split("\n")
      .filter((l) => l.startsWith("data:"))
      .at(-1)!;
    const byOutcome = (JSON.parse(data.slice(5)) as { by_outcome: Record<string, number> }).by_outcome;
    const logs = await t.request("GET", `/api/call-history?campaign_id=${campaignId}`, { token: owner.token });
    assert.equal(logs.status, 200, logs.text);
    const rows = logs.body.call_history as Array<{ status: string; summary: string; campaign_name: string }>;
    return { counted: Object.entries(byOutcome).filter(([, n]) => n > 0), rows };
  };
  /**
   * The Tuesday the callee means by "Tuesday at 3 pm" said on a Tuesday at
   * 15:27: next week's, never today's past hour nor Wednesday.
   */
  const askedTuesday = () =>
    new Date(
      Date.UTC(
        TUESDAY_AFTERNOON.getUTCFullYear(),
        TUESDAY_AFTERNOON.getUTCMonth(),
        TUESDAY_AFTERNOON.getUTCDate() + 7,
        15,
      ),
    );
  const spoken = (at: Date) =>
    (
      `${at.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" })} at ` +
      `${at.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" })}`
    ).replace(/\s/g, " "); // ICU may put a narrow space before PM
  let wendysMeeting: Date | undefined;

  test("a variable that matches no column is refused at save, naming the columns that exist", async () => {
    const res = await create("Hi {name}, about your {budget}.", numbersInHoursNow(1, 50, clock.now())[0]!, true);
    assert.equal(res.status, 400, res.text);
    assert.equal(
      res.body.error.message,
      "{budget} matches no column of the contact list. Available: {name}, " +
        "{first_name}, {last_name}, {phone}, {email}, {company}, {persona}.",
    );
    const list = await t.request("GET", "/api/campaigns", { token: owner.token });
    assert.equal(list.body.total, 0, "nothing was saved");
  });

  test("one greeting, in campaign words, no brace or note; Tuesday 3 pm said Tuesday p.m.: next week", async () => {
    const { campaignId, agent, meetings } = await firstCall(numbersInHoursNow(1, 60, clock.now())[0]!, "Wendy Cole");
    assert.equal(
      agent[0],
      "Hi Wendy, this is Sam from Bright Dental. I'm an AI assistant, and this call is recorded. Do you have a minute?",
    );
    // One company throughout: the one the opening line introduced, not the organisation's own name.
    for (const line of agent) assert.doesNotMatch(line, /[{}]|Internal note|Priya|Trade fair|Acme/, line);
    assert.match(agent.join(" "), /a short meeting with the Bright Dental team/);
    const tuesday = askedTuesday();
    assert.ok(
      agent.some((l) => l.includes(`You're booked for ${spoken(tuesday)}.`)),
      `booked as asked:\n${agent.join("\n")}`,
    );
    assert.deepEqual(meetings, [tuesday], "the one meeting in the calendar is the time the callee asked for");
    wendysMeeting = tuesday;
    // The campaign's progress chips, the call logs and the summary tell the same story.
    const { counted, rows } = await countsAndLogs(campaignId);
    assert.deepEqual(counted, [["scheduled", 1]]);
    assert.deepEqual(
      rows.map((r) => [r.status, r.campaign_name]),
      [["scheduled", "Trade fair leads"]],
    );
    assert.ok(
      rows[0]!.summary.startsWith(`Wendy Cole agreed to a meeting, booked for ${spoken(tuesday)}.`),
      rows[0]!.summary,
    );
  });

  test("the next contact asks for the same Tuesday 3 pm: it is taken; the accepted alternative is booked", async () => {
    assert.ok(wendysMeeting, "runs after the first call booked Tuesday 3 pm");
    const { agent, meetings } = await firstCall(numbersInHoursNow(1, 70, clock.now())[0]!, "Omar Ali");
    const said = agent.join("\n");
    const taken = new RegExp(
      `I'm sorry, ${spoken(wendysMeeting)} is already taken\\. I could ` +
        "do (.+?) or (.+?)\\. Which works better for you\\?",
    );
    const offered = taken.exec(said);
    assert.ok(offered, `the busy slot is named and alternatives offered:\n${said}`);
    // The nearest free half hours on either side of the taken 3 pm (meetings last 30 minutes), not two before it.
    const beside = (minutes: number) => spoken(new Date(wendysMeeting!.getTime() + minutes * 60_000));
    assert.deepEqual(offered.slice(1), [beside(-30), beside(30)], said);
    // The persona takes the first one offered ("The first one works."): that is the meeting, and the only one.
    assert.equal(meetings.length, 1, said);
    assert.equal(spoken(meetings[0]!), offered[1]);
    assert.ok(said.includes(`You're booked for ${offered[1]}.`), said);
  });
});
