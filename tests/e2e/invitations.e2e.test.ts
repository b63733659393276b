import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import { startE2E, type E2E } from "../support/e2e.ts";
import { newApiUser, signIn, type E2ESession, type E2EUser } from "../support/e2e-users.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../support/smtp-receiver.ts";
import { until } from "../support/until.ts";
import { atPhoneWidth } from "../support/phone-width.ts";

/** A meeting's detail shows that its invitation email went out (the no-SMTP message is in calendar.e2e.test.ts). */
describe("calendar: a meeting's email invitation", () => {
  let env: E2E;
  let rx: SmtpReceiver;
  let session: E2ESession & { user: E2EUser };
  let eventId: string;
  before(async () => {
    rx = await startSmtpReceiver();
    env = await startE2E({ env: { SMTP_URL: rx.url, SMTP_FROM: "Parley <meetings@parley.example>" } });
    session = await newApiUser(env.baseUrl, "Invite Co");
    const n = new Date();
    const start = new Date(n.getFullYear(), n.getMonth(), n.getDate(), 10);
    const res = await fetch(`${env.baseUrl}/api/calendar/events`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.token}` },
      body: JSON.stringify({
        title: "Client demo",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
        attendees: ["ana@acme.example"],
      }),
    });
    const text = await res.text();
    assert.equal(res.status, 201, text);
    eventId = (JSON.parse(text) as { event: { id: string } }).event.id;
    await until(() => rx.received.length === 1, { what: "invitation received", ms: 30_000 });
  });
  after(async () => {
    await env?.close(); // undefined when the server failed to start: the receiver must still close
    await rx?.close();
  });

  test("the meeting's detail says its invitation was emailed, to whom, at 1440 and 390 px; the API too", async () => {
    const res = await fetch(`${env.baseUrl}/api/calendar/events/${eventId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const { event } = (await res.json()) as {
      event: { invitation: { status: string; method: string; sequence: number } };
    };
    assert.deepEqual(
      [event.invitation.status, event.invitation.method, event.invitation.sequence],
      ["sent", "REQUEST", 0],
    );

    const page = await env.newPage({ width: 1440, height: 900 });
    await signIn(page, session.user);
    // The same steps on a phone: the open dialog is looked at on a 390 px screen, not opened a second time.
    await page.goto(`/org/${session.slug}/calendar`);
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await page.getByRole("button", { name: /^Client demo/ }).click();
    const dialog = page.getByRole("dialog");
    const says = async () => {
      await dialog.getByText("Invitation sent").waitFor();
      // The contact and the organisation's own address (its contact email from sign-up).
      await dialog.getByText(/Invitation emailed to ana@acme\.example, ops\.\w+@example\.com on /).waitFor();
    };
    await says();
    // The dialog fades in: wait until it is fully shown before the screenshot.
    await page.waitForFunction(() => {
      for (let el = document.querySelector('[role="dialog"]'); el; el = el.parentElement)
        if (getComputedStyle(el).opacity !== "1") return false;
      return true;
    });
    console.log("screenshot:", await env.screenshot(page, "calendar-invitation-sent-1440"));
    await atPhoneWidth(env, page, "calendar-invitation-sent", says);
    await page.context().close();
  });
});
