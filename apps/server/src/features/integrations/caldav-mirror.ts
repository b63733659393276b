import type { CalendarEvent } from "@parley/shared/calendar";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { ExternalCalendar } from "../calendar/external-calendar.ts";
import type { CaldavClient } from "./caldav-client.ts";
import type { ConnectedCaldav } from "./integrations.service.ts";
import type { IntegrationsRepo } from "./integrations.repo.ts";

type Deps = {
  repo: IntegrationsRepo;
  client: CaldavClient;
  clock: Clock;
  log: Logger;
  /** The organisation's connection with its password opened, or null when none. */
  connection(orgId: string): Promise<ConnectedCaldav | null>;
  /** The meeting's UID is `<event id>@<uidHost>`, the same as its email invitation's, so a calendar that gets both shows one meeting. */
  uidHost: string;
};

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The calendar feature's ExternalCalendar over the organisation's CalDAV connection. Every outcome is kept on
 * the connection (connected / unreachable with the reason), so Settings → Integrations shows what happened.
 */
export function createCaldavMirror({ repo, client, clock, log, connection, uidHost }: Deps): ExternalCalendar {
  async function track<T>(orgId: string, c: ConnectedCaldav, what: string, work: () => Promise<T>): Promise<T> {
    try {
      const out = await work();
      if (c.status !== "connected") await repo.setCaldavStatus(orgId, "connected", null, clock.now());
      return out;
    } catch (err) {
      log.warn({ err, orgId }, `CalDAV ${what} failed`);
      await repo.setCaldavStatus(orgId, "unreachable", reason(err), clock.now());
      throw err;
    }
  }

  const meeting = (e: CalendarEvent) => ({
    uid: `${e.id}@${uidHost}`, title: e.title, description: e.description, location: e.location,
    meetingUrl: e.meeting_url, startAt: new Date(e.start_time), endAt: new Date(e.end_time),
  });

  async function write(orgId: string, event: CalendarEvent): Promise<void> {
    const c = await connection(orgId);
    if (!c) return;
    const before = await repo.mirrorOf(orgId, event.id);
    await track(orgId, c, "write", async () => {
      const at = await client.put(c.account, c.calendarUrl, meeting(event), clock.now(), before && { url: before.object_url, etag: before.etag });
      await repo.saveMirror(orgId, event.id, at.url, at.etag);
    }).catch(() => undefined);
  }

  return {
    async busy(orgId, from, to, zone) {
      const c = await connection(orgId);
      if (!c) return { busy: [], unreachable: null };
      try {
        return { busy: await track(orgId, c, "read", () => client.busy(c.account, c.calendarUrl, from, to, zone)), unreachable: null };
      } catch (err) {
        return { busy: [], unreachable: reason(err) };
      }
    },
    booked: write,
    changed: write,
    async cancelled(orgId, event) {
      const c = await connection(orgId);
      const before = c && (await repo.mirrorOf(orgId, event.id));
      if (!c || !before) return;
      await track(orgId, c, "delete", async () => {
        await client.remove(c.account, before.object_url);
        await repo.deleteMirror(orgId, event.id);
      }).catch(() => undefined);
    },
  };
}
