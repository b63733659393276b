import type { Queryable } from "../../platform/db.ts";
import { personNameSql } from "../../platform/person-name.ts";
import { likePattern } from "../../platform/sql-like.ts";

export type DncRow = {
  id: string;
  phone_e164: string;
  source: "manual" | "csv" | "call";
  reason: string;
  campaign_id: string | null;
  campaign_name: string | null;
  /** Who added the number by hand or by import; null for a call's opt-out and once the person is deleted. */
  added_by_name: string | null;
  created_at: Date;
};
export type NewDncEntry = {
  phone: string;
  source: DncRow["source"];
  reason: string;
  campaignId?: string | null;
  addedBy?: string | null;
};

/** The WHERE clause of a list query: digits match the number, any text the reason or the campaign's name. */
function listFilter(orgId: string, search: string | undefined): { where: string; params: unknown[] } {
  const params: unknown[] = [orgId];
  if (!search) return { where: "d.org_id = $1", params };
  params.push(likePattern(search.toLowerCase()));
  const matches = ["lower(d.reason) like $2", "lower(coalesce(k.name, '')) like $2"];
  // Without this guard a word like "asked" would reduce to "" and match every number.
  const digits = search.replace(/[^0-9]/g, "");
  if (digits) {
    params.push(`%${digits}%`);
    matches.push("d.phone_e164 like $3");
  }
  return { where: `d.org_id = $1 and (${matches.join(" or ")})`, params };
}

export function createDncRepo(db: Queryable) {
  return {
    async list(
      orgId: string,
      q: { search?: string; limit: number; offset: number },
    ): Promise<{ rows: DncRow[]; total: number }> {
      const { where, params } = listFilter(orgId, q.search);
      const from = "dnc_numbers d left join campaigns k on k.id = d.campaign_id and k.org_id = d.org_id";
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, params);
      const rows = await db.query<DncRow>(
        `select d.id, d.phone_e164, d.source, d.reason, d.campaign_id, k.name as campaign_name,
                ${personNameSql("u")} as added_by_name, d.created_at
           from ${from} left join users u on u.id = d.added_by where ${where}
          order by d.created_at desc, d.id limit ${q.limit} offset ${q.offset}`,
        params,
      );
      return { rows, total: count?.n ?? 0 };
    },
    /** Inserts the numbers not yet listed; answers how many were new. */
    async addMany(orgId: string, entries: NewDncEntry[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < entries.length; i += 1000) {
        const chunk = entries.slice(i, i + 1000);
        const at = (j: number, k: number) => `$${j * 5 + k}`;
        const values = chunk
          .map((_, j) => `($1, ${at(j, 2)}, ${at(j, 3)}, ${at(j, 4)}, ${at(j, 5)}::uuid, ${at(j, 6)}::uuid)`)
          .join(", ");
        const rows = await db.query(
          `insert into dnc_numbers (org_id, phone_e164, source, reason, campaign_id, added_by) values ${values}
           on conflict (org_id, phone_e164) do nothing returning id`,
          [orgId, ...chunk.flatMap((e) => [e.phone, e.source, e.reason, e.campaignId ?? null, e.addedBy ?? null])],
        );
        added += rows.length;
      }
      return added;
    },
    async remove(orgId: string, id: string): Promise<boolean> {
      return (
        (await db.query("delete from dnc_numbers where org_id = $1 and id = $2 returning id", [orgId, id])).length > 0
      );
    },
    /** The subset of numbers that are on the org's list (the dialer asks before every call). */
    async listed(orgId: string, phones: string[]): Promise<Set<string>> {
      if (!phones.length) return new Set();
      const rows = await db.query<{ phone_e164: string }>(
        "select phone_e164 from dnc_numbers where org_id = $1 and phone_e164 = any($2)",
        [orgId, phones],
      );
      return new Set(rows.map((r) => r.phone_e164));
    },
  };
}
export type DncRepo = ReturnType<typeof createDncRepo>;
