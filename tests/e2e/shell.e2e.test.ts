import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { registerViaApi, signIn } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

const slugOf = (url: string) => new URL(url).pathname.split("/")[2]!;

describe("the app shell: routes, menu, session and organizations", () => {
  let env: E2E;
  before(async () => {
    env = await startE2E({ engine: "pglite" }); // the embedded database on disk, as `npm start` runs
  });
  after(() => env.close());

  test("protected routes without a token go to /login; unknown paths go to the default org's dashboard", async () => {
    const page = await env.newPage();
    for (const path of ["/org/parley/calendar", "/dashboard", "/organization"]) {
      await page.goto(path);
      await page.waitForURL(/\/login$/);
    }
    await page.goto("/no/such/page");
    await page.waitForURL(/\/login$/); // → /org/parley/dashboard → not signed in → /login

    const user = await registerViaApi(env.baseUrl, "Northwind");
    await signIn(page, user);
    const slug = slugOf(page.url());
    await page.goto("/definitely-unknown");
    await page.waitForURL(new RegExp(`/org/${slug}/dashboard$`));
    await page.goto("/campaigns"); // bare paths render inside the shell too
    await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor();
  });

  test("the menu keeps the org prefix, highlights Campaigns on campaign setup, and every screen opens", async () => {
    const user = await registerViaApi(env.baseUrl, "Menu Check");
    const page = await env.newPage();
    await signIn(page, user);
    const slug = slugOf(page.url());
    const menu = page.getByRole("navigation", { name: "Main menu" });
    for (const [name, path] of [
      ["Dashboard", "dashboard"],
      ["Campaigns", "campaigns"],
      ["Call logs", "call-logs"],
      ["Analytics", "calling-visualization"],
      ["Knowledge base", "knowledge-base"],
      ["Calendar", "calendar"],
      ["Organizations", "organization"],
    ]) {
      assert.equal(await menu.getByRole("link", { name: name! }).getAttribute("href"), `/org/${slug}/${path}`);
    }
    await page.goto(`/org/${slug}/campaign-setup`);
    await page.getByRole("heading", { name: "Campaign Setup" }).waitFor();
    assert.match((await menu.getByRole("link", { name: "Campaigns" }).getAttribute("class")) ?? "", /Mui-selected/);
    assert.doesNotMatch(
      (await menu.getByRole("link", { name: "Dashboard" }).getAttribute("class")) ?? "",
      /Mui-selected/,
    );
    await menu.getByRole("link", { name: "Analytics" }).click();
    await page.getByRole("heading", { name: /^Calling Analytics/, level: 1 }).waitFor();

    const titles: Record<string, RegExp> = {
      "call-logs": /^Conversation Logs/,
      "calling-visualization": /^Calling Analytics/,
      "knowledge-base": /Knowledge Base/i,
      "create-knowledge-base": /Knowledge Base/i,
      calendar: /^Calendar/,
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(`/org/${slug}/${path}`);
      await page.getByRole("heading", { name: title, level: 1 }).first().waitFor();
    }
  });

  test("an expired access token is refreshed silently; a failed refresh goes to /login", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    const before = await page.evaluate(() => localStorage.getItem("refreshToken"));
    await page.evaluate(() => localStorage.setItem("authToken", "expired.or.forged"));
    await page.goto("/org/x/organization");
    await page.getByText("Current", { exact: true }).waitFor(); // the card only renders from the API's answer
    assert.notEqual(await page.evaluate(() => localStorage.getItem("authToken")), "expired.or.forged");
    assert.notEqual(
      await page.evaluate(() => localStorage.getItem("refreshToken")),
      before,
      "the refresh token rotates",
    );

    await page.evaluate(() => {
      localStorage.setItem("authToken", "expired.or.forged");
      localStorage.setItem("refreshToken", "revoked");
    });
    await page.reload();
    await page.waitForURL(/\/login$/);
    assert.equal(await page.evaluate(() => localStorage.getItem("authToken")), null);
  });

  test("a refresh spent on the server but cut off before its answer arrived is made again on next page", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    let refreshes = 0;
    let cutOff!: () => void;
    const wasCutOff = new Promise<void>((resolve) => (cutOff = resolve));
    await page.route("**/api/auth/refresh", async (route) => {
      if (++refreshes > 1) return route.continue();
      await route.fetch(); // the server rotates the token, but the page never hears it
      await route.abort("connectionreset");
      cutOff();
    });
    await page.evaluate(() => localStorage.setItem("authToken", "expired.or.forged"));
    await page.goto("/org/x/organization");
    await wasCutOff;
    await page.reload();
    await page.getByText("Current", { exact: true }).waitFor();
    // The page may try again before the reload as well as after it: what matters is that it tried again.
    assert.ok(refreshes >= 2, `the refresh was made again (${refreshes} in all)`);
    assert.notEqual(await page.evaluate(() => localStorage.getItem("authToken")), "expired.or.forged");
  });

  // Its own run at 390 px: the steps themselves differ on a phone (the top bar's drawer replaces the menu).
  test("mobile: below 600 px a top bar's drawer opens and navigates", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, user);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    assert.equal(await page.getByRole("navigation", { name: "Main menu" }).count(), 0, "no permanent menu on a phone");
    await env.screenshot(page, "dashboard-390");
    await page.getByRole("button", { name: "Open menu" }).click();
    const calendar = page.getByRole("link", { name: "Calendar" });
    await calendar.waitFor();
    await page.waitForTimeout(400); // let the drawer finish sliding in before the screenshot
    await env.screenshot(page, "drawer-390");
    await calendar.click();
    await page.waitForURL(/\/calendar$/);
    await page.getByRole("heading", { name: /^Calendar/ }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Calendar" }).count(), 0, "the drawer closes after navigating");
  });

  test("organizations: the form's messages, create, the card after a reload, and switching", async () => {
    const user = await registerViaApi(env.baseUrl);
    const page = await env.newPage();
    await signIn(page, user);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Organizations" }).click();
    await page.waitForURL(/\/organization$/);
    await page.getByRole("button", { name: "Add Organization" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Organization" }).click();
    await dialog.getByText("Organization name is required.").waitFor();
    await dialog.getByLabel("Organization Name *").fill("West Coast Branch");
    assert.equal(
      await dialog.getByText("Organization name is required.").count(),
      0,
      "the error clears when the field is edited",
    );
    await dialog.getByLabel("Website").fill("westcoast.example");
    await dialog.getByLabel("Contact Email").fill("nope");
    await dialog.getByRole("button", { name: "Create Organization" }).click();
    await dialog.getByText("Please enter a valid website URL (include http:// or https://).").waitFor();
    await dialog.getByText("Please enter a valid email address.").waitFor();
    await env.screenshot(page, "organization-form-1280");
    await dialog.getByLabel("Website").fill("https://westcoast.example");
    await dialog.getByLabel("Contact Email").fill("west@example.com");
    await dialog.getByLabel("Contact Phone").fill("+14155550199");
    await dialog.getByLabel("Address").fill("1 Ocean Ave\nSanta Monica");
    await dialog.getByRole("button", { name: "Create Organization" }).click();
    await page.getByText("Organization created successfully!").waitFor();
    await page.reload();
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "West Coast Branch" }) });
    await card.getByText("west@example.com").waitFor();
    await card.getByText("Owner").waitFor();
    await env.screenshot(page, "organizations-1280");

    await card.getByRole("button", { name: "Switch" }).click();
    await page.waitForURL(/\/org\/west-coast-branch[^/]*\/dashboard$/);
    assert.equal(await page.evaluate(() => localStorage.getItem("organizationName")), "West Coast Branch");
    await page.getByRole("banner").getByText("West Coast Branch").waitFor();

    // Back from the account menu, which lists the user's other organisations with their role.
    await page.getByRole("button", { name: "Account menu" }).click();
    const back = page.getByRole("menuitem", { name: /Switch to Bright Homes/ });
    await back.getByText("Owner").waitFor();
    // The menu fades in: the picture waits until it is fully shown.
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('[role="menu"]')!.parentElement!).opacity === "1",
    );
    await env.screenshot(page, "account-menu-switch-1280");
    await back.click();
    await page.waitForURL(/\/org\/bright-homes[^/]*\/dashboard$/);
    await page.getByRole("banner").getByText(user.organization).waitFor();

    // The organisations page on a phone, reached the same way: its cards fit the screen.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Organizations" }).click();
    await page.waitForURL(/\/org\/bright-homes[^/]*\/organization$/);
    await atPhoneWidth(env, page, "organizations", () =>
      page.getByRole("heading", { name: "West Coast Branch" }).waitFor(),
    );
  });
});
