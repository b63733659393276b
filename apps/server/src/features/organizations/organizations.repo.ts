import type { Role } from "@parley/shared/auth";
import type { Queryable } from "../../platform/db.ts";

export type OrganizationRow = {
  id: string;
  name: string;
  slug: string;
  website: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  created_at: Date;
};
export type MembershipRow = OrganizationRow & { role: Role };

type NewOrganization = Omit<OrganizationRow, "id" | "slug" | "created_at">;

export function createOrganizationsRepo(db: Queryable) {
  return {
    /** Inserts with the first free slug among base, base-2, base-3, … */
    async insert(q: Queryable, org: NewOrganization, baseSlug: string): Promise<OrganizationRow> {
      for (let n = 1; ; n++) {
        const slug = n === 1 ? baseSlug : `${baseSlug}-${n}`;
        const rows = await q.query<OrganizationRow>(
          `insert into organizations (slug, name, website, contact_email, contact_phone, address)
           values ($1, $2, $3, $4, $5, $6) on conflict (slug) do nothing returning *`,
          [slug, org.name, org.website, org.contact_email, org.contact_phone, org.address],
        );
        if (rows[0]) return rows[0];
      }
    },
    async addMember(q: Queryable, orgId: string, userId: string, role: Role): Promise<void> {
      await q.query("insert into memberships (org_id, user_id, role) values ($1, $2, $3) on conflict do nothing", [
        orgId,
        userId,
        role,
      ]);
    },
    /**
     * The organisation's starting balance. Written at creation: an organisation without a limits row is
     * one created before trial minutes existed, and keeps the 1000 minutes it was given then.
     */
    async startLimits(q: Queryable, orgId: string, minutes: number): Promise<void> {
      await q.query(
        "insert into org_limits (org_id, minutes_balance) values ($1, $2) on conflict (org_id) do nothing",
        [orgId, minutes],
      );
    },
    listForUser(userId: string): Promise<MembershipRow[]> {
      return db.query<MembershipRow>(
        `select o.*, m.role from memberships m join organizations o on o.id = m.org_id
         where m.user_id = $1 order by m.created_at, o.name`,
        [userId],
      );
    },
    /**
     * Holds the organisation's queued calls for the deletion's transaction: the dialer leases with SKIP LOCKED, so
     * it cannot start one of them meanwhile.
     */
    async lockQueuedCalls(q: Queryable, orgId: string): Promise<void> {
      await q.query(
        "select id from call_attempts where org_id = $1 and status in ('pending', 'in_progress') for update",
        [orgId],
      );
    },
    /** Calls on the line now. `since` ignores rows a crashed process left open (no call lasts that long). */
    async liveCalls(q: Queryable, orgId: string, since: Date): Promise<number> {
      const rows = await q.query<{ n: number }>(
        "select count(*)::int as n from calls where org_id = $1 and ended_at is null and started_at > $2",
        [orgId, since],
      );
      return rows[0]!.n;
    },
    /** Every file the organisation keeps in storage: contact lists, knowledge-base uploads, recordings. */
    async storedFiles(q: Queryable, orgId: string): Promise<string[]> {
      const rows = await q.query<{ key: string }>(
        `select csv_storage_key as key from campaigns where org_id = $1 and csv_storage_key is not null
         union select storage_key from kb_documents where org_id = $1 and storage_key is not null
         union select recording_key from calls where org_id = $1 and recording_key is not null`,
        [orgId],
      );
      return rows.map((r) => r.key);
    },
    /** Deletes the organisation; every table of its data goes with it (org_id … on delete cascade), sessions too. */
    async remove(q: Queryable, orgId: string): Promise<void> {
      await q.query("delete from organizations where id = $1", [orgId]);
    },
    async membership(userId: string, where: { orgId: string } | { slug: string }): Promise<MembershipRow | null> {
      const [column, value] = "orgId" in where ? ["o.id", where.orgId] : ["o.slug", where.slug];
      const rows = await db.query<MembershipRow>(
        `select o.*, m.role from memberships m join organizations o on o.id = m.org_id
         where m.user_id = $1 and ${column} = $2`,
        [userId, value],
      );
      return rows[0] ?? null;
    },
  };
}
export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>;
