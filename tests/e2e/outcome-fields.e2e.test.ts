import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { insertCall, insertCampaign } from "../support/seed.ts";

// Issue 33 part 1: campaign setup lists the qualifying questions; a call's answers show in its details and as a
// column and filters of the call logs.
const skip = await postgresSkipReason();

const answer = (
  key: string,
  name: string,
  type: string,
  value: unknown,
  display: string,
  utterance: string | null,
) => ({
  key,
  name,
  type,
  answered: value !== null,
  value,
  currency: null,
  display,
  utterance,
});

describe("qualifying questions: setup, call details and call logs", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let user: E2EUser;
  let me: E2ESession;
  let campaignId: string;
  before(async () => {
    env = await startE2EOnPostgres();
    user = await registerViaApi(env.baseUrl);
    me = await loginViaApi(env.baseUrl, user);
    campaignId = await insertCampaign(env.db, me.orgId, { name: "Growth audit", status: "active" });
    const started = new Date(Date.now() - 3_600_000).toISOString();
    const call = (lead: string) =>
      insertCall(env.db, me.orgId, {
        campaign_id: campaignId,
        lead_name: lead,
        status: "completed",
        outcome: "interested",
        started_at: started,
        answered_at: started,
        ended_at: started,
        duration_secs: 80,
        summary: `${lead} answered the qualifying questions.`,
      });
    const keep = (callId: string, qualified: boolean, answers: unknown[]) =>
      env.db.query(
        `insert into call_outcome_answers (call_id, org_id, campaign_id, qualified, answers)
         values ($1, $2, $3, $4, $5::jsonb)`,
        [callId, me.orgId, campaignId, qualified, JSON.stringify(answers)],
      );
    await keep(await call("Quinn Qualified"), true, [
      answer("budget_per_month", "Budget per month", "amount", 2000, "2,000", "about two grand a month"),
      answer("crm", "CRM", "choice", "Salesforce", "Salesforce", "we're on Salesforce"),
    ]);
    await keep(await call("Dee Dodger"), false, [
      answer("budget_per_month", "Budget per month", "amount", null, "Not answered", "not sure yet"),
      answer("crm", "CRM", "choice", null, "Not answered", null),
    ]);
  });
  after(() => env?.close());

  const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const savedFields = async () => {
    const res = await fetch(`${env.baseUrl}/api/campaigns/${campaignId}/outcome-fields`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    return ((await res.json()) as { fields: { name: string; type: string; options: string[] }[] }).fields;
  };

  for (const size of [
    { width: 1440, height: 1100 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${size.width} px: the fields editor names a problem, saves, and shows what it saved`, async () => {
      const page = await env.newPage(size);
      await signIn(page, user);
      await page.goto(`/org/${me.slug}/campaign-setup?id=${campaignId}`);
      const section = page.getByRole("region", { name: "Qualifying Questions" });
      await section
        .getByText("No qualifying questions", { exact: false })
        .or(section.getByLabel("Question 1", { exact: true }))
        .waitFor();
      // Start from the empty list at each width (the first width saves two questions).
      while ((await section.getByRole("button", { name: /Remove question/ }).count()) > 0)
        await section
          .getByRole("button", { name: /Remove question/ })
          .first()
          .click();
      await section.getByRole("button", { name: "Add a question" }).click();
      const first = section.getByLabel("Question 1", { exact: true });
      await first.getByLabel("Field name").fill("Budget per month");
      await first.getByLabel("Type").click();
      await page.getByRole("option", { name: "Amount" }).click();
      await first.getByLabel("Question the agent asks").fill("Roughly what do you spend a month on marketing?");
      await first.getByLabel("At least").fill("1000");
      await section.getByRole("button", { name: "Add a question" }).click();
      const second = section.getByLabel("Question 2", { exact: true });
      await second.getByLabel("Question the agent asks").fill("Which CRM do you use?");
      await second.getByLabel("Field name").fill("budget per month");
      await second.getByRole("alert").getByText('Two fields are named "Budget per month"', { exact: false }).waitFor();
      await second.getByLabel("Field name").fill("CRM");
      await second.getByLabel("Type").click();
      await page.getByRole("option", { name: "One of a list" }).click();
      await second.getByLabel("Options, separated by commas").fill("Salesforce, HubSpot, None");
      assert.equal(await section.getByRole("alert").count(), 0);
      assert.ok(await noSideways(page), "the setup form scrolls sideways");
      await section.scrollIntoViewIfNeeded();
      await env.screenshot(page, `outcome-fields-setup-${size.width}`);
      await page.getByRole("button", { name: "Update Campaign" }).click();
      await page.getByText("Campaign updated successfully!").waitFor();
      assert.deepEqual(
        (await savedFields()).map((f) => [f.name, f.type, f.options]),
        [
          ["Budget per month", "amount", []],
          ["CRM", "choice", ["Salesforce", "HubSpot", "None"]],
        ],
      );
      await page.close();
    });

    test(`at ${size.width} px: call logs show who qualified, filter on it; the details show each answer`, async () => {
      const page = await env.newPage(size);
      await signIn(page, user);
      await page.goto(`/org/${me.slug}/call-logs`);
      const rows = size.width > 600 ? page.getByTestId("call-log-row") : page.getByTestId("call-log-card");
      await rows.first().waitFor();
      assert.equal(await rows.count(), 2);
      await page.getByRole("combobox", { name: "Qualified" }).click();
      await page.getByRole("option", { name: "Qualified", exact: true }).click();
      await page.getByTestId("call-count").getByText("1", { exact: false }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll("[data-testid^=call-log-]").length === 1);
      assert.match(await rows.first().innerText(), /Quinn Qualified/);
      await page.getByRole("combobox", { name: "Answer to" }).click();
      await page.getByRole("option", { name: "CRM" }).click();
      if (size.width > 600) await page.getByRole("columnheader", { name: "CRM" }).waitFor();
      assert.match(await rows.first().innerText(), size.width > 600 ? /Yes[\s\S]*Salesforce/ : /Qualified/);
      assert.ok(await noSideways(page), "the call logs scroll sideways");
      await env.screenshot(page, `outcome-fields-logs-${size.width}`);
      await rows.first().click();
      const dialog = page.getByRole("dialog", { name: "Conversation Summary" });
      const answers = dialog.getByTestId("qualifying-answers");
      await answers.waitFor();
      assert.match(await answers.innerText(), /Qualified[\s\S]*Budget per month: 2,000[\s\S]*about two grand a month/);
      await answers.scrollIntoViewIfNeeded();
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiDialog-container")].every((e) => getComputedStyle(e).opacity === "1"),
      );
      await env.screenshot(page, `outcome-fields-details-${size.width}`);
      await page.close();
    });
  }
});
