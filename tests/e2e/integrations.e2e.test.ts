import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettingsPage } from "../support/e2e-settings.ts";
import { startRadicale, type Radicale } from "../support/radicale.ts";

/** Dialogs fade in: a screenshot waits until one is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
  );

// HubSpot on the same page has its own browser test.
describe("Settings → Integrations: the team's calendar (CalDAV)", () => {
  let env: E2E;
  let radicale: Radicale;
  before(async () => {
    // radicale listens on 127.0.0.1: the tests-only switch lets the server reach it.
    // One after the other: had the server failed to start inside Promise.all, the radicale already running
    // would never be closed and would keep this file's process (and CI) waiting forever.
    radicale = await startRadicale();
    env = await startE2E({ env: { INTEGRATIONS_ALLOW_PRIVATE_URLS: "1" } });
  });
  after(async () => {
    await env?.close();
    await radicale?.close();
  });

  for (const size of SETTINGS_SIZES) {
    test(`connect a CalDAV calendar (bad password first): up, down, back, removed, ${size.width} px`, async () => {
      const user = await registerViaApi(env.baseUrl);
      const page = await env.newPage({ width: size.width, height: size.height });
      await signIn(page, user);
      await openSettingsPage(page, size.width < 600, "Manage integrations", "integrations", "Integrations");
      const caldav = page.getByRole("region", { name: "Calendar (CalDAV)" });
      await caldav.getByText("Not connected", { exact: true }).waitFor();

      await caldav.getByLabel("CalDAV address").fill(radicale.baseUrl);
      await caldav.getByLabel("Username").fill(radicale.username);
      await caldav.getByLabel("Password").fill("not-the-password");
      await caldav.getByRole("button", { name: "Connect" }).click();
      await caldav.getByText(/refused this username and password/).waitFor();
      await env.screenshot(page, `integrations-refused-${size.name}`);

      await caldav.getByLabel("Password").fill(radicale.password);
      await caldav.getByRole("button", { name: "Connect" }).click();
      await caldav.getByText("Connected", { exact: true }).waitFor();
      await caldav.getByText("Work", { exact: true }).waitFor();
      await caldav.getByText(radicale.calendarUrl).waitFor();
      // The toast covers the header on a phone: closed before the screenshot.
      const toast = page.getByRole("alert").filter({ hasText: "Connected to Work." });
      await toast.getByRole("button", { name: "Close" }).click();
      await toast.waitFor({ state: "detached" });
      assert.ok(!(await page.content()).includes(radicale.password), "the password is never shown again");
      await env.screenshot(page, `integrations-connected-${size.name}`);

      await caldav.getByRole("button", { name: "Test connection" }).click();
      await page.getByText("The calendar answered.").waitFor();

      // The calendar server goes down: Test says so, and the card tells what the agent does meanwhile.
      await radicale.stop();
      try {
        await caldav.getByRole("button", { name: "Test connection" }).click();
        await caldav.locator(".MuiChip-root").getByText("Unreachable", { exact: true }).waitFor();
        await caldav
          .getByText(
            new RegExp(
              String.raw`Could not reach the calendar server.*Until it answers, the agent offers times ` +
                String.raw`from Parley's calendar only and notes it on the call\.`,
            ),
          )
          .waitFor();
        // Test's toast says the same: closed, so the screenshot shows the card.
        const failed = page
          .getByRole("alert")
          .filter({ hasText: "Could not reach the calendar server" })
          .filter({ has: page.getByRole("button", { name: "Close" }) });
        await failed.getByRole("button", { name: "Close" }).click();
        await failed.waitFor({ state: "detached" });
        await caldav.scrollIntoViewIfNeeded();
        await env.screenshot(page, `integrations-unreachable-${size.name}`);
      } finally {
        await radicale.start();
      }
      await caldav.getByRole("button", { name: "Test connection" }).click();
      await caldav.locator(".MuiChip-root").getByText("Connected", { exact: true }).waitFor();

      await caldav.getByRole("button", { name: "Disconnect" }).click();
      const confirm = page.getByRole("dialog", { name: "Disconnect the calendar" });
      await confirm.getByText(/stop checking Work for busy times/).waitFor();
      await dialogShown(page);
      await env.screenshot(page, `integrations-disconnect-${size.name}`);
      await confirm.getByRole("button", { name: "Disconnect" }).click();
      await caldav.getByText("Not connected", { exact: true }).waitFor();
      await caldav.getByLabel("CalDAV address").waitFor();
      await page.close();
    });
  }
});
