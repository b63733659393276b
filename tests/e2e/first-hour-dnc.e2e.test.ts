import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Issue 35 item 8: "0171 2345678" is read as the CSV import reads it (the organisation's country), the country is
// chosen from a list that starts there, and the campaign's contact with that number says "Do not call" at once.
type Session = E2ESession & { user: E2EUser };

async function api(env: E2E, s: Session, method: string, url: string, body?: unknown) {
  const res = await fetch(`${env.baseUrl}/api${url}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${await res.clone().text()}`);
  return res.json();
}

describe("first hour: do-not-call numbers as the team writes them", () => {
  let env: E2E;
  before(async () => (env = await startE2E({ env: { DIALER: "0" } })));
  after(() => env.close());

  // One run at 1440 px; the dialog and the contact row are looked at at 390 px on the way (atPhoneWidth).
  test("a German national number is added; its contact shows Do not call", async () => {
    const s = await newApiUser(env.baseUrl);
    await api(env, s, "PUT", "/settings/organization", {
      timezone: "Europe/Berlin",
      business_hours_start: "09:00",
      business_hours_end: "17:00",
    });
    const { campaign_id: campaignId } = await createCampaignWithContact(env, s);

    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, s.user);
    await page.goto(`/org/${s.slug}/do-not-call`);
    await page.getByRole("heading", { name: "Do-not-call list" }).waitFor();
    await page.getByRole("button", { name: "Add number" }).click();
    const add = page.getByRole("dialog", { name: "Add a number" });
    // The picker starts on the organisation's country: its time zone in Settings is Berlin.
    assert.equal(await add.getByLabel("Country (for numbers without +)").inputValue(), "Germany (DE)");
    await add.getByText("Numbers without + are read as Germany numbers.").waitFor();
    await add.getByLabel(/^Phone number/).fill("0171 2345678");
    await env.screenshot(page, "first-hour-dnc-add-1440");
    await atPhoneWidth(env, page, "first-hour-dnc-add", async () => {
      await add.getByLabel(/^Phone number/).waitFor();
      await add.getByRole("button", { name: "Add number" }).waitFor();
    });
    await add.getByRole("button", { name: "Add number" }).click();
    await page.getByText("1 number added.").waitFor();
    await page.getByTestId("dnc-row").filter({ hasText: "0171 2345678" }).waitFor();

    await page.goto(`/org/${s.slug}/campaign-setup?id=${campaignId}`);
    const row = page.getByTestId("contact-row").filter({ hasText: "Jonas Weber" });
    await row.getByTestId("contact-status").getByText("Do not call", { exact: true }).waitFor();
    await row.getByText("On the do-not-call list: it is never called").waitFor();
    assert.equal(await row.getByRole("button", { name: /Call now/ }).count(), 0, "no Call now for a listed number");
    await row.scrollIntoViewIfNeeded();
    await env.screenshot(page, "first-hour-dnc-contact-1440");
    await atPhoneWidth(env, page, "first-hour-dnc-contact", async () => {
      await row.scrollIntoViewIfNeeded();
      await row.getByTestId("contact-status").getByText("Do not call", { exact: true }).waitFor();
      await row.getByText("On the do-not-call list: it is never called").waitFor();
      assert.equal(await row.getByRole("button", { name: /Call now/ }).count(), 0, "no Call now on a phone either");
    });
    await page.context().close();
  });

  /** A draft campaign with one contact on the German number, made over the API's CSV upload. */
  async function createCampaignWithContact(e: E2E, s: Session): Promise<{ campaign_id: string }> {
    const form = new FormData();
    form.append("name", "Berlin follow-up");
    form.append("save_as_draft", "true");
    form.append("campaign_timezone", "Europe/Berlin");
    form.append("csv_file", new Blob(["name,phone\nJonas Weber,0171 2345678\n"], { type: "text/csv" }), "berlin.csv");
    const res = await fetch(`${e.baseUrl}/api/create_campaign`, {
      method: "POST",
      headers: { authorization: `Bearer ${s.token}` },
      body: form,
    });
    const text = await res.text();
    assert.ok(res.ok, `create campaign: ${res.status} ${text}`);
    const body = JSON.parse(text);
    return { campaign_id: body.campaign.id };
  }
});
