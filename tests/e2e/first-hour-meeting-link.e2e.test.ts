import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startE2E, type E2E } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";

/** Today at the given local hour (browser and test share the machine's zone). */
const todayAt = (hour: number) => {
  const n = new Date();
  return new Date(n.getFullYear(), n.getMonth(), n.getDate(), hour);
};

describe("a booked meeting shows the link it really has, never one made up from its title", () => {
  let env: E2E;
  let user: E2EUser;
  let slug: string;
  before(async () => {
    env = await startE2E();
    user = await registerViaApi(env.baseUrl);
    const session = await loginViaApi(env.baseUrl, user);
    slug = session.slug;
    for (const e of [
      { title: "Product demo", hour: 10, meeting_url: "" },
      { title: "Pricing call", hour: 14, meeting_url: "https://meet.jit.si/parley-pricing-4f7a" },
    ]) {
      const res = await fetch(`${env.baseUrl}/api/calendar/events`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
        body: JSON.stringify({
          title: e.title,
          start_time: todayAt(e.hour).toISOString(),
          end_time: new Date(todayAt(e.hour).getTime() + 30 * 60_000).toISOString(),
          is_virtual: true,
          meeting_url: e.meeting_url,
        }),
      });
      assert.equal(res.status, 201, await res.text());
    }
  });
  after(() => env?.close());

  for (const width of [1440, 390]) {
    test(`at ${width} px`, async () => {
      const page = await env.newPage({ width, height: 900 });
      await signIn(page, user);
      await page.goto(`/org/${slug}/calendar`);
      await page.getByRole("button", { name: "Day", exact: true }).click();
      await page.getByRole("button", { name: /^Product demo/ }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("no-meeting-link").waitFor();
      assert.equal(await dialog.locator('a[href*="meet.google.com"]').count(), 0, "no invented Google Meet room");
      assert.equal(await dialog.getByRole("link", { name: /Join/ }).count(), 0);
      await env.screenshot(page, `first-hour-no-meeting-link-${width}`);
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });

      await page.getByRole("button", { name: /^Pricing call/ }).click();
      const join = page.getByRole("dialog").getByRole("link", { name: "Join meeting" });
      assert.equal(await join.getAttribute("href"), "https://meet.jit.si/parley-pricing-4f7a");
      await page.context().close();
    });
  }
});
