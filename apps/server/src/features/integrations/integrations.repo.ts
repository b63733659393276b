import type { IntegrationStatus } from "@parley/shared/integrations";
import type { Queryable } from "../../platform/db.ts";

/** What is kept of a CalDAV connection besides its encrypted password. */
export type CaldavSettings = { url: string; username: string; calendar_url: string; calendar_name: string };

export type CaldavRow = {
  settings: CaldavSettings;
  secret_ciphertext: string;
  status: IntegrationStatus;
  last_error: string | null;
  last_checked_at: Date | null;
  connected_at: Date;
};

/** A Parley meeting's copy in the team's calendar: where it is (null until first written) and what is left to do. */
export type MirrorRow = {
  event_id: string;
  object_url: string | null;
  etag: string | null;
  pending: "write" | "delete" | null;
};

/**
 * Saves one organisation's connection of a kind (CalDAV, HubSpot): connecting again replaces the settings and
 * the sealed secret, and the connection starts over as connected.
 */
export async function saveConnection(
  db: Queryable,
  c: { orgId: string; kind: "caldav" | "hubspot"; userId: string; settings: object; ciphertext: string; at: Date },
): Promise<void> {
  await db.query(
    `insert into integrations (org_id, kind, settings, secret_ciphertext, status, last_error, last_checked_at,
      connected_by, connected_at)
     values ($1, $2, $3, $4, 'connected', null, $5, $6, $5)
     on conflict (org_id, kind) do update
       set settings = excluded.settings, secret_ciphertext = excluded.secret_ciphertext,
       status = 'connected', last_error = null, last_checked_at = excluded.last_checked_at,
       connected_by = excluded.connected_by, connected_at = excluded.connected_at`,
    [c.orgId, c.kind, JSON.stringify(c.settings), c.ciphertext, c.at, c.userId],
  );
}

export function createIntegrationsRepo(db: Queryable) {
  return {
    async caldav(orgId: string): Promise<CaldavRow | null> {
      const [row] = await db.query<CaldavRow>(
        `select settings, secret_ciphertext, status, last_error, last_checked_at, connected_at
         from integrations where org_id = $1 and kind = 'caldav'`,
        [orgId],
      );
      return row ?? null;
    },
    /** Connecting again replaces the connection (a new address or password) and forgets the old status. */
    saveCaldav: (orgId: string, userId: string, settings: CaldavSettings, ciphertext: string, at: Date) =>
      saveConnection(db, { orgId, kind: "caldav", userId, settings, ciphertext, at }),
    async setCaldavStatus(orgId: string, status: IntegrationStatus, error: string | null, at: Date): Promise<void> {
      await db.query(
        `update integrations set status = $2, last_error = $3, last_checked_at = $4 where org_id = $1
          and kind = 'caldav'`,
        [orgId, status, error, at],
      );
    },
    /** Disconnecting forgets which objects mirrored which meetings: they belong to a calendar no longer used. */
    async forgetMirrors(orgId: string): Promise<void> {
      await db.query("delete from caldav_events where org_id = $1", [orgId]);
    },
    async deleteCaldav(orgId: string): Promise<boolean> {
      await db.query("delete from caldav_events where org_id = $1", [orgId]);
      const rows = await db.query("delete from integrations where org_id = $1 and kind = 'caldav' returning org_id", [
        orgId,
      ]);
      return rows.length > 0;
    },
    async mirrorOf(orgId: string, eventId: string): Promise<MirrorRow | null> {
      const [row] = await db.query<MirrorRow>(
        "select event_id, object_url, etag, pending from caldav_events where org_id = $1 and event_id = $2",
        [orgId, eventId],
      );
      return row ?? null;
    },
    async saveMirror(orgId: string, eventId: string, objectUrl: string, etag: string | null): Promise<void> {
      await db.query(
        `insert into caldav_events (event_id, org_id, object_url, etag, pending) values ($1, $2, $3, $4, null)
         on conflict (event_id) do update set object_url = excluded.object_url, etag = excluded.etag, pending = null`,
        [eventId, orgId, objectUrl, etag],
      );
    },
    /** Remembers what is left to do once the calendar answers (the object's address, if any, is kept). */
    async markPending(orgId: string, eventId: string, pending: "write" | "delete"): Promise<void> {
      await db.query(
        `insert into caldav_events (event_id, org_id, pending) values ($1, $2, $3)
         on conflict (event_id) do update set pending = excluded.pending`,
        [eventId, orgId, pending],
      );
    },
    /** The oldest work left over from an outage, a bounded batch at a time. */
    pending: (orgId: string, limit: number) =>
      db.query<MirrorRow>(
        `select event_id, object_url, etag, pending from caldav_events where org_id = $1 and pending is not null
          order by created_at limit $2`,
        [orgId, limit],
      ),
    async deleteMirror(orgId: string, eventId: string): Promise<void> {
      await db.query("delete from caldav_events where org_id = $1 and event_id = $2", [orgId, eventId]);
    },
  };
}
export type IntegrationsRepo = ReturnType<typeof createIntegrationsRepo>;
