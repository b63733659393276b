import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { encodeWav } from "@parley/voice/audio/wav";
import { createPostgresStorage } from "../../apps/server/src/platform/storage-postgres.ts";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";
import { BOOKED_AT, BOOKED_CALL, turns } from "../support/scorecard-calls.ts";
import { insertAgentMeeting, insertCall, insertCampaign } from "../support/seed.ts";

// Issue 33 part 2: the campaign view shows each scorecard check's pass rate and the calls that failed one; a
// failed check opens the call's details in Call logs with the recording at the moment that decided it.
const skip = await postgresSkipReason();
const ANSWERED = Date.parse("2026-11-20T15:00:00Z");
const at = (secs: number) => new Date(ANSWERED + secs * 1000).toISOString();

describe("scorecards: the campaign's pass rates and a failed call's moment", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let user: E2EUser;
  let slug: string;
  let campaignId: string;
  before(async () => {
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    const me = await loginViaApi(env.baseUrl, user);
    slug = me.slug;
    await seed(me.orgId);
  });
  after(() => env?.close());

  /** Two recorded calls of a finished campaign: one that books well, one that hides the AI and answers late. */
  async function seed(orgId: string) {
    const tone = new Int16Array(8000 * 20 * 2).map((_, i) => Math.round(4000 * Math.sin(i / 5)));
    const storage = createPostgresStorage(env.db);
    for (const name of ["booked", "hidden"])
      await storage.put(`recordings/${orgId}/${name}.wav`, Buffer.from(encodeWav(tone, 8000, 2)));
    campaignId = await insertCampaign(env.db, orgId, {
      name: "Demo week",
      status: "completed",
      goal: "book a short demo of the premium plan",
      timezone: "America/New_York",
      faqs: [{ question: "How much does it cost?", answer: "The premium plan is 49 dollars a month per seat." }],
    });
    const base = { campaign_id: campaignId, status: "completed", answered_at: at(0), started_at: at(-10) };
    const booked = await insertCall(env.db, orgId, {
      ...base,
      ended_at: at(48),
      duration_secs: 48,
      lead_name: "Dana Booked",
      outcome: "scheduled",
      transcript: turns(BOOKED_CALL),
    });
    const hidden = await insertCall(env.db, orgId, {
      ...base,
      ended_at: at(16),
      duration_secs: 16,
      lead_name: "Hal Hidden",
      outcome: "not_interested",
      transcript: turns([
        ["agent", "Hi Hal, this is Sam from Bright Dental. This call is recorded. Do you have a minute?", 2.5, 7],
        ["callee", "what is this about", 8, 9.5],
        ["agent", "Would you like a short demo of the premium plan?", 10.5, 13],
        ["callee", "no thanks", 14, 15],
      ]),
    });
    for (const [id, name] of [
      [booked, "booked"],
      [hidden, "hidden"],
    ])
      await env.db.query("update calls set recording_key = $2 where id = $1", [id, `recordings/${orgId}/${name}.wav`]);
    const meeting = await insertAgentMeeting(env.db, orgId, {
      title: "Demo",
      start_at: BOOKED_AT.toISOString(),
      end_at: new Date(BOOKED_AT.getTime() + 1_800_000).toISOString(),
      call_id: booked,
    });
    await env.db.query("update calendar_events set created_at = $2 where id = $1", [meeting, at(33.9)]);
  }

  const rate = (page: Page, check: string) =>
    page.locator(`[aria-label="Pass rate of each check"] [data-check="${check}"]`).innerText();
  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  for (const size of [
    { width: 1440, height: 1100 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width} px: pass rates, failed calls, and a failed check's moment in the recording`, async () => {
      const page = await env.newPage({ ...size, timezoneId: "America/New_York" });
      await signIn(page, user);
      await page.goto(`/org/${slug}/campaign-setup?id=${campaignId}`);
      const panel = page.getByRole("region", { name: "Scorecard" });
      await panel.getByText("Over 2 ended calls.", { exact: false }).waitFor();
      assert.match(await rate(page, "ai_disclosed"), /AI disclosed[\s\S]*50%[\s\S]*1 of 2 calls/);
      assert.match(await rate(page, "booking_read_back"), /100%[\s\S]*1 of 1 call · 1 N\/A/);
      assert.match(await rate(page, "opt_out_honoured"), /—[\s\S]*0 of 0 calls · 2 N\/A/);
      const failed = page.getByTestId("failed-calls");
      assert.deepEqual(
        await failed
          .locator("li")
          .allInnerTexts()
          .then((t) => t.length),
        1,
      );
      await failed.getByText("Hal Hidden").waitFor();
      assert.ok(await noSideways(page), "the campaign view scrolls sideways");
      await panel.scrollIntoViewIfNeeded();
      await env.screenshot(page, `scorecard-campaign-${size.width}`);

      // Choosing a check lists the calls that failed it, with that check only.
      await panel.getByRole("button", { name: "Time to first word" }).click();
      await panel.getByText('1 call failed "Time to first word"').waitFor();
      assert.deepEqual(await failed.getByRole("link").allInnerTexts(), ["Time to first word"]);

      // The failed check opens the call in Call logs, its recording set at the moment (2.5 s after the answer).
      await failed.getByRole("link", { name: "Time to first word" }).click();
      await page.waitForURL(/call-logs\?call=.*&at=2500/);
      const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
      const card = dialog.getByTestId("call-scorecard");
      await card.locator('[data-check="first_word"][data-result="fail"]').waitFor();
      assert.match(await card.innerText(), /Fail[\s\S]*Time to first word[\s\S]*Line 1 at 0:02/);
      const audio = dialog.getByLabel("Call recording");
      assert.match((await audio.getAttribute("src")) ?? "", /#t=2\.5$/);
      await card.getByRole("button", { name: "Play from 0:02" }).first().click();
      const position = await audio.evaluate((a) => (a as HTMLAudioElement).currentTime);
      assert.ok(position >= 2.4 && position < 4, `the recording is at ${position} s`);
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiDialog-container")].every((e) => getComputedStyle(e).opacity === "1"),
      );
      await card.scrollIntoViewIfNeeded();
      await env.screenshot(page, `scorecard-call-${size.width}`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await page.waitForURL((u) => !u.search.includes("call="));
      await page.close();
    });
  }
});
