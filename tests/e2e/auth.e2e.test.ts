import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { generateKeyPair } from "jose";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { GOOGLE_TEST_CLIENT_ID, googleIdToken, startFakeGoogleKeys } from "../support/fake-google.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

describe("registration, sign-in and sign-out", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  test("register through the form → sign in → dashboard with the Owner label → logout", async () => {
    const page = await env.newPage();
    await page.goto("/register");
    await page.getByRole("heading", { name: "Create your account to get started" }).waitFor();
    await page.getByRole("heading", { name: "Why choose Parley?" }).waitFor();
    for (const point of ["Boost Sales", "24/7 Support", "Smart Analytics", "Knowledge Base Management"]) {
      await page.getByRole("heading", { name: point }).waitFor();
    }
    await page.getByText("Google sign-in is not configured").waitFor();
    await env.screenshot(page, "register-1280");

    const create = page.getByRole("button", { name: "Create Account" });
    assert.ok(await create.isDisabled(), "disabled until Remember me is ticked");
    const fill = (label: RegExp, value: string) => page.getByLabel(label).fill(value);
    await fill(/^First Name/, "Priya");
    await fill(/^Last Name/, "Shah");
    await fill(/^Email/, "priya@example.com");
    await fill(/^Username/, "priya");
    await fill(/^Phone/, "+919876543210");
    await fill(/^Password/, "a strong password");
    await fill(/^Confirm Password/, "another password");
    await fill(/^Organization Name/, "Shah Realty");
    await fill(/^Organization Contact Email/, "hello@shahrealty.example");
    await fill(/^Organization Contact Phone/, "+919876543211");
    await fill(/^Organization Address/, "MG Road, Bengaluru");
    await fill(/^Organization Website/, "shahrealty.example");
    assert.ok(await create.isDisabled(), "still disabled with every field filled");
    await page.getByLabel("Remember me").check();
    assert.ok(await create.isEnabled());
    await create.click();
    await page.getByText("Passwords do not match.").waitFor();
    await page.getByText("Please enter a valid website URL (include http:// or https://).").waitFor();
    await fill(/^Confirm Password/, "a strong password");
    assert.equal(
      await page.getByText("Passwords do not match.").count(),
      0,
      "the field's error clears when it is edited",
    );
    await fill(/^Organization Website/, "https://shahrealty.example");
    await create.click();
    await page.waitForURL(/\/login$/);
    await page.getByText("Your account priya was created. Enter your password to sign in.").waitFor();

    await signIn(page, { username: "priya", password: "a strong password" });
    assert.match(page.url(), /\/org\/shah-realty\/dashboard$/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Monitor your voice AI campaigns").waitFor();
    assert.equal(
      await page.getByTestId("role-label").innerText(),
      "Owner",
      "the one who registers owns the organisation",
    );
    assert.equal(await page.evaluate(() => sessionStorage.getItem("organizationSlug")), "shah-realty");
    assert.equal(await page.evaluate(() => localStorage.getItem("organizationName")), "Shah Realty");
    assert.ok(await page.evaluate(() => localStorage.getItem("refreshToken")));

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menu").getByText("Priya Shah").waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
    assert.equal(await page.evaluate(() => localStorage.getItem("authToken")), null);
    assert.equal(await page.evaluate(() => localStorage.getItem("refreshToken")), null);
    await page.goto("/org/shah-realty/campaigns");
    await page.waitForURL(/\/login$/);
  });

  test("registering a taken username shows the server's message", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ width: 390, height: 844 });
    await page.goto("/register");
    const fill = (label: RegExp, value: string) => page.getByLabel(label).fill(value);
    await fill(/^First Name/, "Sam");
    await fill(/^Last Name/, "Again");
    await fill(/^Email/, "someone.new@example.com");
    await fill(/^Username/, user.username);
    await fill(/^Phone/, "+14155550100");
    await fill(/^Password/, "a strong password");
    await fill(/^Confirm Password/, "a strong password");
    await fill(/^Organization Name/, "Second Try");
    await fill(/^Organization Contact Email/, "ops@second.example");
    await fill(/^Organization Contact Phone/, "+14155550101");
    await fill(/^Organization Address/, "1 Market St");
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Create Account" }).click();
    const alert = page.getByRole("alert").filter({ hasText: /username/i });
    await alert.waitFor();
    assert.doesNotMatch(await alert.innerText(), /Registration failed/);
    assert.match(page.url(), /\/register$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await env.screenshot(page, "register-390");
  });

  test("login: required fields, a wrong password's message, the Google button and the password toggle", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.goto("/login");
    for (const point of ["Boost Sales", "24/7 Support", "Smart Analytics", "Knowledge Base Management"]) {
      await page.getByRole("heading", { name: point }).waitFor();
    }
    const google = page.getByRole("button", { name: "Google sign-in is not configured" });
    await google.waitFor();
    assert.ok(await google.isDisabled());
    await page.getByRole("link", { name: "Don't have an account? Register Here" }).waitFor();
    // The same form on a phone, looked at before anything is typed (no second page load for it).
    await atPhoneWidth(env, page, "login", async () => {
      assert.ok(await page.getByRole("button", { name: "Sign In", exact: true }).isVisible());
    });

    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Email or username is required.").waitFor();
    await page.getByText("Password is required.").waitFor();

    await page.getByLabel(/^Email or Username/).fill(user.username);
    const password = page.getByLabel(/^Password/);
    await password.fill("wrong password");
    assert.equal(await password.getAttribute("type"), "password");
    await page.getByRole("button", { name: "Show password" }).click();
    assert.equal(await password.getAttribute("type"), "text");
    // Hold the answer a moment so the busy label can be seen.
    await page.route("**/api/auth/login", async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("button", { name: "Signing in..." }).waitFor();
    await page.getByRole("alert").filter({ hasText: "Invalid email/username or password." }).waitFor();
    await page.getByRole("button", { name: "Sign In", exact: true }).waitFor();
    await env.screenshot(page, "login-error-1280");
  });

  test("'/' shows the landing page signed out and the dashboard signed in", async () => {
    const user = await registerViaApi(env.baseUrl, "Root Path");
    const page = await env.newPage();
    await page.goto("/");
    assert.equal(new URL(page.url()).pathname, "/");
    await signIn(page, user);
    await page.goto("/");
    await page.waitForURL(/\/org\/root-path-[a-f0-9]+\/dashboard$/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });
});

