import { withJoinLine, writeIcs, type MeetingText } from "./ics.ts";

/** A meeting as the subscription feed lists it. */
export type FeedEvent = MeetingText & {
  id: string;
  updatedAt: Date;
  status: "scheduled" | "cancelled";
};

/** The subscription feed (Google Calendar, Outlook, Apple Calendar): every meeting, cancelled ones marked so. */
export function feedIcs(opts: { name: string; host: string; now: Date; events: FeedEvent[] }): string {
  return writeIcs({
    product: "Calendar",
    method: "PUBLISH",
    name: opts.name,
    refreshSeconds: 3600,
    events: opts.events.map((e) => ({
      uid: `${e.id}@${opts.host}`,
      stamp: opts.now,
      updatedAt: e.updatedAt,
      title: e.title,
      description: withJoinLine(e),
      location: e.location,
      url: e.meetingUrl,
      startAt: e.startAt,
      endAt: e.endAt,
      status: e.status === "cancelled" ? "cancelled" : "confirmed",
    })),
  });
}
