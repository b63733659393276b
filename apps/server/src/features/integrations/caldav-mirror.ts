import type { CalendarEvent } from "@parley/shared/calendar";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { ExternalCalendar } from "../calendar/external-calendar.ts";
import type { CaldavClient } from "./caldav-client.ts";
import { PasswordUnreadable, type ConnectedCaldav } from "./integrations.service.ts";
import type { IntegrationsRepo, MirrorRow } from "./integrations.repo.ts";

type Deps = {
  repo: IntegrationsRepo;
  client: CaldavClient;
  clock: Clock;
  log: Logger;
  /** The organisation's connection with its password opened, or null when none. */
  connection(orgId: string): Promise<ConnectedCaldav | null>;
  /** A meeting as it is now, or null once cancelled or gone (the calendar service's `get`). */
  meeting(orgId: string, eventId: string): Promise<CalendarEvent | null>;
  /** Meetings between two dates (YYYY-MM-DD, UTC, inclusive), cancelled ones included. */
  upcoming(orgId: string, startDate: string, endDate: string): Promise<CalendarEvent[]>;
  /**
   * The meeting's UID is `<event id>@<uidHost>`, the same as its email
   * invitation's, so a calendar that gets both shows one meeting.
   */
  uidHost: string;
};

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const CATCH_UP_BATCH = 100;
const CATCH_UP_BATCHES = 10;
const UPCOMING_DAYS = 365;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The calendar feature's ExternalCalendar over the organisation's CalDAV connection. Every outcome is kept on
 * the connection (connected / unreachable with the reason), so Settings → Integrations shows what happened; what
 * could not be written or removed during an outage is remembered and done when the calendar answers again.
 */
export function createCaldavMirror({ repo, client, clock, log, connection: open, meeting, upcoming, uidHost }: Deps) {
  const catchingUp = new Set<string>();

  /**
   * The connection, or null; a password that no longer decrypts (INTEGRATIONS_KEY changed) is an outage, not a crash.
   */
  async function connection(orgId: string): Promise<ConnectedCaldav | null> {
    try {
      return await open(orgId);
    } catch (err) {
      if (!(err instanceof PasswordUnreadable)) throw err;
      await repo.setCaldavStatus(orgId, "unreachable", err.message, clock.now());
      return { ...err.connection, status: "unreachable", unreadable: err.message };
    }
  }

  async function track<T>(orgId: string, c: ConnectedCaldav, what: string, work: () => Promise<T>): Promise<T> {
    try {
      const out = await work();
      if (c.status !== "connected") {
        c.status = "connected";
        await repo.setCaldavStatus(orgId, "connected", null, clock.now());
        void catchUp(orgId); // back after an outage: do what was left (not awaited: a call may be waiting)
      }
      return out;
    } catch (err) {
      log.warn({ err, orgId }, `CalDAV ${what} failed`);
      await repo.setCaldavStatus(orgId, "unreachable", reason(err), clock.now());
      throw err;
    }
  }

  const toIcs = (e: CalendarEvent) => ({
    uid: `${e.id}@${uidHost}`,
    title: e.title,
    description: e.description,
    location: e.location,
    meetingUrl: e.meeting_url,
    startAt: new Date(e.start_time),
    endAt: new Date(e.end_time),
  });

  async function put(orgId: string, c: ConnectedCaldav, event: CalendarEvent, before: MirrorRow | null) {
    const existing = before?.object_url ? { url: before.object_url, etag: before.etag } : null;
    const at = await client.put(c.account, c.calendarUrl, toIcs(event), clock.now(), existing);
    await repo.saveMirror(orgId, event.id, at.url, at.etag);
  }
  async function remove(orgId: string, c: ConnectedCaldav, row: MirrorRow) {
    if (row.object_url) await client.remove(c.account, row.object_url);
    await repo.deleteMirror(orgId, row.event_id);
  }

  async function write(orgId: string, event: CalendarEvent, o: { deferred?: boolean } = {}): Promise<void> {
    const c = await connection(orgId);
    if (!c) return;
    if (o.deferred || c.unreadable) return repo.markPending(orgId, event.id, "write");
    const before = await repo.mirrorOf(orgId, event.id);
    await track(orgId, c, "write", () => put(orgId, c, event, before)).catch(() =>
      repo.markPending(orgId, event.id, "write"),
    );
  }

  /** Writes or removes, oldest first, what an outage left; stops at the first failure (the next success resumes). */
  async function catchUp(orgId: string, batches = CATCH_UP_BATCHES): Promise<void> {
    if (catchingUp.has(orgId)) return;
    catchingUp.add(orgId);
    try {
      const c = await connection(orgId);
      if (!c || c.unreadable) return;
      for (let batch = 0; batch < batches; batch++) {
        const rows = await repo.pending(orgId, CATCH_UP_BATCH);
        for (const row of rows) {
          const now = row.pending === "write" ? await meeting(orgId, row.event_id) : null;
          await track(orgId, c, "catch-up", () => (now ? put(orgId, c, now, row) : remove(orgId, c, row)));
        }
        if (rows.length < CATCH_UP_BATCH) break;
      }
    } catch {
      // already logged and shown on the connection; the work stays pending
    } finally {
      catchingUp.delete(orgId);
    }
  }

  /** A calendar just connected gets the meetings still to come (the next year's), as if each had just been booked. */
  async function copyUpcoming(orgId: string): Promise<void> {
    const now = clock.now().getTime();
    const events = await upcoming(orgId, isoDay(now), isoDay(now + UPCOMING_DAYS * 86_400_000));
    for (const e of events) {
      if (e.status === "scheduled" && Date.parse(e.end_time) > now && !(await repo.mirrorOf(orgId, e.id)))
        await repo.markPending(orgId, e.id, "write");
    }
    // The first batch before Connect answers; a team with more upcoming meetings gets the rest in the background.
    await catchUp(orgId, 1);
    void catchUp(orgId);
  }

  const external: ExternalCalendar = {
    async busy(orgId, from, to, zone) {
      const c = await connection(orgId);
      if (!c) return { busy: [], unreachable: null };
      if (c.unreadable) return { busy: [], unreachable: c.unreadable };
      try {
        return {
          busy: await track(orgId, c, "read", () => client.busy(c.account, c.calendarUrl, from, to, zone)),
          unreachable: null,
        };
      } catch (err) {
        return { busy: [], unreachable: reason(err) };
      }
    },
    booked: write,
    changed: (orgId, event) => write(orgId, event),
    async cancelled(orgId, event) {
      const c = await connection(orgId);
      const before = c && (await repo.mirrorOf(orgId, event.id));
      if (!c || !before) return;
      if (c.unreadable) return repo.markPending(orgId, event.id, "delete");
      await track(orgId, c, "delete", () => remove(orgId, c, before)).catch(() =>
        repo.markPending(orgId, event.id, "delete"),
      );
    },
  };
  return { external, catchUp, copyUpcoming };
}
