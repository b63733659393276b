import type { Queryable } from "../../platform/db.ts";
import { likePattern } from "../../platform/sql-like.ts";
import type { ParsedContact } from "./contact-import.ts";

export type ContactRow = {
  id: string;
  line_number: number;
  name: string;
  first_name: string;
  last_name: string;
  phone_e164: string;
  email: string | null;
  persona: string | null;
  variables: Record<string, string>;
  created_at: Date;
};

/** Rows per insert statement: one jsonb parameter each, so the count is not bound by parameter limits. */
const CHUNK = 5000;

export function createContactsRepo(db: Queryable) {
  return {
    async insertMany(q: Queryable, orgId: string, campaignId: string, contacts: ParsedContact[]): Promise<void> {
      for (let i = 0; i < contacts.length; i += CHUNK) {
        const rows = contacts.slice(i, i + CHUNK).map((c) => ({
          l: c.line,
          n: c.name,
          f: c.firstName,
          s: c.lastName,
          p: c.phone,
          e: c.email,
          r: c.persona,
          v: c.variables,
        }));
        await q.query(
          `insert into contacts (org_id, campaign_id, line_number, name, first_name, last_name, phone_e164, email,
            persona, variables)
           select $1, $2, x.l, x.n, x.f, x.s, x.p, x.e, x.r, x.v
           from json_to_recordset($3::json) as x(l int, n text, f text, s text, p text, e text, r text, v jsonb)`,
          [orgId, campaignId, JSON.stringify(rows)],
        );
      }
    },
    /** Contacts that later duplicate rows added to: their final name, email, persona and variables. */
    async updateMerged(q: Queryable, orgId: string, campaignId: string, contacts: ParsedContact[]): Promise<void> {
      for (let i = 0; i < contacts.length; i += CHUNK) {
        const rows = contacts.slice(i, i + CHUNK).map((c) => ({
          p: c.phone,
          n: c.name,
          f: c.firstName,
          s: c.lastName,
          e: c.email,
          r: c.persona,
          v: c.variables,
        }));
        await q.query(
          `update contacts c set name = x.n, first_name = x.f, last_name = x.s, email = x.e, persona = x.r, variables
            = x.v
           from json_to_recordset($3::json) as x(p text, n text, f text, s text, e text, r text, v jsonb)
           where c.org_id = $1 and c.campaign_id = $2 and c.phone_e164 = x.p`,
          [orgId, campaignId, JSON.stringify(rows)],
        );
      }
    },
    async deleteForCampaign(q: Queryable, orgId: string, campaignId: string): Promise<void> {
      await q.query("delete from contacts where org_id = $1 and campaign_id = $2", [orgId, campaignId]);
    },
    async list(
      orgId: string,
      campaignId: string,
      opts: { search?: string; limit: number; offset: number },
    ): Promise<{ rows: ContactRow[]; total: number }> {
      const params = [orgId, campaignId, opts.search ? likePattern(opts.search) : null];
      const where = `org_id = $1 and campaign_id = $2
        and ($3::text is null or name ilike $3 or phone_e164 ilike $3 or email ilike $3 or variables::text ilike $3)`;
      const [count] = await db.query<{ total: number }>(
        `select count(*)::int as total from contacts where ${where}`,
        params,
      );
      const rows = await db.query<ContactRow>(
        `select id, line_number, name, first_name, last_name, phone_e164, email, persona, variables, created_at
         from contacts where ${where} order by line_number, id limit $4 offset $5`,
        [...params, opts.limit, opts.offset],
      );
      return { rows, total: count?.total ?? 0 };
    },
  };
}
export type ContactsRepo = ReturnType<typeof createContactsRepo>;
