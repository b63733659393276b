import { OrganizationCreate, slugify, type Organization } from "@parley/shared/organizations";
import type { Role } from "@parley/shared/auth";
import type { Db, Queryable } from "../../platform/db.ts";
import type { MembershipRow, OrganizationsRepo } from "./organizations.repo.ts";

export function toOrganization(row: MembershipRow): Organization {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    website: row.website,
    contact_email: row.contact_email,
    contact_phone: row.contact_phone,
    address: row.address,
    role: row.role,
    created_at: row.created_at.toISOString(),
  };
}

/** `trialMinutes`: the conversation minutes a new organisation starts with (TRIAL_MINUTES). */
export function createOrganizationsService(deps: { db: Db; repo: OrganizationsRepo; trialMinutes: number }) {
  const { db, repo } = deps;
  return {
    /**
     * Creates an organisation with the user as its owner and its trial minutes; pass q to join a caller's
     * transaction.
     */
    async createForOwner(input: OrganizationCreate, userId: string, q?: Queryable): Promise<MembershipRow> {
      const org = OrganizationCreate.parse(input);
      const run = async (t: Queryable) => {
        const row = await repo.insert(t, org, slugify(org.name));
        await repo.addMember(t, row.id, userId, "owner");
        await repo.startLimits(t, row.id, deps.trialMinutes);
        return { ...row, role: "owner" as Role };
      };
      return q ? run(q) : db.tx(run);
    },
    listForUser: (userId: string) => repo.listForUser(userId),
    /** The user's membership of one org, or null when they are not a member (callers answer 404). */
    membership: (userId: string, where: { orgId: string } | { slug: string }) => repo.membership(userId, where),
    /** The org a fresh sign-in lands in: the first the user joined. */
    async primary(userId: string): Promise<MembershipRow | null> {
      return (await repo.listForUser(userId))[0] ?? null;
    },
  };
}
export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
