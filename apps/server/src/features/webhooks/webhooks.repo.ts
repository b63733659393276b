import type { Queryable } from "../../platform/db.ts";

export type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  secret: string;
  failing_since: Date | null;
  created_at: Date;
};
export type DeliveryRow = {
  id: string;
  endpoint_id: string;
  message_id: string;
  event_type: string;
  body: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_response: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  created_at: Date;
};
/** A leased delivery with what sending it needs. */
export type DueDelivery = {
  id: string;
  org_id: string;
  endpoint_id: string;
  message_id: string;
  body: string;
  attempts: number;
  url: string;
  /** Sealed (secret-box.ts), as every secret below. */
  secret: string;
  /** The rotated-out secret while its grace period lasts, else null. */
  previous_secret: string | null;
};
export type NewDelivery = { endpointId: string; messageId: string; eventType: string; body: string };
export type AttemptRecord = {
  status: DeliveryRow["status"];
  statusCode: number | null;
  error: string | null;
  response: string | null;
  at: Date;
  nextAt: Date;
};

const ENDPOINT = "id, url, description, events, secret, failing_since, created_at";
const DELIVERY = `id, endpoint_id, message_id, event_type, body, status, attempts, last_status_code, last_error,
  last_response,
  last_attempt_at, next_attempt_at, created_at`;

export function createWebhooksRepo(db: Queryable) {
  return {
    listEndpoints: (orgId: string) =>
      db.query<EndpointRow>(`select ${ENDPOINT} from webhook_endpoints where org_id = $1 order by created_at, id`, [
        orgId,
      ]),
    async findEndpoint(orgId: string, id: string): Promise<EndpointRow | null> {
      const [row] = await db.query<EndpointRow>(
        `select ${ENDPOINT} from webhook_endpoints where org_id = $1 and id = $2`,
        [orgId, id],
      );
      return row ?? null;
    },
    async insertEndpoint(
      orgId: string,
      e: { url: string; description: string; events: string[]; secret: string },
    ): Promise<EndpointRow> {
      const [row] = await db.query<EndpointRow>(
        `insert into webhook_endpoints (org_id, url, description, events, secret) values ($1, $2, $3, $4, $5)
          returning ${ENDPOINT}`,
        [orgId, e.url, e.description, e.events, e.secret],
      );
      return row!;
    },
    async updateEndpoint(
      orgId: string,
      id: string,
      e: { url: string; description: string; events: string[] },
    ): Promise<EndpointRow | null> {
      const [row] = await db.query<EndpointRow>(
        `update webhook_endpoints set url = $3, description = $4, events = $5, updated_at = now()
          where org_id = $1 and id = $2 returning ${ENDPOINT}`,
        [orgId, id, e.url, e.description, e.events],
      );
      return row ?? null;
    },
    async deleteEndpoint(orgId: string, id: string): Promise<boolean> {
      return (
        (await db.query("delete from webhook_endpoints where org_id = $1 and id = $2 returning id", [orgId, id]))
          .length > 0
      );
    },
    /** The organisation's endpoints that want this event. */
    subscribers: (orgId: string, eventType: string) =>
      db.query<{ id: string }>("select id from webhook_endpoints where org_id = $1 and $2 = any(events)", [
        orgId,
        eventType,
      ]),

    async insertDeliveries(orgId: string, rows: NewDelivery[], dueAt: Date): Promise<DeliveryRow[]> {
      if (!rows.length) return [];
      const values = rows
        .map((_, i) => `($1, $2, $${i * 4 + 3}, $${i * 4 + 4}, $${i * 4 + 5}, $${i * 4 + 6})`)
        .join(", ");
      return db.query<DeliveryRow>(
        `insert into webhook_deliveries (org_id, next_attempt_at, endpoint_id, message_id, event_type, body)
          values ${values}
         returning ${DELIVERY}`,
        [orgId, dueAt, ...rows.flatMap((r) => [r.endpointId, r.messageId, r.eventType, r.body])],
      );
    },
    listDeliveries: (orgId: string, endpointId: string, limit: number) =>
      db.query<DeliveryRow>(
        `select ${DELIVERY} from webhook_deliveries where org_id = $1 and endpoint_id = $2 order by created_at desc, id
          limit ${limit}`,
        [orgId, endpointId],
      ),
    async findDelivery(orgId: string, endpointId: string, id: string): Promise<DeliveryRow | null> {
      const [row] = await db.query<DeliveryRow>(
        `select ${DELIVERY} from webhook_deliveries where org_id = $1 and endpoint_id = $2 and id = $3`,
        [orgId, endpointId, id],
      );
      return row ?? null;
    },

    /**
     * Leases up to `limit` due deliveries until `leaseUntil`: rows another worker holds are skipped, and a
     * worker that died mid-send leaves its rows to be taken again once the lease has run out.
     */
    claimDue: (now: Date, leaseUntil: Date, limit: number) =>
      db.query<DueDelivery>(
        `update webhook_deliveries d set lease_until = $2
           from webhook_endpoints e
          where e.id = d.endpoint_id and d.id in (
            select id from webhook_deliveries
             where status = 'pending' and next_attempt_at <= $1 and (lease_until is null or lease_until <= $1)
             order by next_attempt_at limit ${limit} for update skip locked)
          returning d.id, d.org_id, d.endpoint_id, d.message_id, d.body, d.attempts, e.url, e.secret,
                    case when e.previous_secret_until > $1 then e.previous_secret end as previous_secret`,
        [now, leaseUntil],
      ),
    /** The new sealed secret in place; the current one kept as the previous until `graceUntil`. Null: none such. */
    async rotateSecret(orgId: string, id: string, sealed: string, graceUntil: Date): Promise<boolean> {
      const rows = await db.query(
        `update webhook_endpoints set previous_secret = secret, previous_secret_until = $4, secret = $3
          where org_id = $1 and id = $2 returning id`,
        [orgId, id, sealed, graceUntil],
      );
      return rows.length > 0;
    },
    /** Endpoints whose secret is still in clear (written before secrets were sealed). */
    clearSecrets: () =>
      db.query<{ id: string; org_id: string; secret: string }>(
        "select id, org_id, secret from webhook_endpoints where secret not like 'v1.%'",
      ),
    async replaceClearSecret(id: string, clear: string, sealed: string): Promise<void> {
      await db.query("update webhook_endpoints set secret = $3 where id = $1 and secret = $2", [id, clear, sealed]);
    },
    async recordAttempt(id: string, a: AttemptRecord): Promise<void> {
      await db.query(
        `update webhook_deliveries set status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4,
                last_response = $5, last_attempt_at = $6, next_attempt_at = $7, lease_until = null
          where id = $1`,
        [id, a.status, a.statusCode, a.error, a.response, a.at, a.nextAt],
      );
    },
    /** Forgets delivered and failed deliveries queued before `before` (pending ones are never dropped). */
    async pruneFinished(before: Date): Promise<number> {
      const rows = await db.query(
        "delete from webhook_deliveries where status <> 'pending' and created_at < $1 returning id",
        [before],
      );
      return rows.length;
    },
    /** A delivery that gave up marks its endpoint failing; one that arrives clears the mark. */
    async setFailing(endpointId: string, since: Date | null): Promise<void> {
      await db.query(
        `update webhook_endpoints set failing_since = case when $2::timestamptz is null then null
          else coalesce(failing_since, $2) end
          where id = $1`,
        [endpointId, since],
      );
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
