import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn } from "../support/e2e-users.ts";

describe("the owner deletes the organisation from Settings, typing its name", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env?.close());

  for (const [width, height, second] of [[1440, 900, true], [390, 844, false]] as const) {
    test(`at ${width} px, ${second ? "landing in their other organisation" : "signed out when they belong to no other"}`, async () => {
      const owner = await newApiUser(env.baseUrl, "Closing Shop");
      if (second) {
        const res = await fetch(`${env.baseUrl}/api/organizations`, {
          method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` }, body: JSON.stringify({ name: `Still Open ${width}` }),
        });
        assert.equal(res.status, 201);
      }
      const page = await env.newPage({ width, height });
      await signIn(page, owner.user);
      await page.goto(`/org/${owner.slug}/settings`);
      const section = page.getByRole("region", { name: "Delete organization" });
      await section.getByRole("button", { name: "Delete organization" }).click();
      const dialog = page.getByRole("dialog", { name: `Delete ${owner.user.organization}?` });
      const confirm = dialog.getByRole("button", { name: "Delete organization" });
      await dialog.getByLabel("Organization name").fill("Closing");
      assert.equal(await confirm.isDisabled(), true, "only the whole name enables it");
      await dialog.getByLabel("Organization name").fill(owner.user.organization);
      await page.waitForFunction(() => getComputedStyle(document.querySelector(".MuiDialog-container")!).opacity === "1");
      await env.screenshot(page, `org-delete-dialog-${width}`);
      await confirm.click();
      if (second) {
        await page.waitForURL(/\/org\/still-open-1440[^/]*\/dashboard$/);
        await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
        await page.getByText(`Still Open ${width}`).first().waitFor();
        await env.screenshot(page, `org-delete-landed-${width}`);
      } else {
        await page.waitForURL(/\/login$/);
        // Signing in again is refused with the reason: the account belongs to no organisation now.
        await page.getByLabel(/^Email or Username/).fill(owner.user.username);
        await page.getByLabel(/^Password/).fill(owner.user.password);
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
        await page.getByText("Your account does not belong to any organization.").waitFor();
        await env.screenshot(page, `org-delete-signed-out-${width}`);
      }
      const gone = await fetch(`${env.baseUrl}/api/campaigns`, { headers: { authorization: `Bearer ${owner.token}` } });
      assert.equal(gone.status, 401, "the deleted organisation's session is closed");
      await page.context().close();
    });
  }
});
