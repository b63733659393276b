import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";

describe("sign-up, sign-in and the app shell", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E();
  });
  after(() => env.close());

  test("register through the form → sign in → dashboard → logout", async () => {
    const page = await env.newPage();
    await page.goto("/register");
    await page.getByRole("heading", { name: "Create your account to get started" }).waitFor();
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
    await page.getByLabel("Remember me").check();
    await create.click();
    await page.getByText("Passwords do not match.").waitFor();
    await fill(/^Confirm Password/, "a strong password");
    await create.click();
    await page.waitForURL(/\/login$/);
    await page.getByText("Account created. Please sign in.").waitFor();

    await signIn(page, { username: "priya", password: "a strong password" });
    assert.match(page.url(), /\/org\/shah-realty\/dashboard$/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Monitor your voice AI campaigns").waitFor();
    assert.equal(await page.getByTestId("role-label").innerText(), "Admin");
    assert.equal(await page.evaluate(() => sessionStorage.getItem("organizationSlug")), "shah-realty");
    await env.screenshot(page, "dashboard-1280");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/\/login$/);
    assert.equal(await page.evaluate(() => localStorage.getItem("authToken")), null);
    // The revoked session no longer opens protected pages.
    await page.goto("/org/shah-realty/campaigns");
    await page.waitForURL(/\/login$/);
  });

  test("a wrong password shows the server's message; Google says it is not configured", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await page.goto("/login");
    await page.getByText("Google sign-in is not configured").waitFor();
    await page.getByLabel(/^Email or Username/).fill(user.username);
    await page.getByLabel(/^Password/).fill("wrong password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email/username or password." }).waitFor();
  });

  test("protected routes without a token go to /login; unknown paths go to the default org's dashboard", async () => {
    const page = await env.newPage();
    await page.goto("/org/parley/calendar");
    await page.waitForURL(/\/login$/);
    await page.goto("/no/such/page");
    await page.waitForURL(/\/login$/); // → /org/parley/dashboard → not signed in → /login

    const user = await registerViaApi(env.baseUrl, "Northwind");
    await signIn(page, user);
    const slug = new URL(page.url()).pathname.split("/")[2];
    await page.goto("/definitely-unknown");
    await page.waitForURL(new RegExp(`/org/${slug}/dashboard$`));
    await page.goto("/campaigns"); // bare paths work too
    await page.getByRole("link", { name: "Campaigns" }).waitFor();
  });

  test("an expired access token is refreshed silently; a failed refresh goes to /login", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    await page.evaluate(() => localStorage.setItem("authToken", "expired.or.forged"));
    await page.goto("/org/x/organization");
    await page.getByText("Current", { exact: true }).waitFor(); // the card only renders from the API's answer
    assert.notEqual(await page.evaluate(() => localStorage.getItem("authToken")), "expired.or.forged");

    await page.evaluate(() => {
      localStorage.setItem("authToken", "expired.or.forged");
      localStorage.setItem("refreshToken", "revoked");
    });
    await page.reload();
    await page.waitForURL(/\/login$/);
  });

  test("mobile: the drawer opens below 600 px and navigates", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, user);
    await page.getByRole("button", { name: "Open menu" }).click();
    await env.screenshot(page, "drawer-390");
    await page.getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL(/\/calendar$/);
    await page.getByRole("heading", { name: /^Calendar/ }).waitFor();
  });

  test("organizations: the form's messages, create, and the card after a reload", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Organizations" }).click();
    await page.getByRole("button", { name: "Add Organization" }).click();
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByText("Organization name is required.").waitFor();
    await page.getByLabel("Organization Name *").fill("West Coast Branch");
    assert.equal(await page.getByText("Organization name is required.").count(), 0, "the error clears when the field is edited");
    await page.getByLabel("Website").fill("westcoast.example");
    await page.getByLabel("Contact Email").fill("nope");
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByText("Please enter a valid website URL (include http:// or https://).").waitFor();
    await page.getByText("Please enter a valid email address.").waitFor();
    await page.getByLabel("Website").fill("https://westcoast.example");
    await page.getByLabel("Contact Email").fill("west@example.com");
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByText("Organization created successfully!").waitFor();
    await page.reload();
    await page.getByText("West Coast Branch").waitFor();
    await env.screenshot(page, "organizations-1280");
  });
});
