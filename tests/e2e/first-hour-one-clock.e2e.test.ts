import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { insertCalls, insertContacts } from "../support/call-history-data.ts";
import { insertCampaign } from "../support/seed.ts";
import { atPhoneWidth } from "../support/phone-width.ts";
import { dayKey, zonedLocalToIso } from "../../apps/web/src/lib/zoned-time.ts";

// Issue 35, "one rule for time": the organisation works on Sydney's clock, the browser sits in Berlin. Every screen
// shows Sydney's times (the viewer's zone is the organisation's), so a meeting reads the same hour in the calendar
// as in call logs, and a time on another clock names its zone.
const skip = await postgresSkipReason();

// The steps are the same on a phone: each flow runs once at 1440 px and looks at its screens at 390 px too.
const DESKTOP = { width: 1440, height: 900 };
const ORG_ZONE = "Australia/Sydney";
const BROWSER_ZONE = "Europe/Berlin";
// 2 March 2026 07:00 in Sydney, still 1 March 21:00 in Berlin: a list on the browser's clock shows another day.
const LISTED_AT = "2026-03-01T20:00:00Z";

async function api(env: E2EOnPostgres, s: E2ESession, method: string, path: string, body?: unknown) {
  const res = await fetch(`${env.baseUrl}/api${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
}

describe("one clock: the organisation's zone on every screen, another zone named", { skip: skip ?? false }, () => {
  let env: E2EOnPostgres;
  let s: E2ESession & { user: E2EUser };
  // Tomorrow on Sydney's clock: the calendar's Day view reaches it with one "Next" from today.
  let meetingDay: string;
  before(async () => {
    env = await startE2EOnPostgres();
    s = await newApiUser(env.baseUrl);
    await api(env, s, "PUT", "/settings/organization", { timezone: ORG_ZONE });
    meetingDay = dayKey(Date.now() + 86_400_000, ORG_ZONE);
    const campaignId = await insertCampaign(env.db, s.orgId, {
      name: "Two cities",
      timezone: ORG_ZONE,
      status: "active",
      created_at: new Date(LISTED_AT),
    });
    const [jonas] = await insertContacts(env.db, s.orgId, campaignId, [{ name: "Jonas Weber", phone: "+61293744000" }]);
    const [callId] = await insertCalls(env.db, s.orgId, [
      {
        lead_name: "Jonas Weber",
        lead_phone: "+61293744000",
        campaign_id: campaignId,
        contact_id: jonas,
        status: "scheduled",
        started_at: new Date(Date.now() - 3_600_000).toISOString(),
      },
    ]);
    // The meeting the agent booked on that call, 16:05 on the team's (Sydney's) clock.
    const start = zonedLocalToIso(`${meetingDay}T16:05`, ORG_ZONE)!;
    await env.db.query(
      `insert into calendar_events (org_id, title, start_at, end_at, timezone, attendees, source, contact_id,
                                    campaign_id, call_id)
       values ($1, 'Demo with Jonas', $2::timestamptz, $2::timestamptz + interval '30 minutes', $3, $4::jsonb,
               'agent', $5, $6, $7)`,
      [s.orgId, start, ORG_ZONE, JSON.stringify(["Jonas Weber", "+61293744000"]), jonas, campaignId, callId],
    );
    // A meeting a colleague set up on New York's clock: its own time is named beside the viewer's.
    const nyStart = zonedLocalToIso(`${meetingDay}T10:00`, ORG_ZONE)!;
    await api(env, s, "POST", "/calendar/events", {
      title: "Call with the New York office",
      start_time: nyStart,
      end_time: new Date(Date.parse(nyStart) + 30 * 60_000).toISOString(),
      timezone: "America/New_York",
      attendees: [],
    });
    // List rows stamped at a moment that is another day in Berlin than in Sydney.
    await api(env, s, "POST", "/dnc", { phone: "+61298765432", reason: "Asked not to be called" });
    await api(env, s, "POST", "/api-keys", { name: "CRM export", scope: "read" });
    await env.db.query("update dnc_numbers set created_at = $2 where org_id = $1", [s.orgId, LISTED_AT]);
    await env.db.query("update api_keys set created_at = $2 where org_id = $1", [s.orgId, LISTED_AT]);
    await env.db.query("update campaigns set updated_at = $2 where org_id = $1", [s.orgId, LISTED_AT]);
  });
  after(() => env?.close());

  const visit = async (page: Page, path: string) => page.goto(`/org/${s.slug}${path}`);
  /** The screen on a phone too: `what` shows there (scrolled to). */
  const onPhone = (page: Page, name: string, what: Locator) =>
    atPhoneWidth(env, page, name, async () => {
      await what.scrollIntoViewIfNeeded();
      assert.ok(await what.isVisible(), `${name}: shows on a phone`);
    });

  test("a meeting reads the same hour in the calendar and in call logs (1440 px, and 390 px)", async () => {
    const page = await env.newPage({ ...DESKTOP, timezoneId: BROWSER_ZONE });
    await signIn(page, s.user);

    await visit(page, "/calendar");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "Next" }).click();
    // 16:05 in Sydney is early morning in Berlin: the chip is on the organisation's clock, in the 4 PM row.
    const chip = page.getByRole("button", { name: "Demo with Jonas, 4:05 PM" });
    await chip.waitFor();
    // The browser's clock is another: the screen says whose clock it is on.
    assert.equal(
      await page.getByTestId("calendar-zone").innerText(),
      "Times are Australia/Sydney time, your organisation's time zone.",
    );
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "4:00 PM" }) });
    assert.equal(await row.getByRole("button", { name: /^Demo with Jonas/ }).count(), 1, "in the 4 PM row");
    await env.screenshot(page, "one-clock-calendar-day-1440");
    await atPhoneWidth(env, page, "one-clock-calendar-day", async () => {
      assert.ok(await page.getByTestId("calendar-zone").isVisible(), "whose clock: said on a phone");
      assert.equal(await row.getByRole("button", { name: /^Demo with Jonas/ }).count(), 1, "in the 4 PM row");
      assert.ok(await chip.isVisible());
    });
    await chip.click();
    const dialog = page.getByRole("dialog");
    assert.match(await dialog.getByTestId("event-when").innerText(), /^4:05 PM – 4:35 PM, \w+day, /);
    assert.equal(await dialog.getByTestId("event-when-own-zone").count(), 0, "made on the viewer's clock");
    await env.screenshot(page, "one-clock-calendar-meeting-1440");
    await onPhone(page, "one-clock-calendar-meeting", dialog.getByTestId("event-when"));
    await dialog.getByRole("button", { name: "Close" }).click();

    await page.getByRole("button", { name: /^Call with the New York office, 10:00 AM$/ }).click();
    assert.match(await dialog.getByTestId("event-when").innerText(), /^10:00 AM – 10:30 AM, /);
    // Made on New York's clock: that time too, named (the evening before there).
    assert.match(
      await dialog.getByTestId("event-when-own-zone").innerText(),
      /^\d{1,2}:00 PM – \d{1,2}:30 PM, \w+day, .+ \(America\/New_York\)$/,
    );
    await env.screenshot(page, "one-clock-calendar-other-zone-1440");
    await onPhone(page, "one-clock-calendar-other-zone", dialog.getByTestId("event-when-own-zone"));
    await dialog.getByRole("button", { name: "Close" }).click();

    // A new event's times are typed on the organisation's clock, and the form says which clock that is.
    await page.getByRole("button", { name: "New Event" }).click();
    const form = page.getByRole("dialog", { name: "New Event" });
    assert.equal(await form.getByLabel("Start").inputValue(), `${meetingDay}T09:00`);
    await form.getByText(`${ORG_ZONE} time`).waitFor();
    await form.getByRole("button", { name: "Cancel" }).click();

    await visit(page, "/call-logs");
    const summary = page.getByRole("dialog", { name: "Conversation Summary" });
    const meeting = summary.getByText(`Demo with Jonas — ${meetingDay} 16:05`);
    // A phone lists the calls as cards: a tap on Jonas's card opens the same summary.
    await page.getByTestId("call-log-row").filter({ hasText: "Jonas Weber" }).first().waitFor();
    await atPhoneWidth(env, page, "one-clock-call-details", async () => {
      await page.getByTestId("call-log-card").filter({ hasText: "Jonas Weber" }).first().click();
      await meeting.waitFor();
      await summary.getByText("Booked meeting").scrollIntoViewIfNeeded();
    });
    await page.keyboard.press("Escape");
    await summary.waitFor({ state: "detached" });
    await page.getByTestId("call-log-row").filter({ hasText: "Jonas Weber" }).first().click();
    await meeting.waitFor();
    await summary.getByText("Booked meeting").scrollIntoViewIfNeeded();
    await env.screenshot(page, "one-clock-call-details-1440");
    await page.keyboard.press("Escape");
    await page.context().close();
  });

  test("lists show the organisation's day and time, not the browser's (1440 px, and 390 px)", async () => {
    const page = await env.newPage({ ...DESKTOP, timezoneId: BROWSER_ZONE });
    await signIn(page, s.user);

    await visit(page, "/do-not-call");
    const dncAt = () => page.getByTestId("dnc-row").getByText("Mar 2, 2026, 7:00 AM").filter({ visible: true });
    await dncAt().waitFor();
    await env.screenshot(page, "one-clock-dnc-1440");
    await atPhoneWidth(env, page, "one-clock-dnc", () => dncAt().waitFor());

    await visit(page, "/settings/api-keys");
    const keyAt = page.getByText("Created Mar 2, 2026, 7:00 AM by Sam Rivera · never used");
    await keyAt.waitFor();
    await env.screenshot(page, "one-clock-api-keys-1440");
    await onPhone(page, "one-clock-api-keys", keyAt);

    await visit(page, "/campaigns");
    const campaign = page.getByTestId("campaign-row").filter({ hasText: "Two cities" });
    const campaignAt = () =>
      campaign
        .getByText(/02-03-2026 07:00/)
        .filter({ visible: true })
        .first();
    await campaignAt().waitFor();
    await env.screenshot(page, "one-clock-campaigns-1440");
    await atPhoneWidth(env, page, "one-clock-campaigns", () => campaignAt().waitFor());

    await visit(page, "/dashboard");
    // The spec's dd-mm-yyyy, on Sydney's day (Berlin's is still 01-03-2026).
    const updated = page.getByRole("region", { name: "Active Campaigns" }).getByText("02-03-2026");
    await updated.waitFor();
    await updated.scrollIntoViewIfNeeded();
    await env.screenshot(page, "one-clock-dashboard-1440");
    await onPhone(page, "one-clock-dashboard", updated);
    await page.context().close();
  });

  test("a member sees the organisation's clock too (1440 px, and 390 px)", async () => {
    const invitee = await newApiUser(env.baseUrl, "Member's own");
    const res = await fetch(`${env.baseUrl}/api/team/invitations`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ email: invitee.user.email, role: "member" }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const page = await env.newPage({ ...DESKTOP, timezoneId: BROWSER_ZONE });
    await signIn(page, invitee.user);
    await page.goto(((await res.json()) as { path: string }).path);
    await page.getByRole("button", { name: /^Join / }).click();
    await page.waitForURL(new RegExp(`/org/${s.slug}/dashboard$`));
    await page.getByTestId("role-label").filter({ hasText: "Member" }).waitFor();
    // Members may not read the organisation's settings, but its clock is theirs (GET /settings/organization/clock).
    await visit(page, "/do-not-call");
    const dncAt = () => page.getByTestId("dnc-row").getByText("Mar 2, 2026, 7:00 AM").filter({ visible: true });
    await dncAt().waitFor();
    await env.screenshot(page, "one-clock-member-dnc-1440");
    await atPhoneWidth(env, page, "one-clock-member-dnc", () => dncAt().waitFor());
    await page.context().close();
  });
});
