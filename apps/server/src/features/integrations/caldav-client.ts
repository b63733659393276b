import {
  createCalendarObject,
  createDAVClient,
  type DAVCalendar,
  deleteCalendarObject,
  fetchCalendarObjects,
  getBasicAuthHeaders,
  updateCalendarObject,
} from "tsdav";
import { createCaldavFetch, CalendarUnreachable } from "./caldav-fetch.ts";
import { busyFromIcs, meetingIcs, type Busy, type MirroredMeeting } from "./caldav-ics.ts";

export type CaldavAccount = { url: string; username: string; password: string };
export type CaldavCalendar = { calendarUrl: string; calendarName: string };
/** Why a connection was refused, and which field of the form to fix. */
export class CaldavConnectError extends Error {
  constructor(
    readonly field: "url" | "password",
    message: string,
  ) {
    super(message);
  }
}
/** The server answered, but not with success (a revoked password, a deleted calendar, a full disk). */
export class CalendarRefused extends Error {}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/** tsdav over the checked fetch: a status of 400 or more on a request that must work is an error. */
function strict(f: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await f(input, init);
    if (res.status === 401 || res.status === 403)
      throw new CalendarRefused(`the calendar server refused the username or password (HTTP ${res.status})`);
    if (res.status >= 400)
      throw new CalendarRefused(`the calendar server answered HTTP ${res.status} ${res.statusText}`.trim());
    return res;
  };
}

/** The team's calendar over CalDAV (tsdav): find the calendar, read busy times, write and remove meetings. */
export function createCaldavClient(o: { allowPrivate: boolean; timeoutMs: number }) {
  const base = createCaldavFetch(o);
  const headers = (a: CaldavAccount) => getBasicAuthHeaders({ username: a.username, password: a.password });

  return {
    /**
     * Discovers the account's calendars (RFC 6764 well-known, principal, home set) and picks the one at the
     * given address, else the first that holds events. Throws CaldavConnectError with a message a user can act on.
     */
    async connect(a: CaldavAccount): Promise<CaldavCalendar> {
      const statuses: number[] = [];
      const recording: typeof fetch = async (input, init) => {
        const res = await base(input, init);
        statuses.push(res.status);
        return res;
      };
      let calendars: DAVCalendar[];
      try {
        const client = await createDAVClient({
          serverUrl: a.url,
          credentials: { username: a.username, password: a.password },
          authMethod: "Basic",
          defaultAccountType: "caldav",
          fetch: recording,
        });
        calendars = await client.fetchCalendars();
      } catch (err) {
        if (err instanceof CalendarUnreachable)
          throw new CaldavConnectError(
            "url",
            `Could not reach the calendar server: ${err.message}. Check the address.`,
          );
        calendars = [];
      }
      if (statuses.some((s) => s === 401 || s === 403)) {
        throw new CaldavConnectError(
          "password",
          "The calendar server refused this username and password. For iCloud and Fastmail use an app password.",
        );
      }
      const withEvents = calendars.filter((c) => !c.components || c.components.includes("VEVENT"));
      const chosen = withEvents.find((c) => sameUrl(c.url, a.url)) ?? withEvents[0];
      if (!chosen) {
        throw new CaldavConnectError(
          "url",
          "No calendar was found at this address. Enter your server's CalDAV address, such as " +
            "https://caldav.fastmail.com/ or https://cloud.example.com/remote.php/dav/.",
        );
      }
      const name =
        typeof chosen.displayName === "string" && chosen.displayName
          ? chosen.displayName
          : decodeURIComponent(new URL(chosen.url).pathname.split("/").filter(Boolean).at(-1) ?? "Calendar");
      return { calendarUrl: chosen.url, calendarName: name };
    },

    /** Busy times between two instants (CalDAV calendar-query with a time range, then expanded here). */
    async busy(a: CaldavAccount, calendarUrl: string, from: number, to: number, zone: string): Promise<Busy[]> {
      const objects = await fetchCalendarObjects({
        calendar: { url: calendarUrl },
        timeRange: { start: new Date(from).toISOString(), end: new Date(to).toISOString() },
        headers: headers(a),
        fetch: strict(base),
      });
      return busyFromIcs(objects.map((ob) => ob.data ?? "").filter(Boolean), from, to, zone);
    },

    /** Writes a meeting: a new object, or the one written before (a reschedule). Answers where it is. */
    async put(
      a: CaldavAccount,
      calendarUrl: string,
      m: MirroredMeeting,
      now: Date,
      existing: { url: string; etag: string | null } | null,
    ) {
      const iCalString = meetingIcs(m, now);
      const f = strict(base);
      if (existing) {
        const res = await updateCalendarObject({
          calendarObject: { url: existing.url, data: iCalString },
          headers: headers(a),
          fetch: f,
        });
        return { url: existing.url, etag: res.headers.get("etag") };
      }
      const filename = `${encodeURIComponent(m.uid)}.ics`;
      const res = await createCalendarObject({
        calendar: { url: calendarUrl },
        filename,
        iCalString,
        headers: headers(a),
        fetch: f,
      });
      return {
        url: new URL(filename, calendarUrl.endsWith("/") ? calendarUrl : `${calendarUrl}/`).href,
        etag: res.headers.get("etag"),
      };
    },

    /** Removes a meeting; one already gone (deleted by hand in the calendar app) counts as removed. */
    async remove(a: CaldavAccount, url: string): Promise<void> {
      try {
        await deleteCalendarObject({ calendarObject: { url, data: "" }, headers: headers(a), fetch: strict(base) });
      } catch (err) {
        if (!(err instanceof CalendarRefused && /HTTP 404/.test(err.message))) throw err;
      }
    },
  };
}
export type CaldavClient = ReturnType<typeof createCaldavClient>;
