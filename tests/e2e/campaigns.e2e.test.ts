import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn as signInForm, loginViaApi } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

const PASSWORD = "Sup3r-secret-pw";

async function register(env: E2E, username: string): Promise<{ token: string; slug: string }> {
  const body = {
    first_name: "Cam",
    last_name: "Paign",
    email: `${username}@example.com`,
    username,
    phone: "+15550001111",
    password: PASSWORD,
    organization_name: `Org ${username}`,
    organization_contact_email: `${username}@example.com`,
    organization_contact_phone: "+15550001111",
    organization_address: "1 Main St",
  };
  const reg = await fetch(`${env.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.ok(reg.ok, `register: ${reg.status}`);
  return loginViaApi(env.baseUrl, { username, password: PASSWORD });
}

const signIn = (page: Page, username: string) => signInForm(page, { username, password: PASSWORD });

async function createViaApi(env: E2E, token: string, name: string): Promise<void> {
  const res = await fetch(`${env.baseUrl}/api/create_campaign`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({
      name,
      direction: "outbound",
      channel: "voice",
      max_attempts: 3,
      time_gap: 7200,
      save_as_draft: true,
      start_immediately: true,
    }),
  });
  assert.ok(res.ok, `create ${name}: ${res.status} ${await res.text()}`);
}

function writeCsv(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-csv-")), "spring-leads.csv");
  fs.writeFileSync(
    file,
    [
      "name,phone,email,city",
      "Asha Rao,+919876543210,asha@example.com,Pune",
      "Omar Ali,+971501234567,omar@example.com,Dubai",
      "No Phone,,nobody@example.com,Nowhere",
      "Bad Phone,12,bad@example.com,X",
    ].join("\n") + "\n",
  );
  return file;
}

describe("campaigns screens", () => {
  let env: E2E;
  let user: { token: string; slug: string };
  before(async () => {
    env = await startE2E();
    user = await register(env, "campaigner");
  });
  after(() => env.close());

  test("validation messages come in the spec's order", async () => {
    const page = await env.newPage();
    await signIn(page, "campaigner");
    await page.goto(`/org/${user.slug}/campaign-setup`);
    await page.getByRole("button", { name: "Schedule Campaign" }).click();
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("Campaign name is required").waitFor();
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill("Ordered");
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("Start date is required for scheduled campaigns").waitFor();
    await page.getByLabel("Start Date & Time").fill("2030-01-02T10:00");
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("End date is required for scheduled campaigns").waitFor();
    await page.getByLabel("End Date & Time").fill("2030-01-01T10:00");
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("End date must be after start date").waitFor();
    await page.context().close();
  });

  test("voice dropdown shows 4 voices, then 'Show More (n more)'", async () => {
    const voices = (await (
      await fetch(`${env.baseUrl}/api/voices`, { headers: { authorization: `Bearer ${user.token}` } })
    ).json()) as { voices: unknown[] };
    assert.ok(voices.voices.length > 4, "the server offers more than 4 voices");
    const page = await env.newPage();
    await signIn(page, "campaigner");
    await page.goto(`/org/${user.slug}/campaign-setup`);
    await page.getByRole("combobox").first().click();
    const options = page.getByRole("listbox", { name: "Voices" }).getByRole("option");
    await options.first().waitFor();
    assert.equal(await options.count(), 4);
    await page.getByText(`Show More (${voices.voices.length - 4} more)`).click();
    assert.equal(await options.count(), voices.voices.length);
    await env.screenshot(page, "campaign-voices-1280");
    await page.getByRole("heading", { name: "Campaign Name" }).click(); // click outside closes
    await page.getByRole("listbox", { name: "Voices" }).waitFor({ state: "hidden" });
    await page.context().close();
  });

  test("create with a CSV, find it, view it, search, page and delete", async () => {
    const page = await env.newPage();
    await signIn(page, "campaigner");
    await page.goto(`/org/${user.slug}/campaign-setup`);
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill("Spring Leads");
    await page.getByRole("textbox", { name: "Campaign Description" }).fill("Outbound to spring sign-ups");
    await page.getByTestId("csv-input").setInputFiles(writeCsv());
    await page.getByText("New file selected").waitFor();
    await env.screenshot(page, "campaign-setup-1280");
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("Campaign created successfully!").waitFor();
    // A launch lands on the campaign's live view; the list's row opens the same view.
    await page.waitForURL(/campaign-setup\?id=/);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    await page.getByTestId("progress-counts").waitFor();
    await page.goto(`/org/${user.slug}/campaigns`);
    await page.getByRole("cell", { name: "Spring Leads", exact: true }).click();
    await page.waitForURL(/campaign-setup\?id=/);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    const summary = page.getByTestId("contact-list-summary");
    await summary.getByText("spring-leads.csv").waitFor();
    await summary.getByText("2 contacts").waitFor();
    await summary.getByRole("button", { name: "2 rejected lines" }).click();
    await summary.getByText(/^Line 4:/).waitFor();
    await summary.getByText(/^Line 5:/).waitFor();
    assert.equal(await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).count(), 0);
    await page.getByTestId("contacts-table").getByText("Asha Rao").waitFor();
    await env.screenshot(page, "campaign-view-1280");
    const people = page.getByTestId("campaign-people");
    await people.getByText(/^Created by Cam Paign · Changed by Cam Paign, \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/).waitFor();
    await people.scrollIntoViewIfNeeded();
    await env.screenshot(page, "campaign-view-people-1280");

    for (let i = 1; i <= 11; i++) await createViaApi(env, user.token, `Bulk ${String(i).padStart(2, "0")}`);
    await page.goto(`/org/${user.slug}/campaigns`);
    await page.getByTestId("pager-range").getByText("1-10 of 12").waitFor();
    await page.getByRole("button", { name: "Page 2" }).click();
    await page.getByTestId("pager-range").getByText("11-12 of 12").waitFor();
    // The range text updates with the page number; the rows follow when page 2's data arrives.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="campaign-row"]').length === 2);
    await page.getByTestId("campaign-row").first().getByText("by Cam Paign").waitFor();
    await env.screenshot(page, "campaigns-list-1280");
    await page.setViewportSize({ width: 1440, height: 900 });
    await env.screenshot(page, "campaigns-list-1440");

    await page.getByPlaceholder("Search campaigns by name, type, status, dates...").fill("spring");
    await page.getByTestId("pager-range").getByText("1-1 of 1").waitFor();
    await page.getByRole("cell", { name: "Spring Leads", exact: true }).waitFor();

    await page.getByRole("button", { name: "Delete Spring Leads" }).click();
    await page.getByText("Are you sure you want to delete this campaign?").waitFor();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page.getByText("No campaigns available.").waitFor();

    // The list without the search, on a phone: its rows become cards that still name who made each campaign.
    await page.getByPlaceholder("Search campaigns by name, type, status, dates...").fill("");
    await page.getByTestId("pager-range").getByText("1-10 of 11").waitFor();
    await atPhoneWidth(env, page, "campaigns-list", () =>
      page
        .getByTestId("campaign-row")
        .first()
        .getByText(/ by Cam Paign$/)
        .waitFor(),
    );
    await page.context().close();
  });

  test("opening line: file columns are variables; an unknown one is refused at save", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, "campaigner");
    await page.goto(`/org/${user.slug}/campaign-setup`);
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill("Variables 1440");
    await page.getByText("For your team only: the agent never says it.").waitFor();
    await page.getByTestId("csv-input").setInputFiles(writeCsv());
    const chips = page.getByLabel("Contact variables");
    await chips.getByRole("button", { name: "{city}" }).waitFor();
    const opening = page.getByRole("textbox", { name: "Opening line" });
    await opening.fill("Hi ");
    await chips.getByRole("button", { name: "{first_name}" }).click();
    await opening.press("End");
    await opening.pressSequentially(", how is {weather} in ");
    await chips.getByRole("button", { name: "{city}" }).click();
    assert.equal(await opening.inputValue(), "Hi {first_name}, how is {weather} in {city}");
    // The preview follows the line as typed and never says a brace: the sentence with the unknown variable is
    // left out (the save refuses it), so the hello stands alone before the disclosure and its usual question.
    await page
      .getByText(
        "Hi Asha, this is an AI assistant calling on behalf of Org campaigner. This call is recorded. " +
          "Do you have a minute?",
      )
      .waitFor();
    await env.screenshot(page, "campaign-variables-1440");
    await atPhoneWidth(env, page, "campaign-variables", async () => {
      await chips.getByRole("button", { name: "{city}" }).waitFor();
      await page.getByText(/^Hi Asha, this is an AI assistant calling/).waitFor();
    });
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page
      .getByText(
        new RegExp(
          String.raw`\{weather\} matches no column of the contact list\. Available: \{name\}, \{first` +
            String.raw`_name\}, \{last_name\}, \{phone\}, \{email\}, \{city\}\.`,
        ),
      )
      .waitFor();
    // The message grows in: its picture is taken once it is fully shown.
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".MuiSnackbar-root > *")].every((e) => getComputedStyle(e).opacity === "1"),
    );
    await env.screenshot(page, "campaign-variables-refused-1440");
    await atPhoneWidth(env, page, "campaign-variables-refused", () =>
      page.getByText(/\{weather\} matches no column of the contact list/).waitFor(),
    );
    await page.context().close();
  });

  test("dialing settings: max simultaneous calls and back-off are saved, shown in view mode and editable", async () => {
    const page = await env.newPage();
    await signIn(page, "campaigner");
    await page.goto(`/org/${user.slug}/campaign-setup`);
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill("Capped Leads");
    const limit = page.getByRole("textbox", { name: "Max simultaneous calls" });
    const backoff = page.getByRole("switch", { name: /Wait longer after each failed attempt \(2 h, 4 h, 8 h…\)/ });
    await limit.fill("0");
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page
      .getByText("Max simultaneous calls must be a whole number from 1 to 1000, or empty for the organisation's limit.")
      .waitFor();
    await limit.fill("3");
    await backoff.check();
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page.getByText("Campaign saved as draft successfully!").waitFor();
    const stored = async () => {
      const res = await fetch(`${env.baseUrl}/api/campaigns?search=Capped`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return (
        (await res.json()) as {
          campaigns: Array<{ id: string; max_concurrent_calls: number | null; retry_backoff: boolean }>;
        }
      ).campaigns[0]!;
    };
    const saved = await stored();
    assert.deepEqual([saved.max_concurrent_calls, saved.retry_backoff], [3, true]);

    await page.goto(`/org/${user.slug}/campaign-setup?id=${saved.id}`);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    assert.equal(await limit.inputValue(), "3");
    assert.equal(await backoff.isChecked(), true);
    await page.getByRole("region", { name: "Follow-up Strategy" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, "campaign-follow-up-1280");
    await atPhoneWidth(env, page, "campaign-follow-up", async () => {
      await page.getByRole("region", { name: "Follow-up Strategy" }).scrollIntoViewIfNeeded();
      await limit.waitFor();
    });
    await limit.fill("");
    await page.getByRole("button", { name: "Update Campaign" }).click();
    await page.getByText("Campaign updated successfully!").waitFor();
    assert.equal((await stored()).max_concurrent_calls, null, "empty means the organisation's limit");
    await page.context().close();
  });
});
