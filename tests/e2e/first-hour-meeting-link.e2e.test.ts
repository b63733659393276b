import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Page } from "playwright-core";
import { createCalendarRepo } from "../../apps/server/src/features/calendar/calendar.repo.ts";
import { createCalendarService } from "../../apps/server/src/features/calendar/calendar.service.ts";
import { createSettingsRepo } from "../../apps/server/src/features/settings/settings.repo.ts";
import { createSettingsService } from "../../apps/server/src/features/settings/settings.service.ts";
import { systemClock } from "../../apps/server/src/platform/clock.ts";
import { postgresSkipReason, startE2E, startE2EOnPostgres, type E2E, type E2EOnPostgres } from "../support/e2e.ts";
import { loginViaApi, registerViaApi, signIn, type E2EUser } from "../support/e2e-users.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

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

  // The steps are the same on a phone: one run at 1440 px, the dialog looked at on a 390 px screen too.
  test("at 1440 px (and 390 px)", async () => {
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);
    await page.goto(`/org/${slug}/calendar`);
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: /^Product demo/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("no-meeting-link").waitFor();
    assert.equal(await dialog.locator('a[href*="meet.google.com"]').count(), 0, "no invented Google Meet room");
    assert.equal(await dialog.getByRole("link", { name: /Join/ }).count(), 0);
    await env.screenshot(page, "first-hour-no-meeting-link-1440");
    await atPhoneWidth(env, page, "first-hour-no-meeting-link", async () => {
      assert.ok(await dialog.getByTestId("no-meeting-link").isVisible());
      assert.ok(await dialog.getByRole("button", { name: "Close" }).isVisible());
    });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: /^Pricing call/ }).click();
    const join = page.getByRole("dialog").getByRole("link", { name: "Join meeting" });
    assert.equal(await join.getAttribute("href"), "https://meet.jit.si/parley-pricing-4f7a");
    await page.context().close();
  });
});

/** Tomorrow at the given local hour: the agent books nothing in the past, whatever time the test runs. */
const tomorrowAt = (hour: number) => {
  const n = new Date();
  return new Date(n.getFullYear(), n.getMonth(), n.getDate() + 1, hour);
};
const ROOM = /^https:\/\/meet\.jit\.si\/parley-[a-z2-7]{10}$/;

