/** What every calendar copy of a meeting says: the feed's, the invitation's and the team calendar's. */
export type MeetingText = {
  title: string;
  description: string;
  location: string;
  meetingUrl: string | null;
  startAt: Date;
  endAt: Date;
};

/** RFC 5545 calendar text for subscription feeds (Google Calendar, Outlook, Apple Calendar). */
export type IcsEvent = MeetingText & {
  id: string;
  updatedAt: Date;
  status: "scheduled" | "cancelled";
};

/** 20300102T100000Z: UTC date-time form (RFC 5545 §3.3.5, form #2). */
export function icsDateTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeText(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line at 75 octets (§3.1): continuation lines start with one space. Splits on
 * UTF-8 byte counts without cutting a multi-byte character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, "utf8");
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (bytes + size > limit) {
      parts.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function eventLines(e: IcsEvent, host: string, stamp: Date): string[] {
  const description = e.meetingUrl ? [e.description, `Join: ${e.meetingUrl}`].filter(Boolean).join("\n\n") : e.description;
  return [
    "BEGIN:VEVENT",
    `UID:${e.id}@${host}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `LAST-MODIFIED:${icsDateTime(e.updatedAt)}`,
    `DTSTART:${icsDateTime(e.startAt)}`,
    `DTEND:${icsDateTime(e.endAt)}`,
    `SUMMARY:${escapeText(e.title)}`,
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    ...(e.location ? [`LOCATION:${escapeText(e.location)}`] : []),
    ...(e.meetingUrl ? [`URL:${e.meetingUrl}`] : []),
    `STATUS:${e.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
  ];
}

/** A whole VCALENDAR; lines end in CRLF as the RFC requires. */
export function buildIcs(opts: { name: string; host: string; now: Date; events: IcsEvent[] }): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Parley//Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    "X-PUBLISHED-TTL:PT1H",
    ...opts.events.flatMap((e) => eventLines(e, opts.host, opts.now)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
