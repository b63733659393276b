import assert from "node:assert/strict";
import crypto from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";

/** Fills every required field but Phone, with a website missing its scheme. */
async function fillAlmostEverything(page: Page, username: string): Promise<void> {
  const fill = (label: RegExp, value: string) => page.getByLabel(label).fill(value);
  await fill(/^First Name/, "Priya");
  await fill(/^Last Name/, "Shah");
  await fill(/^Email/, `${username}@example.com`);
  await fill(/^Username/, username);
  await fill(/^Password/, "a strong password");
  await fill(/^Confirm Password/, "a strong password");
  await fill(/^Organization Name/, `Shah Realty ${username}`);
  await fill(/^Organization Contact Email/, "hello@shahrealty.example");
  await fill(/^Organization Contact Phone/, "+919876543211");
  await fill(/^Organization Address/, "MG Road, Bengaluru");
  await fill(/^Organization Website/, "shahrealty.example");
}

describe("sign-up explains itself: why the button waits, what is wrong, and that the account exists", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  for (const width of [1440, 390]) {
    test(`at ${width} px`, async () => {
      const page = await env.newPage({ width, height: 900 });
      await page.goto("/register");
      const website = page.getByLabel(/^Organization Website/);
      await website.waitFor();
      // The website's rule is read in the empty field, before anyone types or submits.
      assert.match((await website.getAttribute("placeholder")) ?? "", /http:\/\/ or https:\/\//);
      const placeholderOpacity = await website.evaluate((el) => getComputedStyle(el, "::placeholder").opacity);
      assert.notEqual(placeholderOpacity, "0", "the placeholder is shown, not hidden behind the label");
      await env.screenshot(page, `signup-empty-${width}`);

      const username = `priya_${crypto.randomBytes(3).toString("hex")}`;
      await fillAlmostEverything(page, username);
      const create = page.getByRole("button", { name: "Create Account" });
      assert.ok(await create.isDisabled(), "the spec's gate: disabled until Remember me is ticked");
      const hint = page.getByText("Tick Remember me to create your account");
      await hint.waitFor();
      assert.equal(await create.getAttribute("aria-describedby"), await hint.getAttribute("id"));
      await create.scrollIntoViewIfNeeded();
      await env.screenshot(page, `signup-waiting-${width}`);

      await page.getByLabel("Remember me").check();
      assert.equal(await hint.count(), 0, "the reason goes once it no longer holds");
      await create.click();
      const summary = page.getByRole("alert");
      await summary.waitFor();
      assert.equal(await summary.textContent(), "2 fields need attention: Phone, Organization Website.");
      assert.ok(await summary.isVisible());
      await page.getByText("Phone is required.").waitFor();
      await page.getByText("Please enter a valid website URL (include http:// or https://).").waitFor();
      await env.screenshot(page, `signup-errors-${width}`);

      await page.getByLabel(/^Phone/).fill("+919876543210");
      await website.fill("https://shahrealty.example");
      await create.click();
      await page.waitForURL(/\/login$/);
      await page.getByText(`Your account ${username} was created. Enter your password to sign in.`).waitFor();
      assert.equal(await page.getByLabel(/^Email or Username/).inputValue(), username);
      await env.screenshot(page, `signup-login-${width}`);
      await page.getByLabel(/^Password/).fill("a strong password");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.waitForURL(/\/org\/[^/]+\/dashboard$/);
    });
  }
});
