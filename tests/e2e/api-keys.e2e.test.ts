import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettingsPage } from "../support/e2e-settings.ts";

/** Dialogs fade in: a screenshot waits until one is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
  );

describe("Settings → API keys", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  const callApi = (secret: string) =>
    fetch(`${env.baseUrl}/api/campaigns`, { headers: { authorization: `Bearer ${secret}` } });

  for (const size of SETTINGS_SIZES) {
    test(`create a key, copy its secret shown once, see it listed and used, revoke it (${size.width} px)`, async () => {
      const user = await registerViaApi(env.baseUrl);
      const page = await env.newPage({ width: size.width, height: size.height });
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.baseUrl });
      await signIn(page, user);
      await openSettingsPage(page, size.width < 600, "Manage API keys", "api-keys", "API keys");
      await page.getByText("No API keys yet").waitFor();

      await page.getByRole("button", { name: "Create key" }).click();
      const create = page.getByRole("dialog", { name: "Create an API key" });
      await create.getByRole("button", { name: "Create key" }).click();
      await create.getByText("Give the key a name").waitFor(); // the shared schema's message, before any request
      await create.getByLabel("Name").fill("CRM sync");
      await create.getByRole("radio", { name: /Read and write/ }).check();
      await dialogShown(page);
      // The unchecked radio's dot shrinks away: the screenshot waits until it is gone.
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiRadio-root:not(.Mui-checked) svg:last-of-type")].every(
          (dot) => getComputedStyle(dot).transform === "matrix(0, 0, 0, 0, 0, 0)",
        ),
      );
      await env.screenshot(page, `api-keys-create-${size.name}`);
      await create.getByRole("button", { name: "Create key" }).click();

      const secretBox = page.getByLabel("API key secret");
      await secretBox.waitFor();
      const secret = (await secretBox.textContent())!.trim();
      assert.match(secret, /^pk_live_[A-Za-z0-9_-]{43}$/);
      await page.getByRole("button", { name: "Copy" }).click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), secret);
      await dialogShown(page);
      await env.screenshot(page, `api-keys-secret-${size.name}`);
      await page.getByRole("button", { name: "Done" }).click();

      const row = page.getByRole("listitem", { name: "API key CRM sync" });
      await row.getByText(`${secret.slice(0, 12)}…`).waitFor();
      await row.getByText("Read and write").waitFor();
      await row.getByText(/never used/).waitFor();
      assert.ok(!(await page.content()).includes(secret), "the secret is shown once, never in the list");

      // The key the page showed works on the API; the list then says it was used.
      assert.equal((await callApi(secret)).status, 200);
      await page.reload();
      await row.getByText(/last used/).waitFor();
      await env.screenshot(page, `api-keys-list-${size.name}`);

      await row.getByRole("button", { name: "Revoke" }).click();
      const confirm = page.getByRole("dialog", { name: "Revoke API key" });
      await confirm.getByText(`CRM sync (${secret.slice(0, 12)}…)`).waitFor();
      await dialogShown(page);
      await env.screenshot(page, `api-keys-revoke-${size.name}`);
      await confirm.getByRole("button", { name: "Revoke key" }).click();
      await row.getByText(/^Revoked /).waitFor();
      assert.equal(await row.getByRole("button", { name: "Revoke" }).count(), 0);
      assert.equal((await callApi(secret)).status, 401);
      await env.screenshot(page, `api-keys-revoked-${size.name}`);
      await page.close();
    });
  }
});
