import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettingsPage } from "../support/e2e-settings.ts";

describe("Settings → Webhooks: rotating an endpoint's signing secret", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "1" } });
  });
  after(() => env.close());

  for (const size of SETTINGS_SIZES) {
    test(`Rotate secret shows the new secret once and until when the old one signs, at ${size.width} px`, async () => {
      const owner = await newApiUser(env.baseUrl, "Harbor Dental");
      const created = await fetch(`${env.baseUrl}/api/webhooks`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "http://127.0.0.1:9/hook", description: "CRM", events: ["call.completed"] }),
      });
      assert.equal(created.status, 201);
      const { secret: old } = (await created.json()) as { secret: string };

      const page = await env.newPage({ width: size.width, height: size.height });
      await signIn(page, owner.user);
      await openSettingsPage(page, size.width < 600, "Manage webhooks", "webhooks", "Webhooks");
      await page.getByRole("button", { name: "Rotate secret" }).click();
      const secretBox = page.getByLabel("Endpoint secret");
      await secretBox.waitFor();
      const fresh = (await secretBox.textContent())!.trim();
      assert.match(fresh, /^whsec_/);
      assert.notEqual(fresh, old);
      await page.getByText(/The old secret keeps working until/).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
      );
      await env.screenshot(page, `webhooks-rotated-secret-${size.name}`);
      await page.getByRole("button", { name: "Done" }).click();
      assert.ok(!(await page.content()).includes(fresh), "the new secret is shown once");
      await page.close();
    });
  }
});
