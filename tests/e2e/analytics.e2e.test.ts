import assert from "node:assert/strict";
import { test, describe, before, after } from "node:test";
import type { Locator, Page } from "playwright-core";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi } from "../support/e2e-users.ts";
import { numbersInHoursNow } from "../support/in-hours-numbers.ts";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { insertCall, insertCampaign, insertContact } from "../support/seed.ts";
import { insertDialledCalls } from "../support/answer-hours-data.ts";
import { formatPhone } from "../../apps/web/src/lib/phone-format.ts";
import { PHONE, atPhoneWidth } from "../support/phone-width.ts";

// Calls are seeded into a PostgreSQL database the server shares with this test (PGlite is one process only).
// The live call is a real one: "call now" on the simulated carrier, ringing 3 s, then an instant conversation.
const skip = await postgresSkipReason();

describe("calling analytics: periods, tabs and live calls from real calls", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let db: Db;
  before(async () => {
    env = await startE2EOnPostgres({ env: { VOICE_MODE: "instant", SIMULATED_RING_MS: "3000" } });
    db = env.db;
  });
  after(() => env.close());

  /**
   * "Today" and "This Week" begin at midnight (the browser's, the machine's zone): calls seeded a minute ago in a
   * day's last minutes belong to the day before by the time the screen asks. So close to midnight the seed waits
   * until its calls' minute is past it.
   */
  async function pastMidnightIfClose() {
    const midnight = new Date();
    midnight.setHours(24, 0, 0, 0);
    const left = midnight.getTime() - Date.now();
    if (left < 5 * 60_000) await new Promise((r) => setTimeout(r, left + 70_000));
  }

  /** Campaign "Autumn" with 3 contacts, called a minute ago: booked (positive), interested (neutral), no answer. */
  async function seed(orgId: string) {
    await pastMidnightIfClose();
    // contact_count as a list import keeps it.
    const campaignId = await insertCampaign(db, orgId, { name: "Autumn", status: "active", contact_count: 3 });
    const contacts: string[] = [];
    // Ring now keeps contact-local calling hours: numbers where it is daytime now.
    const phones = numbersInHoursNow(3);
    for (const [i, name] of ["Asha Rao", "Omar Ali", "Li Wei"].entries()) {
      contacts.push(await insertContact(db, orgId, campaignId, { line_number: i + 2, name, phone_e164: phones[i]! }));
    }
    const latency = [
      { turn: 1, endOfSpeech: 1000, sttFinal: 1100, brainFirstToken: 1200, ttsFirstAudio: 1500, firstFrameSent: 1600 },
    ];
    const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
    const call = (i: number, outcome: string, sentiment: string | null, secs: number) =>
      insertCall(db, orgId, {
        campaign_id: campaignId,
        contact_id: contacts[i],
        lead_name: "Lead",
        status: "completed",
        outcome,
        sentiment,
        started_at: secondsAgo(60),
        answered_at: secs > 0 ? secondsAgo(55) : null,
        ended_at: new Date(),
        duration_secs: secs,
        latency: secs > 0 ? latency : [],
      });
    await call(0, "scheduled", "positive", 120);
    await call(1, "interested", "neutral", 60);
    await call(2, "no_answer", null, 0);
    return { campaignId, contactId: contacts[0]!, phone: phones[0]! };
  }

  /** The screen on a phone too (the steps are the same there): `what` shows, scrolled to. */
  const onPhone = (page: Page, name: string, what: Locator) =>
    atPhoneWidth(env, page, name, async () => {
      await what.scrollIntoViewIfNeeded();
      assert.ok(await what.isVisible(), `${name}: shows on a phone`);
    });

  async function pickPeriod(page: Page, label: string) {
    await page.getByRole("combobox", { name: "Period" }).click();
    await page.getByRole("option", { name: label }).click();
  }

  test("empty states first, then every tab and period with the seeded calls", async () => {
    const user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    const page = await env.newPage({ width: 1280, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${me.slug}/calling-visualization`);
    await page.getByText("No rated calls in this period.").waitFor();
    await page.getByRole("region", { name: "Live calls" }).getByText("No calls in progress right now.").waitFor();
    await page.getByRole("tab", { name: "Call Volume" }).click();
    await page.getByText("No calls in this period yet.").waitFor();
    await env.screenshot(page, "analytics-empty-1280");

    await seed(me.orgId);
    await page.reload();
    await page.getByRole("tab", { name: "Sentiment Analysis" }).click();
    const sentiment = page.getByText(
      "Positive 50% · Neutral 50% · Negative 0% — 1 call without sentiment (not answered)",
    );
    await sentiment.waitFor();
    await env.screenshot(page, "analytics-sentiment-1280");
    await onPhone(page, "analytics-sentiment", sentiment);

    await page.getByRole("tab", { name: "Call Volume" }).click();
    await page.getByText("3 calls, 2 connected, 1 booked — per day").waitFor(); // This Week by default
    await pickPeriod(page, "Today");
    await page.getByText("3 calls, 2 connected, 1 booked — per hour").waitFor();
    await pickPeriod(page, "This Quarter");
    await page.getByText("3 calls, 2 connected, 1 booked — per week").waitFor();
    await env.screenshot(page, "analytics-volume-1280");

    await page.getByRole("tab", { name: "Agent Performance" }).click();
    const row = page.getByRole("region", { name: "By campaign", exact: true }).getByRole("row", { name: /Autumn/ });
    assert.deepEqual(await row.getByRole("cell").allInnerTexts(), [
      "Autumn",
      "3",
      "66.7%",
      "33.3%",
      "1m 30s",
      "600 ms",
    ]);
    await env.screenshot(page, "analytics-performance-1280");
    await onPhone(page, "analytics-performance", page.getByRole("region", { name: "By voice", exact: true }));

    await page.getByRole("tab", { name: "Campaign Analytics" }).click();
    await page.getByRole("combobox", { name: "Campaign" }).click();
    await page.getByRole("option", { name: "Autumn" }).click();
    const funnel = page.getByRole("region", { name: "Campaign funnel" });
    await funnel.getByText("Meeting booked").waitFor();
    // The bar labels, in stage order, each with its share of the stage before: 3 dialled, 2 answered, both
    // people, both talked over 30 s, none qualified (the campaign captures no fields), 1 booked (of conversations).
    const labels = await funnel.locator(".recharts-label-list text").allTextContents();
    assert.deepEqual(labels, ["3", "2 (67%)", "2 (100%)", "2 (100%)", "0 (0%)", "1 (50%)"]);
    await env.screenshot(page, "analytics-funnel-1280");
    // The funnel chart keeps its wide drawing when the window narrows (drawn at 390 px it fits): the phone's look
    // at it is the page loaded at that width.
    const desktop = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole("tab", { name: "Campaign Analytics" }).click();
    await atPhoneWidth(env, page, "analytics-funnel", () => funnel.getByText("Meeting booked").waitFor());
    await page.setViewportSize(desktop);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.context().close();
  });

  test("when contacts answer: a heat map of rates with counts, few calls said so, at 1440 (and 390 px)", async () => {
    const user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    const page = await env.newPage({ width: 1440, height: 1000 });
    await signIn(page, user);
    await page.goto(`/org/${me.slug}/calling-visualization`);
    const panel = page.getByRole("region", { name: "When contacts answer" });
    await panel.getByText("No dialled calls yet.").waitFor();

    const campaignId = await insertCampaign(db, me.orgId, { name: "Hours", timezone: "Asia/Kolkata" });
    const cells = [
      { weekday: 2, hour: 10, dialled: 24, people: 18 },
      { weekday: 2, hour: 15, dialled: 20, people: 4 },
      { weekday: 4, hour: 16, dialled: 5, people: 2 },
    ];
    await insertDialledCalls(db, me.orgId, campaignId, cells, 330);
    await page.reload();
    const map = panel.getByRole("table", { name: "Answer rate by weekday and hour" });
    const tue10 = map.getByRole("cell", { name: "Tuesday 10:00: 75% answered by a person, 18 of 24 calls" });
    assert.deepEqual((await tue10.innerText()).split("\n"), ["75%", "18/24"]);
    const thu16 = map.getByRole("cell", { name: "Thursday 16:00: 5 calls, too few for a rate" });
    assert.deepEqual((await thu16.innerText()).split("\n"), ["5", "few"]);
    await panel.getByText("until 200 calls have been dialled (49 so far)", { exact: false }).waitFor();
    await panel.getByText("24 of 49 calls answered by a person.", { exact: false }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await env.screenshot(page, "analytics-answer-hours-1440");
    // The map fits the phone's width: no sideways scrolling (atPhoneWidth asserts it).
    await onPhone(page, "analytics-answer-hours", map.getByRole("cell", { name: /^Tuesday 15:00: 20% answered/ }));
    await page.getByRole("tab", { name: "Campaign Analytics" }).click();
    await page.getByText("No contacts first dialled in this range.").waitFor();
    // Calls with no contact behind them (these are) start no one's funnel; a range the wrong way round is named.
    await page.getByLabel("To", { exact: true }).fill("2020-01-01");
    const wrongWay = page.getByText("The range must start on or before its end (from ≤ to).");
    await wrongWay.waitFor();
    await onPhone(page, "analytics-funnel-range", wrongWay);
    await page.context().close();
  });

  test("a call placed now shows in the Live calls panel while it rings, and leaves when it ends", async () => {
    const user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    const { token } = me;
    const { campaignId, contactId, phone: asha } = await seed(me.orgId);
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, user);
    await page.goto(`/org/${me.slug}/calling-visualization`);
    const panel = page.getByRole("region", { name: "Live calls" });
    await panel.getByText("No calls in progress right now.").waitFor();

    const placed = await fetch(`${env.baseUrl}/api/calls`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ campaign_id: campaignId, contact_id: contactId }),
    });
    assert.equal(placed.status, 202);
    const card = panel.getByRole("listitem", { name: "Call with Asha Rao" });
    await card.waitFor({ timeout: 5000 });
    // The number as the screen writes it: national in the organisation's country, international elsewhere.
    const settings = await fetch(`${env.baseUrl}/api/settings/organization`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ country: string | null }>);
    await card.getByText(`${formatPhone(asha, settings.country)} · Autumn`).waitFor();
    await card.getByText(/^(Ringing|Talking) \d+:\d\d$/).waitFor();
    await env.screenshot(page, "analytics-live-390");
    await panel.getByText("No calls in progress right now.").waitFor({ timeout: 30_000 });
    await page.context().close();
  });
});
