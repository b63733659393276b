import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "../support/e2e.ts";
import { loginViaApi } from "../support/e2e-users.ts";
import { atPhoneWidth, fitsTheWidth, PHONE } from "../support/phone-width.ts";

const PASSWORD = "Sup3r-secret-pw";
const USER = "calendarian";

async function register(env: E2E): Promise<{ token: string; slug: string }> {
  const body = {
    first_name: "Cal",
    last_name: "Endar",
    email: `${USER}@example.com`,
    username: USER,
    phone: "+15550001111",
    password: PASSWORD,
    organization_name: "Calendar Co",
    organization_contact_email: `${USER}@example.com`,
    organization_contact_phone: "+15550001111",
    organization_address: "1 Main St",
  };
  const reg = await fetch(`${env.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.ok(reg.ok, `register: ${reg.status}`);
  return loginViaApi(env.baseUrl, { username: USER, password: PASSWORD });
}

/** Today at the given local hour (browser and test share the machine's zone). */
const todayAt = (hour: number, minute = 0) => {
  const n = new Date();
  return new Date(n.getFullYear(), n.getMonth(), n.getDate(), hour, minute);
};

async function seed(env: E2E, token: string): Promise<void> {
  const events = [
    {
      title: "Quarterly Review",
      start: todayAt(10),
      minutes: 60,
      is_virtual: true,
      location: "Boardroom 2",
      description: "Numbers for Q3",
      attendees: ["ana@acme.example", "Bo Chen"],
    },
    { title: "Coffee chat with Sam", start: todayAt(8), minutes: 30, is_virtual: false, location: "Blue Bottle" },
    { title: "1:1 with Priya", start: todayAt(13), minutes: 45, is_virtual: true },
    { title: "Team happy hour", start: todayAt(16), minutes: 150, is_virtual: false },
  ];
  for (const e of events) {
    const res = await fetch(`${env.baseUrl}/api/calendar/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: e.title,
        start_time: e.start.toISOString(),
        end_time: new Date(e.start.getTime() + e.minutes * 60_000).toISOString(),
        is_virtual: e.is_virtual,
        location: e.location ?? "",
        description: e.description ?? "",
        attendees: e.attendees ?? [],
      }),
    });
    assert.equal(res.status, 201, await res.text());
  }
}

async function openCalendar(env: E2E, slug: string): Promise<Page> {
  const page = await env.newPage({ width: 1280, height: 900 });
  await page.goto("/login");
  await page.getByLabel("Email or Username").fill(USER);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  // The menu's link, as a user goes there: the app is loaded once, not again for the calendar.
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Calendar" }).click();
  await page.waitForURL(`**/org/${slug}/calendar`);
  await page.getByRole("grid", { name: "Month view" }).waitFor();
  return page;
}

