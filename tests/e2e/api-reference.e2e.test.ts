import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettings } from "../support/e2e-settings.ts";

describe("Settings → API reference", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  for (const size of SETTINGS_SIZES) {
    test(`the owner opens the API reference in a new tab and reads an operation, at ${size.width} px`, async () => {
      const user = await registerViaApi(env.baseUrl);
      const page = await env.newPage({ width: size.width, height: size.height });
      await signIn(page, user);
      await openSettings(page, size.width < 600);
      const link = page.getByRole("link", { name: "Open the API reference" });
      assert.equal(await link.getAttribute("target"), "_blank");

      const [docs] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
      const requested: string[] = [];
      const refused: string[] = [];
      docs.on("request", (r) => requested.push(r.url()));
      docs.on("console", (m) => {
        if (m.type() === "error") refused.push(m.text());
      });
      await docs.waitForURL(/\/api\/docs$/);
      assert.equal(await docs.title(), "Parley API reference");
      await docs.getByText("Parley API", { exact: false }).first().waitFor();
      // An operation of the auth tag, rendered from the document: method, path and summary.
      const login = docs.locator(".opblock-summary", { hasText: "/api/auth/login" });
      await login.getByText("Sign in with email or username and password").waitFor();
      await env.screenshot(docs, `api-reference-${size.name}`);

      await login.click();
      await docs.locator(".opblock-body").getByText("email_or_username").first().waitFor();
      await env.screenshot(docs, `api-reference-login-${size.name}`);

      const elsewhere = requested.filter((u) => !u.startsWith(env.baseUrl) && !u.startsWith("data:"));
      assert.deepEqual(elsewhere, [], "no file from a CDN");
      assert.deepEqual(refused, [], "no CSP refusal or script error");
      await docs.close();
      await page.close();
    });
  }
});
