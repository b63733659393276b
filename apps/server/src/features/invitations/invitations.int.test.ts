import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import ICAL from "ical.js";
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from "../../../../../tests/support/smtp-receiver.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { until } from "../../../../../tests/support/until.ts";
import { createLogger } from "../../platform/logger.ts";
import { startInvitationLoop } from "./invitations.wiring.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

const log = createLogger({ logLevel: "silent" } as never);
const FROM = "meetings@parley.example";

/** The invitation's ICS (the invite.ics / cancel.ics attachment), parsed with ical.js. */
function icsOf(m: ReceivedMail) {
  const file = m.mail.attachments.find((a) => /\.ics$/.test(a.filename ?? ""));
  assert.ok(
    file,
    `an .ics attachment in ${m.mail.attachments.map((a) => `${a.contentType} ${a.filename}`).join(", ")}`,
  );
  const cal = new ICAL.Component(ICAL.parse(file.content.toString("utf8")));
  for (const tz of cal.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(tz);
  const vevent = cal.getFirstSubcomponent("vevent")!;
  const ev = new ICAL.Event(vevent);
  return {
    method: cal.getFirstPropertyValue("method"),
    uid: ev.uid,
    sequence: ev.sequence,
    summary: ev.summary,
    tzid: vevent.getFirstProperty("dtstart")!.getParameter("tzid"),
    start: ev.startDate.toJSDate().toISOString(),
    end: ev.endDate.toJSDate().toISOString(),
    organizer: String(vevent.getFirstPropertyValue("organizer")),
    attendees: vevent.getAllProperties("attendee").map((p) =>
      String(p.getFirstValue())
        .replace(/^mailto:/i, "")
        .toLowerCase(),
    ),
  };
}

for (const kind of await routeDbKinds()) {
  describe(`meeting invitations by email (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let rx: SmtpReceiver;
    let loop: ReturnType<typeof startInvitationLoop>;
    /** The organisation's own address (its contact email from sign-up), which gets a copy of every invitation. */
    let orgEmail: string;
    before(async () => {
      rx = await startSmtpReceiver();
      t = await startTestApp(kind, { env: { SMTP_URL: rx.url, SMTP_FROM: `Parley <${FROM}>` } });
      owner = await buildUser(t);
      orgEmail = (
        await t.db.query<{ contact_email: string }>("select contact_email from organizations where id = $1", [
          owner.orgId,
        ])
      )[0]!.contact_email;
      assert.match(orgEmail, /^ops\./);
      loop = startInvitationLoop(t.services.invitations, { log, intervalMs: 50 });
    });
    after(async () => {
      await loop.stop();
      await rx.close();
      await t.close();
    });
    const event = async (id: string, who = owner) =>
      (await t.request("GET", `/api/calendar/events/${id}`, { token: who.token })).body.event;
    const mailsFor = (uid: string) =>
      rx.received.filter((m) => m.mail.attachments.some((a) => a.content.toString().includes(`UID:${uid}`)));
    async function contact(u: TestUser, email: string | null, persona: string | null = null) {
      const campaignId = await insertCampaign(t.db, u.orgId, {
        name: "Invites",
        service: "sales",
        timezone: "America/New_York",
      });
      return insertContact(t.db, u.orgId, campaignId, {
        name: "Maya Patel",
        phone_e164: "+12025550143",
        email,
        persona,
      });
    }

    test("a booking invites contact and org (REQUEST); a reschedule raises SEQUENCE; a cancel: CANCEL", async () => {
      const contactId = await contact(owner, "maya@client.example");
      const booked = await t.services.calendar.service.bookMeeting(owner.orgId, {
        title: "Premium plan demo",
        startAt: "2030-01-07T15:00:00Z",
        durationMinutes: 30,
        timezone: "America/New_York",
        businessHours: { start: "09:00", end: "17:00" },
        contactId,
      });
      assert.ok(booked.booked);
      const id = booked.event.id;
      const uid = `${id}@parley`;
      await until(async () => (await event(id)).invitation.status === "sent", { what: "invitation sent", ms: 20_000 });
      const [first] = mailsFor(uid);
      assert.deepEqual(first!.envelopeTo.sort(), ["maya@client.example", orgEmail].sort());
      assert.match(
        first!.mail.subject ?? "",
        /^Invitation: Premium plan demo @ Mon 7 Jan 2030, 10:00–10:30 \(America\/New_York\)/,
      );
      assert.match(
        first!.raw,
        /Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i,
        "an inline iTIP part calendar apps show as an invitation",
      );
      const ics = icsOf(first!);
      assert.deepEqual(
        [ics.method, ics.uid, ics.sequence, ics.summary, ics.tzid],
        ["REQUEST", uid, 0, "Premium plan demo", "America/New_York"],
      );
      assert.deepEqual(
        [ics.start, ics.end],
        ["2030-01-07T15:00:00.000Z", "2030-01-07T15:30:00.000Z"],
        "10:00 New York time is 15:00 UTC",
      );
      assert.equal(ics.organizer.toLowerCase(), `mailto:${FROM}`);
      assert.deepEqual(ics.attendees.sort(), ["maya@client.example", orgEmail].sort());
      const shown = (await event(id)).invitation;
      assert.deepEqual([shown.method, shown.sequence, shown.attempts, shown.last_error], ["REQUEST", 0, 1, null]);
      assert.ok(shown.sent_at);

      const moved = await t.request("PUT", `/api/calendar/events/${id}`, {
        token: owner.token,
        body: { start_time: "2030-01-08T16:00:00Z", end_time: "2030-01-08T16:30:00Z" },
      });
      assert.equal(moved.status, 200, moved.text);
      await until(() => mailsFor(uid).length === 2, { what: "update sent", ms: 20_000 });
      const update = icsOf(mailsFor(uid)[1]!);
      assert.deepEqual(
        [update.method, update.uid, update.sequence, update.start],
        ["REQUEST", uid, 1, "2030-01-08T16:00:00.000Z"],
      );
      assert.match(mailsFor(uid)[1]!.mail.subject ?? "", /^Updated invitation:/);

      const cancelled = await t.request("DELETE", `/api/calendar/events/${id}`, { token: owner.token });
      assert.equal(cancelled.status, 200);
      assert.equal(cancelled.body.event.invitation.method, "CANCEL");
      await until(() => mailsFor(uid).length === 3, { what: "cancel sent", ms: 20_000 });
      const cancel = icsOf(mailsFor(uid)[2]!);
      assert.deepEqual([cancel.method, cancel.uid, cancel.sequence], ["CANCEL", uid, 2]);
      assert.match(mailsFor(uid)[2]!.raw, /method=CANCEL/i);
      await t.request("DELETE", `/api/calendar/events/${id}`, { token: owner.token });
      const queued = await t.db.query("select id from meeting_invitations where event_id = $1", [id]);
      assert.equal(queued.length, 3, "cancelling again sends no second CANCEL");
    });

    test("a simulated callee (a contact with a persona, like the demo's) is not emailed; the org is", async () => {
      const contactId = await contact(owner, "priya@sharma-traders.example", "interested");
      const booked = await t.services.calendar.service.bookMeeting(owner.orgId, {
        title: "Demo callee",
        startAt: "2030-01-09T15:00:00Z",
        durationMinutes: 30,
        timezone: "America/New_York",
        businessHours: { start: "09:00", end: "17:00" },
        contactId,
      });
      assert.ok(booked.booked);
      await until(async () => (await event(booked.event.id)).invitation.status === "sent", {
        what: "invitation sent",
        ms: 20_000,
      });
      assert.deepEqual((await event(booked.event.id)).invitation.recipients, [orgEmail]);
    });

    test("with the mail server down the booking stands, the invitation waits; once back, it is sent", async () => {
      await rx.close();
      const made = await t.request("POST", "/api/calendar/events", {
        token: owner.token,
        body: {
          title: "Pricing call",
          start_time: "2030-02-04T14:00:00Z",
          end_time: "2030-02-04T14:30:00Z",
          timezone: "Europe/Berlin",
          attendees: ["ana@acme.example", "Bo"],
        },
      });
      assert.equal(made.status, 201, made.text);
      const id = made.body.event.id;
      await until(async () => (await event(id)).invitation.attempts === 1, {
        what: "first attempt failed",
        ms: 20_000,
      });
      const waiting = (await event(id)).invitation;
      assert.equal(waiting.status, "pending");
      assert.ok(waiting.last_error, "says why it has not gone out");
      const wait = Date.parse(waiting.next_attempt_at) - Date.now();
      assert.ok(wait > 0 && wait <= 5_000, `retried after a growing delay, first 5 s (${wait} ms)`);
      await rx.listen();
      // Time moves on: the retry falls due (the schedule is platform/retry-schedule.ts, tested with webhooks).
      await t.db.query("update meeting_invitations set next_attempt_at = now() where event_id = $1", [id]);
      await until(async () => (await event(id)).invitation.status === "sent", { what: "retry sent", ms: 20_000 });
      const [mail] = mailsFor(`${id}@parley`);
      assert.deepEqual(
        mail!.envelopeTo.sort(),
        ["ana@acme.example", orgEmail].sort(),
        "email-shaped attendees are invited; 'Bo' is not an address",
      );
      const ics = icsOf(mail!);
      assert.deepEqual([ics.tzid, ics.start], ["Europe/Berlin", "2030-02-04T14:00:00.000Z"]);
      assert.equal((await event(id)).invitation.attempts, 2);
    });

    test("tenancy: another org sees no invitation; its bookings never reach this one's contacts or owner", async () => {
      const ours = await t.request("POST", "/api/calendar/events", {
        token: owner.token,
        body: {
          title: "Ours",
          start_time: "2030-03-04T14:00:00Z",
          end_time: "2030-03-04T14:30:00Z",
          timezone: "UTC",
        },
      });
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/calendar/events/${ours.body.event.id}` });
      const other = await buildUser(t);
      // An organisation without a contact email gets its copy at its owner's address.
      await t.db.query("update organizations set contact_email = '' where id = $1", [other.orgId]);
      const ourContact = await contact(owner, "secret-client@ours.example");
      const theirs = await t.request("POST", "/api/calendar/events", {
        token: other.token,
        body: {
          title: "Theirs",
          start_time: "2030-03-05T14:00:00Z",
          end_time: "2030-03-05T14:30:00Z",
          timezone: "UTC",
          contact_id: ourContact,
        },
      });
      assert.equal(theirs.status, 201, theirs.text);
      await until(async () => (await event(theirs.body.event.id, other)).invitation.status === "sent", {
        what: "their invitation sent",
        ms: 20_000,
      });
      const [mail] = mailsFor(`${theirs.body.event.id}@parley`);
      assert.deepEqual(
        mail!.envelopeTo,
        [other.email],
        "only their owner (they have no contact email): our contact's address is not theirs to read",
      );
      const listed = (
        await t.request("GET", "/api/calendar/events?start_date=2030-03-01&end_date=2030-03-31", { token: other.token })
      ).body.events;
      assert.deepEqual(
        listed.map((e: { title: string }) => e.title),
        ["Theirs"],
      );
    });
  });
}
