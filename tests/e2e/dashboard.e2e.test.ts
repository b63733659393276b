import assert from "node:assert/strict";
import { test, describe, before, after } from "node:test";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { registerViaApi, signIn, loginViaApi } from "../support/e2e-users.ts";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { seedAnalyticsFixture } from "../support/analytics-fixture.ts";

// Known calls are seeded into a PostgreSQL database the server shares with this test (PGlite is one process only).
const skip = await postgresSkipReason();

describe("dashboard: figures from real calls, channel switch, minutes, retry", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let db: Db;
  before(async () => {
    env = await startE2EOnPostgres();
    db = env.db;
  });
  after(() => env.close());

  async function seededUser() {
    const user = await registerViaApi(env.baseUrl);
    await seedAnalyticsFixture(db, (await loginViaApi(env.baseUrl, user)).orgId);
    return user;
  }

  test("a failed load shows the alert and Retry recovers; channels switch the cards", async () => {
    const user = await seededUser();
    const page = await env.newPage({ width: 1280, height: 900 });
    await signIn(page, user);
    // Overview loads fail until Retry is pressed (a count of failures would be spent by a load still in
    // flight from the sign-in, and the app's own retry would then succeed).
    let failing = true;
    await page.route("**/api/dashboard/overview", (route) =>
      failing ? route.fulfill({ status: 503, body: "down" }) : route.continue(),
    );
    await page.reload();
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load dashboard data. Please try again." });
    await alert.waitFor();
    await env.screenshot(page, "dashboard-error-1280");
    failing = false;
    await alert.getByRole("button", { name: "Retry" }).click();
    await page.getByText("Conversation minutes remaining: 997 min").waitFor();
    await page.getByText("3 of 1,000 min used").waitFor();

    const cards = page.getByRole("list", { name: "Metrics" });
    const card = (label: string) => cards.getByRole("listitem").filter({ hasText: label });
    // Voice is the default: 2 voice campaigns, 5 leads, 6 calls, 1 booked, 16.7%, connected calls 118 s on average.
    assert.equal(await page.getByRole("button", { name: "Voice" }).getAttribute("aria-pressed"), "true");
    await card("Total Campaigns").getByText("2", { exact: true }).waitFor();
    await card("Total Leads").getByText("5", { exact: true }).waitFor();
    await card("Total Calls").getByText("6", { exact: true }).waitFor();
    await card("Booking Rate").getByText("16.7%").waitFor();
    await card("Avg Call Duration").getByText("1m 58s").waitFor();
    assert.equal(await page.getByRole("button", { name: "Email" }).isDisabled(), true);
    assert.equal(await page.getByRole("button", { name: "WhatsApp" }).isDisabled(), true);
    await env.screenshot(page, "dashboard-voice-1280");
    const voiceColumns = await cards.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    assert.equal(voiceColumns, 3);

    const refetch = page.waitForRequest((r) => r.url().endsWith("/api/dashboard/channel-metrics"));
    await page.getByRole("button", { name: "Overall" }).click();
    await refetch; // overall sends no channel
    await card("Total Campaigns").getByText("3", { exact: true }).waitFor(); // the email campaign counts overall
    await card("Total Leads").getByText("6", { exact: true }).waitFor();
    assert.equal(await cards.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length), 2);
    await page.getByRole("region", { name: "Active Campaigns" }).getByText("Spring").waitFor();
    await page.getByRole("link", { name: "Calling analytics" }).click();
    await page.waitForURL(/\/org\/[^/]+\/calling-visualization$/);
    await page.getByRole("heading", { name: "Calling Analytics & Visualization" }).waitFor();
    await page.context().close();
  });

  test("a channel metrics failure says so; on a phone the cards stack in one column", async () => {
    const user = await seededUser();
    const page = await env.newPage({ width: 390, height: 844 });
    await signIn(page, user);
    await page.getByText("Conversation minutes remaining: 997 min").waitFor();
    const cards = page.getByRole("list", { name: "Metrics" });
    await cards.getByRole("listitem").filter({ hasText: "Total Calls" }).getByText("6", { exact: true }).waitFor();
    assert.equal(await cards.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length), 1);
    await env.screenshot(page, "dashboard-voice-390");

    await page.route("**/api/dashboard/channel-metrics", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Overall" }).click();
    await page.getByText("Failed to load channel metrics. Please try again.").waitFor();
    await env.screenshot(page, "dashboard-metrics-error-390");
    await page.context().close();
  });
});
