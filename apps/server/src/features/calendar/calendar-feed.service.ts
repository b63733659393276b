import crypto from "node:crypto";
import type { FeedStatus } from "@parley/shared/calendar";
import type { Clock } from "../../platform/clock.ts";
import type { Db } from "../../platform/db.ts";
import type { CalendarRepo } from "./calendar.repo.ts";
import { feedIcs } from "./feed-ics.ts";

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
/** Subscribers see meetings from this far back; older ones are history nobody syncs. */
const FEED_HISTORY_DAYS = 90;

/** The per-org secret ICS feed: only a hash of the token is stored, so the URL is shown once. */
export function createCalendarFeedService(deps: { db: Db; repo: CalendarRepo; clock: Clock }) {
  const { db, repo, clock } = deps;
  return {
    async status(orgId: string): Promise<FeedStatus> {
      const feed = await repo.activeFeed(orgId);
      return { active: Boolean(feed), created_at: feed?.created_at.toISOString() ?? null };
    },
    /** Creates a new secret token, revoking any previous one; answers the token in clear once. */
    async rotate(orgId: string): Promise<{ token: string; createdAt: Date }> {
      const token = crypto.randomBytes(24).toString("base64url");
      const row = await db.tx((tx) => repo.rotateFeed(tx, orgId, hashToken(token)));
      return { token, createdAt: row.created_at };
    },
    revoke: (orgId: string) => repo.revokeFeed(orgId),
    /** The calendar text for a token, or null when the token is unknown or revoked. */
    async ics(token: string, host: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
      const orgId = await repo.feedOrg(hashToken(token));
      if (!orgId) return null;
      const now = clock.now();
      const rows = await repo.feedEvents(orgId, new Date(now.getTime() - FEED_HISTORY_DAYS * 86_400_000));
      return feedIcs({
        name: "Parley meetings",
        host,
        now,
        events: rows.map((r) => ({
          id: r.id,
          title: r.title,
          description: r.description,
          location: r.location,
          meetingUrl: r.meeting_url,
          startAt: r.start_at,
          endAt: r.end_at,
          updatedAt: r.updated_at,
          status: r.status,
        })),
      });
    },
  };
}
export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>;