describe("the owner sets rooms on demand in Settings; the agent's meetings join rooms of their own", async () => {
  const skip = await postgresSkipReason();
  let env: E2EOnPostgres;
  /** The agent's booking as a call makes it (agent-tools.ts), with the link read from the organisation's Settings. */
  let agentBooks: (orgId: string, title: string, hour: number) => Promise<void>;
  before(async () => {
    if (skip) return;
    env = await startE2EOnPostgres();
    const settings = createSettingsService({
      repo: createSettingsRepo(env.db),
      voiceExists: async () => false,
      checkPassword: async () => false,
    });
    const calendar = createCalendarService({
      db: env.db,
      repo: createCalendarRepo(env.db),
      clock: systemClock,
      meetingLink: settings.meetingLink,
    });
    agentBooks = async (orgId, title, hour) => {
      const r = await calendar.bookMeeting(orgId, {
        title,
        startAt: tomorrowAt(hour),
        durationMinutes: 30,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        businessHours: { start: "08:00", end: "18:00" },
      });
      assert.ok(r.booked, JSON.stringify(r));
    };
  });
  after(() => env?.close());

  /** Opens the meeting from tomorrow's Day view (reached from a fresh calendar when `slug` is given). */
  async function openMeeting(page: Page, slug: string | undefined, title: string) {
    if (slug) {
      await page.goto(`/org/${slug}/calendar`);
      await page.getByRole("button", { name: "Day", exact: true }).click();
      await page.getByRole("button", { name: "Next" }).click();
    }
    await page.getByRole("button", { name: new RegExp(`^${title}`) }).click();
    return page.getByRole("dialog");
  }
  const joinHref = async (page: Page, slug: string | undefined, title: string) => {
    const dialog = await openMeeting(page, slug, title);
    const href = await dialog.getByRole("link", { name: "Join meeting" }).getAttribute("href");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    return href ?? "";
  };

  // The steps are the same on a phone: one run at 1440 px, each screen looked at on a 390 px one too.
  test("at 1440 px (and 390 px)", { skip: skip ?? false }, async () => {
    const user = await registerViaApi(env.baseUrl);
    const { slug, orgId } = await loginViaApi(env.baseUrl, user);
    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, user);

    // No link set: the agent's meeting has none, and the dialog says where to set one.
    await agentBooks(orgId, "Intro with Omar", 9);
    const dialog = await openMeeting(page, slug, "Intro with Omar");
    const hint = dialog.getByTestId("no-meeting-link");
    await hint.getByText(/so the agent adds one to every meeting it books/).waitFor();
    assert.equal(await dialog.getByRole("link", { name: /Join/ }).count(), 0);
    await env.screenshot(page, "meeting-link-unset-dialog-1440");
    await atPhoneWidth(env, page, "meeting-link-unset-dialog", async () => {
      await hint.getByRole("link", { name: "set a meeting link in Settings" }).scrollIntoViewIfNeeded();
      assert.ok(await hint.getByRole("link", { name: "set a meeting link in Settings" }).isVisible());
    });
    await hint.getByRole("link", { name: "set a meeting link in Settings" }).click();
    await page.waitForURL(/\/settings#meeting-link$/);

    const org = page.getByRole("form", { name: "Organization settings" });
    await org.getByRole("radio", { name: "Rooms on demand" }).check();
    const host = org.getByLabel("Host that opens rooms on demand");
    await host.fill("http://meet.jit.si");
    await org.getByRole("button", { name: "Save organization" }).click();
    await org.getByText(/must start with https:\/\//).waitFor();
    await host.fill("https://meet.jit.si");
    await org.getByText(/two meetings never share a room/).waitFor();
    await org.getByRole("button", { name: "Save organization" }).click();
    await page.getByText("Organization settings saved.").waitFor();
    await org.getByRole("radiogroup", { name: "Meeting link" }).scrollIntoViewIfNeeded();
    await env.screenshot(page, "meeting-link-settings-1440");
    await atPhoneWidth(env, page, "meeting-link-settings", async () => {
      await org.getByRole("radiogroup", { name: "Meeting link" }).scrollIntoViewIfNeeded();
      assert.ok(await host.isVisible(), "the host field shows on a phone");
    });

    // Booked after: each meeting a room of its own under the team's host.
    await agentBooks(orgId, "Demo with Ana", 11);
    await agentBooks(orgId, "Demo with Lee", 14);
    const ana = await joinHref(page, slug, "Demo with Ana");
    // The calendar stays on tomorrow's Day view between meetings: no reload needed.
    const lee = await joinHref(page, undefined, "Demo with Lee");
    assert.match(ana, ROOM);
    assert.match(lee, ROOM);
    assert.notEqual(ana, lee, "two meetings never share a room");
    const shown = await openMeeting(page, undefined, "Demo with Ana");
    await shown.getByRole("link", { name: "Join meeting" }).waitFor();
    await env.screenshot(page, "meeting-link-on-demand-dialog-1440");
    await atPhoneWidth(env, page, "meeting-link-on-demand-dialog", async () => {
      assert.ok(await shown.getByRole("link", { name: "Join meeting" }).isVisible());
    });
    // The meeting booked before keeps having none, and no longer sends anyone to Settings.
    await shown.getByRole("button", { name: "Close" }).click();
    await shown.waitFor({ state: "detached" });
    const before = await openMeeting(page, undefined, "Intro with Omar");
    await before.getByTestId("no-meeting-link").waitFor();
    assert.equal(await before.getByRole("link", { name: "set a meeting link in Settings" }).count(), 0);
    await page.context().close();
  });
});
