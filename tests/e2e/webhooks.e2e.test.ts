import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettingsPage } from "../support/e2e-settings.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";

describe("Settings → Webhooks", () => {
  let env: E2E;
  let rx: WebhookReceiver;
  before(async () => {
    // The receiver is on 127.0.0.1: the tests-only switch lets the server post there.
    env = await startE2E({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: "1" } });
    rx = await startWebhookReceiver();
  });
  after(async () => {
    await rx?.close();
    await env?.close();
  });

  for (const size of SETTINGS_SIZES) {
    test(`add an endpoint (a refused address first), see its secret, send a test event, ${size.width} px`, async () => {
      const user = await registerViaApi(env.baseUrl);
      const page = await env.newPage({ width: size.width, height: size.height });
      await signIn(page, user);
      await openSettingsPage(page, size.width < 600, "Manage webhooks", "webhooks", "Webhooks");
      await page.getByText("No endpoints yet").waitFor();

      await page.getByRole("button", { name: "Add endpoint" }).click();
      const dialog = page.getByRole("dialog", { name: "Add an endpoint" });
      // refused even with the tests-only switch
      await dialog.getByLabel("Endpoint URL").fill("http://user:secret@127.0.0.1/hook");
      await dialog.getByRole("button", { name: "Add endpoint" }).click();
      await dialog.getByText(/cannot receive webhooks: addresses with a user name or password/).waitFor();
      await env.screenshot(page, `webhooks-refused-${size.name}`);

      await dialog.getByLabel("Endpoint URL").fill(rx.url);
      await dialog.getByLabel("Description").fill("Our CRM");
      await dialog.getByRole("checkbox", { name: /meeting\.booked/ }).check();
      await dialog.getByRole("button", { name: "Add endpoint" }).click();
      const secretBox = page.getByLabel("Endpoint secret");
      await secretBox.waitFor();
      const secret = (await secretBox.textContent())!.trim();
      assert.match(secret, /^whsec_/);
      // The dialog fades in: the screenshot waits until it is fully shown.
      await page.waitForFunction(() =>
        [...document.querySelectorAll(".MuiDialog-container")].some((el) => getComputedStyle(el).opacity === "1"),
      );
      await env.screenshot(page, `webhooks-secret-${size.name}`);
      await page.getByRole("button", { name: "Done" }).click();

      const card = page.getByRole("region", { name: `Endpoint ${rx.url}` });
      await card.getByText("meeting.booked").waitFor();
      await card.getByRole("button", { name: "Send test event" }).click();
      const log = card.getByRole("list", { name: "Delivery log" });
      await log.getByText("Delivered · HTTP 200").waitFor({ timeout: 30_000 });
      await log.getByText("webhook.test").waitFor();
      await env.screenshot(page, `webhooks-log-${size.name}`);

      // What the page says arrived did: the receiver verifies it with the secret the page showed.
      const mine = rx.signedWith(secret);
      assert.equal(mine.length, 1);
      assert.equal(mine[0]!.json.type, "webhook.test");

      await log.getByRole("button", { name: "Resend" }).click();
      await page.waitForFunction(() => document.querySelectorAll('[aria-label="Delivery log"] li').length === 2);
      await log.getByText("Delivered · HTTP 200").nth(1).waitFor({ timeout: 30_000 });
      assert.equal(rx.signedWith(secret).length, 2);
      await page.close();
    });
  }
});
