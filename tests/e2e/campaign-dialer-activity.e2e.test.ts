import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";
import { businessHoursAroundNow, numbersAtNightNow, numbersInHoursNow } from "../support/in-hours-numbers.ts";

// Issue 35: after Launch the user lands at the top of the campaign's view, whose header says what the dialer
// is doing and why (worked out by the server from the dialer's rules), and a contact can be called at once from
// its row, under the same rules, or is refused with the reason. The dialer loop is off: calls come by hand only.
type Session = Awaited<ReturnType<typeof newApiUser>>;

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

function writeCsv(numbers: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-csv-")), "first-hour.csv");
  const names = ["Asha Rao", "Ben Okafor"];
  fs.writeFileSync(file, `${["name,phone", ...numbers.map((n, i) => `${names[i]},${n}`)].join("\n")}\n`);
  return file;
}

async function launchFromForm(env: E2E, s: Session, size: { width: number; height: number }, numbers: string[]) {
  const page = await env.newPage({ ...size, timezoneId: "Europe/Berlin" });
  await signIn(page, s.user);
  await page.goto(`/org/${s.slug}/campaign-setup`);
  await page.getByRole("textbox", { name: /Campaign Name/ }).fill(`First hour ${size.width}`);
  await page.getByTestId("csv-input").setInputFiles(writeCsv(numbers));
  await page.getByTestId("csv-check").getByText("2 contacts ready").waitFor();
  await page.getByRole("button", { name: "LAUNCH CAMPAIGN" }).click();
  await page.waitForURL(/campaign-setup\?id=/);
  await page.getByRole("heading", { name: "View Campaign" }).waitFor();
  return page;
}

const inView = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

describe("campaign view: what the dialer is doing, and calling one contact now", () => {
  let env: E2E;
  // A long ring keeps a call placed by hand on the line while the test looks at the header.
  before(async () => (env = await startE2E({ env: { DIALER: "0", SIMULATED_RING_MS: "60000" } })));
  after(() => env.close());

  // Each flow runs once at 1440 px; its screens are looked at at 390 px on the way (atPhoneWidth: fits the width).
  const size = { width: 1440, height: 900 };
  test("Launch lands on top; the header waits for calling hours; Call now says why", async () => {
    const s = await newApiUser(env.baseUrl);
    const night = numbersAtNightNow(2);
    await api(env, s, "PUT", "/settings/organization", {
      timezone: night.zone,
      business_hours_start: "09:00",
      business_hours_end: "17:00",
    });
    const page = await launchFromForm(env, s, size, night.numbers);
    await page.getByText("Campaign created successfully!").waitFor();
    const activity = page.getByTestId("dialer-activity");
    await activity
      .getByText(/^Waiting for calling hours: first contacts open at 9:00 AM their time \(in \d+ h \d+ min\)$/)
      .waitFor();
    assert.ok((await page.evaluate(() => window.scrollY)) < 5, "the view opens at its top");
    assert.ok(await inView(page, "dialer-activity"), "the header's account is on screen without scrolling");
    await env.screenshot(page, `campaign-launched-activity-${size.width}`);
    await atPhoneWidth(env, page, "campaign-launched-activity", async () => {
      assert.ok((await page.evaluate(() => window.scrollY)) < 5, "the view is at its top on a phone");
      assert.ok(await inView(page, "dialer-activity"), "the header's account is on a phone's screen unscrolled");
    });

    const row = page.getByTestId("contact-row").filter({ hasText: "Asha Rao" });
    await row.getByRole("button", { name: "Call Asha Rao now" }).click();
    await row
      .getByTestId("call-now-result")
      .getByText(
        /^It is outside calling hours for this contact\. Calling opens at 08:00 on .+, the contact's local time/,
      )
      .waitFor();
    await row.scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-call-now-refused-${size.width}`);
    // The refusal fits a phone's screen (atPhoneWidth checks the width).
    await atPhoneWidth(env, page, "campaign-call-now-refused", async () => {
      await row.scrollIntoViewIfNeeded();
      await row
        .getByTestId("call-now-result")
        .getByText(/^It is outside calling hours for this contact/)
        .waitFor();
    });
    await page.context().close();
  });

  test("Call now rings a contact in their hours, and the header says it is calling", async () => {
    const s = await newApiUser(env.baseUrl);
    const hours = businessHoursAroundNow();
    await api(env, s, "PUT", "/settings/organization", {
      timezone: hours.timezone,
      business_hours_start: hours.start,
      business_hours_end: hours.end,
    });
    const page = await launchFromForm(env, s, size, numbersInHoursNow(2, size.width));
    const activity = page.getByTestId("dialer-activity");
    // On a busy machine the dialer may have placed the first call before the view has loaded.
    await activity.getByText(/^(Starting: the first calls are placed in a moment\.|Calling 1 of 2)/).waitFor();
    const row = page.getByTestId("contact-row").filter({ hasText: "Ben Okafor" });
    // On a busy machine the dialer may ring him first: then his button waits ("On a call") instead.
    const button = row.getByRole("button", { name: "Call Ben Okafor now" });
    await button.click({ force: true });
    const result = row.getByTestId("call-now-result").getByText(/^Calling Ben Okafor now/);
    const waiting = button.filter({ hasText: "On a call" });
    await result
      .or(waiting)
      .first()
      .waitFor()
      .catch(async (err) => {
        throw new Error(`Call now showed ${JSON.stringify(await row.allInnerTexts())}: ${err}`);
      });
    // While he is on the line his button waits, and the answer to the press stays beside it.
    const pressed = await result.isVisible();
    await waiting.waitFor();
    if (pressed) assert.ok(await result.isVisible(), "'Calling Ben Okafor now' stays while the call is on");
    // Ben, and Asha too when the dialer rang her meanwhile.
    await activity.getByText(/^Calling [12] of 2/).waitFor();
    await activity.scrollIntoViewIfNeeded();
    await env.screenshot(page, `campaign-calling-activity-${size.width}`);
    await atPhoneWidth(env, page, "campaign-calling-activity", async () => {
      await activity.scrollIntoViewIfNeeded();
      await activity.getByText(/^Calling [12] of 2/).waitFor();
    });
    await page.context().close();
  });
});
