import type { Queryable } from "../../platform/db.ts";

export type DncRow = { id: string; phone_e164: string; source: "manual" | "csv" | "call"; reason: string; created_at: Date };

export function createDncRepo(db: Queryable) {
  return {
    async list(orgId: string, q: { search?: string; limit: number; offset: number }): Promise<{ rows: DncRow[]; total: number }> {
      const params: unknown[] = [orgId];
      let where = "org_id = $1";
      if (q.search) {
        params.push(`%${q.search.replace(/[^0-9+]/g, "")}%`, `%${q.search.toLowerCase()}%`);
        where += ` and (phone_e164 like $2 or lower(reason) like $3)`;
      }
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from dnc_numbers where ${where}`, params);
      const rows = await db.query<DncRow>(
        `select id, phone_e164, source, reason, created_at from dnc_numbers where ${where}
         order by created_at desc, id limit ${q.limit} offset ${q.offset}`,
        params,
      );
      return { rows, total: count?.n ?? 0 };
    },
    /** Inserts the numbers not yet listed; answers how many were new. */
    async addMany(orgId: string, entries: { phone: string; source: DncRow["source"]; reason: string }[]): Promise<number> {
      let added = 0;
      for (let i = 0; i < entries.length; i += 1000) {
        const chunk = entries.slice(i, i + 1000);
        const values = chunk.map((_, j) => `($1, $${j * 3 + 2}, $${j * 3 + 3}, $${j * 3 + 4})`).join(", ");
        const rows = await db.query(
          `insert into dnc_numbers (org_id, phone_e164, source, reason) values ${values}
           on conflict (org_id, phone_e164) do nothing returning id`,
          [orgId, ...chunk.flatMap((e) => [e.phone, e.source, e.reason])],
        );
        added += rows.length;
      }
      return added;
    },
    async remove(orgId: string, id: string): Promise<boolean> {
      return (await db.query("delete from dnc_numbers where org_id = $1 and id = $2 returning id", [orgId, id])).length > 0;
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