/** Google Identity Services stand-in: its button hands `credential` to the app's callback. */
async function fakeGoogleScript(page: Page, credential: string) {
  await page.route("https://accounts.google.com/gsi/client", (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.google = { accounts: { id: {
        initialize(o) { window.__gsi = o; },
        renderButton(el) {
          const b = document.createElement("button");
          b.textContent = "Continue with Google (test)";
          b.onclick = () => window.__gsi.callback({ credential: ${JSON.stringify(credential)} });
          el.appendChild(b);
        },
      } } };`,
    }),
  );
}

describe("Google sign-in when the server has a client id", () => {
  let env: E2E;
  let keys: Awaited<ReturnType<typeof startFakeGoogleKeys>>;
  before(async () => {
    keys = await startFakeGoogleKeys();
    env = await startE2E({ env: { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: keys.url } });
  });
  after(async () => {
    await env?.close(); // undefined when the server failed to start: the key server must still close
    await keys?.close();
  });

  test("the Google credential signs in and lands on the new organisation's dashboard", async () => {
    const page = await env.newPage();
    await fakeGoogleScript(
      page,
      await googleIdToken(keys.privateKey, {
        sub: "g-77",
        email: "marie@example.com",
        given_name: "Marie",
        family_name: "Curie",
      }),
    );
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google (test)" }).click();
    await page.waitForURL(/\/org\/[^/]+\/dashboard$/);
    const slug = new URL(page.url()).pathname.split("/")[2];
    assert.equal(await page.evaluate(() => localStorage.getItem("organizationSlug")), slug);
    assert.ok(await page.evaluate(() => localStorage.getItem("authToken")));
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  });

  test("a forged credential and an answer without tokens show their messages", async () => {
    const page = await env.newPage();
    const { privateKey: stranger } = await generateKeyPair("RS256");
    await fakeGoogleScript(page, await googleIdToken(stranger, { sub: "g-1", email: "eve@example.com" }));
    await page.goto("/register");
    await page.getByRole("button", { name: "Continue with Google (test)" }).click();
    await page.getByRole("alert").filter({ hasText: "Google authentication failed. Please try again." }).waitFor();

    await page.route("**/api/auth/google", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    await page.getByRole("button", { name: "Continue with Google (test)" }).click();
    await page.getByRole("alert").filter({ hasText: "Authentication successful but no tokens received." }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("authToken")), null);
  });
});
