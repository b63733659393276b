import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { signIn, newApiUser, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

// Issue 24, the setup screen: a voice is chosen and the organisation's timezone and hours are set before the
// user touches anything; no email card on a voice campaign; a chosen CSV shows its rows, columns and
// variables at once, the persona column explained because this server runs the simulated carrier, and the
// server's import reads it before saving: contacts ready and each rejected row with its line and reason. Launch
// then lands on the campaign's live view.
type Session = { user: E2EUser; token: string; slug: string };
type Voice = { id: string; name: string };

const api = async (env: E2E, s: Session, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${env.baseUrl}/api${url}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
};

function writeCsv(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-csv-")), "harbour-leads.csv");
  fs.writeFileSync(
    file,
    [
      "Full Name,Phone,Email,City,persona",
      "Asha Rao,+919876543210,asha@example.com,Pune,interested",
      '"Ali, Omar",+971501234567,omar@example.com,Dubai,busy',
      "",
      "No Phone,,nobody@example.com,Nowhere,",
      "Bad Phone,12,bad@example.com,X,",
    ].join("\n") + "\n",
  );
  return file;
}

/** A list whose every row has an unusable number. */
function writeBadCsv(rows: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-csv-")), "bad-numbers.csv");
  fs.writeFileSync(
    file,
    ["name,phone", ...Array.from({ length: rows }, (_, i) => `Lead ${i + 1},bad ${i + 1}`)].join("\n") + "\n",
  );
  return file;
}

async function open(env: E2E, s: Session, size: { width: number; height: number }, timezoneId: string): Promise<Page> {
  const page = await env.newPage({ ...size, timezoneId });
  await signIn(page, s.user);
  await page.goto(`/org/${s.slug}/campaign-setup`);
  await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
  return page;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe("campaign setup: defaults, email card, CSV preview", () => {
  let env: E2E;
  before(async () => (env = await startE2E({ env: { DIALER: "0" } })));
  after(() => env.close());

  // Each flow runs once at 1440 px; its screens are looked at at 390 px on the way (atPhoneWidth: fits the width).
  const size = { width: 1440, height: 900 };
  test(`the org's voice, timezone and hours are preselected; no email card on voice`, async () => {
    const s = await newApiUser(env.baseUrl);
    const voices = (await api(env, s, "GET", "/voices")).voices as Voice[];
    await api(env, s, "PUT", "/settings/organization", {
      timezone: "Europe/Berlin",
      business_hours_start: "08:30",
      business_hours_end: "18:00",
      default_voice_id: voices[2]!.id,
    });
    const page = await open(env, s, size, "America/Chicago");
    await page.waitForFunction(
      (name) => (document.querySelector('input[role="combobox"][readonly]') as HTMLInputElement | null)?.value === name,
      voices[2]!.name,
    );
    assert.equal(await field(page, "Timezone").inputValue(), "Europe/Berlin");
    await page.getByRole("combobox", { name: "Start Time" }).getByText("08:30").waitFor();
    await page.getByRole("combobox", { name: "End Time" }).getByText("18:00").waitFor();
    assert.equal(
      await page.getByRole("heading", { name: "Email Configuration" }).count(),
      0,
      "no email card on the voice channel",
    );
    await page.getByRole("heading", { name: "Tone of Voice" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-setup-defaults-${size.width}`);
    await atPhoneWidth(env, page, "campaign-setup-defaults", () =>
      page.getByRole("heading", { name: "Tone of Voice" }).scrollIntoViewIfNeeded(),
    );
    await page.getByRole("heading", { name: "Publish & Launch" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-setup-defaults-publish-${size.width}`);
    await atPhoneWidth(env, page, "campaign-setup-defaults-publish", () =>
      page.getByRole("heading", { name: "Publish & Launch" }).scrollIntoViewIfNeeded(),
    );

    // Saved as is, the draft carries those defaults.
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill(`Defaults ${size.width}`);
    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page.getByText("Campaign saved as draft successfully!").waitFor();
    const saved = (await api(env, s, "GET", `/campaigns?search=Defaults`)).campaigns[0];
    assert.deepEqual(
      [saved.voice_id, saved.campaign_timezone, saved.business_hours_start, saved.business_hours_end],
      [voices[2]!.id, "Europe/Berlin", "08:30", "18:00"],
    );
    await page.context().close();

    // An organisation without settings: the first voice and the browser's timezone.
    const bare = await newApiUser(env.baseUrl);
    const fresh = await open(env, bare, size, "America/Chicago");
    await fresh.waitForFunction(
      (name) => (document.querySelector('input[role="combobox"][readonly]') as HTMLInputElement | null)?.value === name,
      voices[0]!.name,
    );
    assert.equal(await field(fresh, "Timezone").inputValue(), "America/Chicago");
    await fresh.context().close();
  });

  test(`a chosen CSV shows rows, columns, variables, rejected lines before saving`, async () => {
    const s = await newApiUser(env.baseUrl);
    const page = await open(env, s, size, "UTC");
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill(`Preview ${size.width}`);
    await page.getByTestId("csv-input").setInputFiles(writeCsv());
    const preview = page.getByTestId("csv-preview");
    await preview.getByText("4 rows found · 5 columns").waitFor();
    const columns = preview.getByRole("list", { name: "CSV columns" }).getByRole("listitem");
    assert.equal(await columns.count(), 5);
    const fullName = columns.filter({ hasText: "Full Name" });
    for (const v of ["{name}", "{first_name}", "{last_name}"]) await fullName.getByText(v, { exact: true }).waitFor();
    await columns.filter({ hasText: "City" }).getByText("{city}", { exact: true }).waitFor();
    await preview
      .getByTestId("persona-help")
      .getByText(/how the simulated carrier's callee answers/)
      .waitFor();
    await page.getByLabel("Contact variables").getByRole("button", { name: "{city}" }).waitFor();
    // The server's import reads the file at once, nothing saved: each rejected row with its line and reason.
    const check = page.getByTestId("csv-check");
    await check.getByText("2 contacts ready · 2 rows rejected").waitFor();
    const rejected = check.getByRole("list", { name: "Rejected rows" });
    await rejected.getByText("Line 5: Missing phone number").waitFor();
    await rejected.getByText(/^Line 6: .*"12"/).waitFor();
    await preview.scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-csv-preview-${size.width}`);
    // The preview fits a phone's screen (atPhoneWidth checks the width).
    await atPhoneWidth(env, page, "campaign-csv-preview", () => preview.scrollIntoViewIfNeeded());

    await page.getByRole("button", { name: "SAVE AS DRAFT" }).click();
    await page.getByText("Campaign saved as draft successfully!").waitFor();
    const summary = page.getByTestId("contact-list-summary");
    await summary.getByText("2 contacts").waitFor();
    await summary.getByRole("button", { name: "2 rejected lines" }).click();
    await summary.getByText(/^Line 5:/).waitFor();
    await summary.getByText(/^Line 6:/).waitFor();
    await summary.scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-csv-rejected-${size.width}`);
    await atPhoneWidth(env, page, "campaign-csv-rejected", () => summary.scrollIntoViewIfNeeded());

    // Many rejected rows fold behind a button.
    await page.getByTestId("csv-input").setInputFiles(writeBadCsv(12));
    await check.getByText("0 contacts ready · 12 rows rejected").waitFor();
    await check.getByRole("button", { name: "Show the 12 rejected rows" }).click();
    await check.getByText(/^Line 13: .*"bad 12"/).waitFor();
    await check.scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-csv-check-many-${size.width}`);
    // The rejected rows fit a phone's screen.
    await atPhoneWidth(env, page, "campaign-csv-check-many", () => check.scrollIntoViewIfNeeded());
    await page.context().close();
  });

  test(`Launch lands on the campaign's live view, not on the list`, async () => {
    const s = await newApiUser(env.baseUrl);
    const page = await open(env, s, size, "UTC");
    await page.getByRole("textbox", { name: /Campaign Name/ }).fill(`Launch ${size.width}`);
    await page.getByTestId("csv-input").setInputFiles(writeCsv());
    await page.getByTestId("csv-check").getByText("2 contacts ready · 2 rows rejected").waitFor();
    await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
    await page.getByText("Campaign created successfully!").waitFor();
    await page.waitForURL(/campaign-setup\?id=/);
    await page.getByRole("heading", { name: "View Campaign" }).waitFor();
    // The dialer is off here, so both contacts wait: the live view's counts and its calls-on-the-line panel.
    const counts = page.getByTestId("progress-counts");
    await counts.getByText("Contacts: 2").waitFor();
    await counts.getByText("Pending: 2").waitFor();
    await page.getByRole("region", { name: "Progress" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-launched-live-${size.width}`);
    // The live view fits a phone's screen.
    await atPhoneWidth(env, page, "campaign-launched-live", async () => {
      await page.getByRole("region", { name: "Progress" }).scrollIntoViewIfNeeded();
      await counts.getByText("Pending: 2").waitFor();
    });
    await page.context().close();
  });
});
