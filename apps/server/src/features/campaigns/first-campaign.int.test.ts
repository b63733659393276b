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

describe(`a first campaign: what the callee hears (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  before(async () => {
    t = await startTestApp(kind!, { env: { SIMULATED_RING_MS: "200" } });
    owner = await buildUser(t);
  });
  after(() => t.close());

  const create = (opening: string, phone: string, draft: boolean) => {
    const form = new FormData();
    const fields = {
      campaign_name: "Trade fair leads", campaign_description: NOTE, save_as_draft: String(draft),
      campaign_timezone: "UTC", business_hours_start: "00:00", business_hours_end: "23:30", max_attempts: "1",
      faqs: JSON.stringify({ opening_line: opening, goal: "Book a check-up", faqs: [] }),
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("csv_file", new Blob([`Full Name,Phone,Company,persona\nWendy Cole,${phone},Cole & Co,interested\n`], { type: "text/csv" }), "fair.csv");
    return t.request("POST", "/api/create_campaign", { token: owner.token, body: form });
  };

  test("a variable that matches no column is refused at save, naming the columns that exist", async () => {
    const res = await create("Hi {name}, about your {budget}.", numbersInHoursNow(1, 50)[0]!, true);
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.message, "{budget} matches no column of the contact list. Available: {name}, {first_name}, {last_name}, {phone}, {email}, {company}, {persona}.");
    const list = await t.request("GET", "/api/campaigns", { token: owner.token });
    assert.equal(list.body.total, 0, "nothing was saved");
  });

  test("the callee hears one greeting in the campaign's words, never a brace or the team's note", async () => {
    const res = await create(OPENING, numbersInHoursNow(1, 60)[0]!, false);
    assert.equal(res.status, 201, res.text);
    const campaignId = res.body.campaign.id as string;
    const dialer = t.services.dialer;
    let call: { transcript: Array<{ speaker: string; text: string }> } | undefined;
    for (const deadline = Date.now() + 120_000; !call && Date.now() < deadline; ) {
      await dialer.tick();
      // The attempt done too, not only the call row: the dialer's last write lands before the app closes.
      [call] = await t.db.query<{ transcript: Array<{ speaker: string; text: string }> }>(
        `select c.transcript from calls c join call_attempts a on a.call_id = c.id
          where c.campaign_id = $1 and c.ended_at is not null and a.status <> 'in_progress'`, [campaignId]);
      if (!call) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(call, "the campaign's call ended");
    console.log(call.transcript.map((x) => `# ${x.speaker}: ${x.text}`).join("\n")); // what a new team's callee hears
    const agent = call.transcript.filter((x) => x.speaker === "agent").map((x) => x.text);
    assert.equal(agent[0], "Hi Wendy, this is Sam from Bright Dental. I'm an AI assistant, and this call is recorded. Do you have a minute?");
    for (const line of agent) assert.doesNotMatch(line, /[{}]|Internal note|Priya|Trade fair/, line);
  });
});
