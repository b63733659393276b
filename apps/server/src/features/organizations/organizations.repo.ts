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
      await q.query("insert into org_limits (org_id, minutes_balance) values ($1, $2) on conflict (org_id) do nothing", [orgId, minutes]);
    },
    listForUser(userId: string): Promise<MembershipRow[]> {
      return db.query<MembershipRow>(
        `select o.*, m.role from memberships m join organizations o on o.id = m.org_id
         where m.user_id = $1 order by m.created_at, o.name`,
        [userId],
      );
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