describe("calendar screen", () => {
  let env: E2E;
  let user: { token: string; slug: string };
  before(async () => {
    env = await startE2E();
    user = await register(env);
    await seed(env, user.token);
  });
  after(() => env.close());

  test("month view: 3 events a cell, '+1 more' at 1280 px; 2 and '+2 more' at 390 px; search highlights", async () => {
    const page = await openCalendar(env, user.slug);
    await page.getByText("+1 more").waitFor();
    assert.equal(
      await page
        .getByRole("grid", { name: "Month view" })
        .getByRole("button", { name: /Quarterly Review|Coffee chat|1:1 with|happy hour/ })
        .count(),
      3,
    );
    await page.getByLabel("Search events").fill("coffee");
    await page.locator('[data-highlighted="true"]').first().waitFor();
    assert.equal(await page.locator('[data-highlighted="true"]').count(), 1);
    console.log("screenshot:", await env.screenshot(page, "calendar-month-1280"));
    assert.equal(await page.getByRole("region", { name: "Events this month" }).count(), 0, "no list on wide screens");
    await page.setViewportSize({ width: 1440, height: 900 });
    console.log("screenshot:", await env.screenshot(page, "calendar-month-1440"));

    // The same page on a phone. Its steps differ there (an events list under the grid opens an event; "+2 more"),
    // so they run at 390 px; the page need not be loaded and signed in again for them.
    await page.getByLabel("Search events").fill("");
    await page.locator('[data-highlighted="true"]').first().waitFor({ state: "detached" });
    await page.setViewportSize(PHONE);
    const phone = page;
    await phone.getByText("+2 more").waitFor();
    // A seventh of 390 px holds no title: cells show each event's icon, and the month's events are listed under
    // the grid with their whole titles and times, none cut.
    const grid = phone.getByRole("grid", { name: "Month view" });
    assert.equal(await grid.getByRole("button", { name: /Quarterly Review/ }).innerText(), "");
    const agenda = phone.getByRole("region", { name: "Events this month" });
    for (const text of ["8:00 AM Coffee chat with Sam", "10:00 AM Quarterly Review", "4:00 PM Team happy hour"]) {
      const chip = agenda.getByRole("button", { name: new RegExp(`^${text.split(" ").slice(2).join(" ")}`) });
      assert.equal((await chip.innerText()).trim(), text);
      assert.ok(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth), `${text} is not cut`);
    }
    assert.ok(await fitsTheWidth(phone), "the page does not scroll sideways");
    await agenda.getByRole("button", { name: /^Quarterly Review/ }).click();
    await phone.getByRole("dialog").getByText("Boardroom 2").waitFor();
    await phone.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await phone.getByRole("dialog").waitFor({ state: "detached" });
    await grid.scrollIntoViewIfNeeded();
    console.log("screenshot:", await env.screenshot(phone, "calendar-month-390"));
    await agenda.scrollIntoViewIfNeeded();
    console.log("screenshot:", await env.screenshot(phone, "calendar-month-agenda-390"));
    await phone.getByText("+2 more").click();
    await phone.getByRole("grid", { name: "Day view" }).waitFor();
    assert.ok(await fitsTheWidth(phone), "the day view does not scroll sideways");
    console.log("screenshot:", await env.screenshot(phone, "calendar-day-390"));
    await phone.getByRole("button", { name: "Week", exact: true }).click();
    await phone.getByRole("grid", { name: "Week view" }).waitFor();
    assert.ok(await fitsTheWidth(phone), "the week view does not scroll sideways");
    console.log("screenshot:", await env.screenshot(phone, "calendar-week-390"));
    await phone.getByRole("button", { name: "Year", exact: true }).click();
    await phone.getByRole("button", { name: new RegExp(`^January ${new Date().getFullYear()}$`) }).waitFor();
    assert.ok(await fitsTheWidth(phone), "the year view does not scroll sideways");
    console.log("screenshot:", await env.screenshot(phone, "calendar-year-390"));
    await phone.context().close();
  });

  test("the detail dialog: time, Virtual, duration, location, description, attendees, no fake link", async () => {
    const page = await openCalendar(env, user.slug);
    await page.getByRole("button", { name: /^Quarterly Review/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Quarterly Review").waitFor();
    for (const text of [
      "Virtual",
      "1 hour",
      "Boardroom 2",
      "Numbers for Q3",
      "ana@acme.example, Bo Chen",
      "10:00 AM – 11:00 AM",
    ]) {
      await dialog.getByText(text, { exact: false }).first().waitFor();
    }
    // No link was set: none is made up from the title (docs/calendar.md).
    await dialog.getByTestId("no-meeting-link").waitFor();
    assert.equal(await dialog.getByRole("link", { name: /Join/ }).count(), 0);
    // This server has no SMTP_URL: the meeting says its invitation is not sent, and why.
    await dialog.getByText("Invitations are not sent: no mail server is configured.").waitFor();
    console.log("screenshot:", await env.screenshot(page, "calendar-dialog-1280"));
    await atPhoneWidth(env, page, "calendar-dialog", async () => {
      await dialog.getByText("Invitations are not sent: no mail server is configured.").waitFor();
      // The dialog takes its phone size with a transition: the picture waits until it is fully shown.
      await page.waitForFunction(() => {
        for (let el = document.querySelector('[role="dialog"]'); el; el = el.parentElement)
          if (getComputedStyle(el).opacity !== "1") return false;
        return true;
      });
    });
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: /^Team happy hour/ }).count(); // hidden behind '+1 more' in month view
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: /^Team happy hour/ }).click();
    await page.getByRole("dialog").getByText("In-Person").waitFor();
    await page.getByRole("dialog").getByText("3 hours").waitFor();
    assert.equal(
      await page.getByRole("dialog").getByRole("link", { name: /Join/ }).count(),
      0,
      "no meeting link for in-person events",
    );
    await page.context().close();
  });

  test("day, week and year views; arrows and Today move the period and refetch", async () => {
    const page = await openCalendar(env, user.slug);
    await page.getByRole("button", { name: "Day", exact: true }).click();
    const day = page.getByRole("grid", { name: "Day view" });
    const hours = await day.getByRole("rowheader").allTextContents();
    assert.deepEqual(hours, [
      "7:00 AM",
      "8:00 AM",
      "9:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "1:00 PM",
      "2:00 PM",
      "3:00 PM",
      "4:00 PM",
      "5:00 PM",
    ]);
    console.log("screenshot:", await env.screenshot(page, "calendar-day-1280"));

    await page.getByRole("button", { name: "Week" }).click();
    const heads = await page.getByRole("grid", { name: "Week view" }).getByRole("columnheader").allTextContents();
    assert.deepEqual(
      heads.map((h) => h.split(" ")[0]),
      ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    );
    console.log("screenshot:", await env.screenshot(page, "calendar-week-1280"));
    const requests: string[] = [];
    page.on(
      "request",
      (r) =>
        r.url().includes("/api/calendar/events") && requests.push(new URL(r.url()).searchParams.get("start_date")!),
    );
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: /^Quarterly Review/ }).waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Today" }).click();
    await page.getByRole("button", { name: /^Quarterly Review/ }).waitFor();
    assert.ok(requests.length >= 1, "moving the anchor fetched the next week");

    await page.getByRole("button", { name: "Year" }).click();
    const month = new Date().toLocaleDateString("en-US", { month: "long" });
    const card = page.getByRole("button", { name: `${month} ${new Date().getFullYear()}` });
    await card.getByText("4 meetings").waitFor();
    assert.equal(
      await page
        .getByRole("button", {
          name: /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
        })
        .count(),
      12,
    );
    console.log("screenshot:", await env.screenshot(page, "calendar-year-1280"));
    await card.click();
    await page.getByRole("grid", { name: "Month view" }).waitFor();
    await page.context().close();
  });

  test("staff create, edit and cancel an event from the calendar", async () => {
    const page = await openCalendar(env, user.slug);
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: "New Event" }).click();
    const form = page.getByRole("dialog");
    await form.getByRole("button", { name: "Create Event" }).click();
    await form.getByText("Title is required.").waitFor();
    await form.getByLabel("Title").fill("Video walkthrough");
    const hhmm = (d: Date) => `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
    const date = todayAt(11);
    const ymd =
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-` +
      String(date.getDate()).padStart(2, "0");
    await form.getByLabel("Start", { exact: true }).fill(`${ymd}T${hhmm(todayAt(11))}`);
    await form.getByLabel("End", { exact: true }).fill(`${ymd}T${hhmm(todayAt(10))}`);
    await form.getByRole("button", { name: "Create Event" }).click();
    await form.getByText("End time must be after start time.").waitFor();
    await form.getByLabel("End", { exact: true }).fill(`${ymd}T${hhmm(todayAt(11, 30))}`);
    await form.getByRole("button", { name: "Create Event" }).click();
    await form.waitFor({ state: "detached" });
    await page.getByRole("button", { name: /^Video walkthrough/ }).click();
    await page.getByRole("dialog").getByText("30 mins").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Edit" }).click();
    await page.getByRole("dialog").getByLabel("Title").fill("Video walkthrough v2");
    await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("button", { name: /^Video walkthrough v2/ }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel Event" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel it" }).click();
    await page.getByRole("button", { name: /^Video walkthrough/ }).waitFor({ state: "detached" });
    await page.context().close();
  });

  test("a failed load shows 'Failed to load events' with a Retry that recovers", async () => {
    const page = await openCalendar(env, user.slug);
    let failing = true;
    await page.route("**/api/calendar/events?**", (route) =>
      failing
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({
              error: { code: "internal", message: "Something went wrong on our side. Please try again." },
            }),
          })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByText("Failed to load events").waitFor();
    console.log("screenshot:", await env.screenshot(page, "calendar-error-1280"));
    failing = false;
    await page.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("grid", { name: "Month view" }).waitFor();
    await page.context().close();
  });

  test("Subscribe shows a secret ICS URL once, which serves the meetings, and can be revoked", async () => {
    const page = await openCalendar(env, user.slug);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("No feed URL yet.").waitFor();
    await page.getByRole("button", { name: "Create URL" }).click();
    const url = await page.getByLabel("Calendar feed URL").inputValue();
    const ics = await fetch(url);
    assert.equal(ics.status, 200);
    assert.match(await ics.text(), /SUMMARY:Quarterly Review/);
    await page.getByRole("button", { name: "Revoke URL" }).click();
    await page.getByText("No feed URL yet.").waitFor();
    assert.equal((await fetch(url)).status, 404);
    await page.context().close();
  });
});
