import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

/** Twelve numbers added by hand through the API: more than one page of ten. */
async function seedNumbers(env: E2E, user: E2EUser): Promise<void> {
  const token = (await loginViaApi(env.baseUrl, user)).token;
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${env.baseUrl}/api/dnc`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ phone: `+1415555${String(1000 + i)}`, reason: i === 0 ? "Asked by email" : "" }),
    });
    assert.equal(res.status, 201);
  }
}

function writeCsv(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "parley-dnc-")), "opt-outs.csv");
  fs.writeFileSync(file, "name,phone\nAsha,+91 98765 43210\nBob,12345\nCarl,+44 20 7946 0958\n");
  return file;
}

async function openFromMenu(page: Page, mobile: boolean): Promise<void> {
  if (mobile) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("link", { name: "Do-not-call list" }).click();
  await page.waitForURL(/\/do-not-call$/);
  await page.getByRole("heading", { name: "Do-not-call list" }).waitFor();
}

const rows = (page: Page) => page.getByTestId("dnc-row");
/** The range text changes with the page number; the rows follow when that page's data arrives. */
const waitForRows = (page: Page, n: number) =>
  page.waitForFunction((count) => document.querySelectorAll('[data-testid="dnc-row"]').length === count, n);

describe("do-not-call list screen", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  // The steps are the same on a phone but for the way in (the menu button): one run at 1440 px, the phone's way in
  // and each screen looked at on a 390 px screen too.
  test("list, page, search, add (bad then good), import a CSV and remove, at 1440 px (and 390 px)", async () => {
    const user = await registerViaApi(env.baseUrl);
    await seedNumbers(env, user);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    const listed = async () => {
      await page.getByText("1–10 of 12").waitFor();
      await waitForRows(page, 10);
      // The source names who added the number (the API user, Sam Rivera).
      await page.getByRole("cell", { name: "Added by hand · Sam Rivera" }).first().waitFor();
    };
    await atPhoneWidth(env, page, "dnc-list", async () => {
      await openFromMenu(page, true);
      await listed();
    });
    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await openFromMenu(page, false);
    await listed();
    await env.screenshot(page, "dnc-list-1440");
    const table = page.locator(".MuiTableContainer-root");
    assert.ok(await table.evaluate((el) => el.scrollWidth <= el.clientWidth), "the table fits its box at 1440 px");
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      "the page does not scroll sideways",
    );
    await page.getByRole("button", { name: "Go to next page" }).click();
    await page.getByText("11–12 of 12").waitFor();
    await waitForRows(page, 2);

    await page.getByLabel("Search the do-not-call list").fill("555-1005");
    await page.getByText("1–1 of 1").waitFor();
    await waitForRows(page, 1);
    assert.match((await rows(page).first().locator("td").first().textContent()) ?? "", /^\+1 415 555 1005/);
    await page.getByLabel("Search the do-not-call list").fill("asked by email");
    await page.getByText("1–1 of 1").waitFor();
    await page.getByLabel("Search the do-not-call list").fill("");
    await page.getByText("1–10 of 12").waitFor();

    // A number with no +country code and no country: the server's reason shows under the field.
    await page.getByRole("button", { name: "Add number" }).click();
    const add = page.getByRole("dialog", { name: "Add a number" });
    await add.getByLabel(/^Phone number/).fill("415 555 0199");
    await add.getByRole("button", { name: "Add number" }).click();
    await add.getByText(/has no \+country code/).waitFor();
    await env.screenshot(page, "dnc-add-error-1440");
    await atPhoneWidth(env, page, "dnc-add-error", async () => {
      assert.ok(await add.getByText(/has no \+country code/).isVisible(), "the reason shows on a phone");
      assert.ok(await add.getByRole("button", { name: "Add number" }).isVisible());
    });
    await add.getByLabel("Country (for numbers without +)").fill("United States");
    await page.getByRole("option", { name: "United States (US)" }).click();
    await add.getByText("Numbers without + are read as United States numbers.").waitFor();
    await add.getByRole("button", { name: "Add number" }).click();
    await page.getByText("1 number added.").waitFor();
    await page.getByText("1–10 of 13").waitFor();
    // On phones the number's cell also holds the campaign and date, so rows are matched by their text.
    const added = rows(page).filter({ hasText: "+1 415 555 0199" });
    await added.waitFor();

    await page.getByRole("button", { name: "Import CSV" }).click();
    const imp = page.getByRole("dialog", { name: "Import numbers from a CSV" });
    await imp.getByLabel("CSV file").setInputFiles(writeCsv());
    await imp.getByText("opt-outs.csv").waitFor();
    await imp.getByRole("button", { name: "Import" }).click();
    await imp.getByText("2 numbers added, 1 line rejected.").waitFor();
    const rejected = imp.getByRole("table", { name: "Rejected lines" });
    await rejected.getByRole("cell", { name: "3", exact: true }).waitFor();
    await rejected.getByRole("cell", { name: "12345", exact: true }).waitFor();
    await rejected.getByText(/Invalid phone number|country code/).waitFor();
    await env.screenshot(page, "dnc-import-1440");
    await atPhoneWidth(env, page, "dnc-import", async () => {
      await rejected.scrollIntoViewIfNeeded();
      assert.ok(await rejected.isVisible(), "the rejected lines show on a phone");
      assert.ok(await imp.getByRole("button", { name: "Done" }).isVisible());
    });
    await imp.getByRole("button", { name: "Done" }).click();
    await page.getByText("1–10 of 15").waitFor();
    await page.getByRole("cell", { name: "Imported · Sam Rivera" }).first().waitFor();

    await page.getByRole("button", { name: "Remove +1 415 555 0199" }).click();
    const confirm = page.getByRole("dialog", { name: "Remove number" });
    await confirm.getByText("+1 415 555 0199").waitFor();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.getByText("+1 415 555 0199 removed from the do-not-call list.").waitFor();
    await page.getByText("1–10 of 14").waitFor();
    assert.equal(await added.count(), 0);
    await page.context().close();
  });
});
