import type { CallOutcomeFields } from "@parley/shared/outcome-fields";
import type { Db, Queryable } from "../../platform/db.ts";

export type CallAnswersRow = { call_id: string; qualified: boolean; answers: unknown };

/** A campaign's qualifying fields (campaigns.outcome_fields) and what each call captured (call_outcome_answers). */
export function createOutcomeFieldsRepo(db: Db) {
  return {
    /** The campaign's stored fields; null when the organisation has no such campaign. */
    async fields(orgId: string, campaignId: string): Promise<unknown[] | null> {
      const rows = await db.query<{ outcome_fields: unknown[] }>(
        "select outcome_fields from campaigns where org_id = $1 and id = $2",
        [orgId, campaignId],
      );
      return rows[0] ? rows[0].outcome_fields : null;
    },

    async setFields(orgId: string, campaignId: string, fields: unknown[]): Promise<boolean> {
      const rows = await db.query(
        `update campaigns set outcome_fields = $3::jsonb, updated_at = now()
          where org_id = $1 and id = $2 returning id`,
        [orgId, campaignId, JSON.stringify(fields)],
      );
      return rows.length > 0;
    },

    /** A duplicated campaign asks the same questions (inside the duplicate's transaction, `q`). */
    async copyFields(q: Queryable, orgId: string, fromId: string, toId: string): Promise<void> {
      await q.query(
        `update campaigns c set outcome_fields = s.outcome_fields from campaigns s
          where s.org_id = $1 and s.id = $2 and c.org_id = $1 and c.id = $3`,
        [orgId, fromId, toId],
      );
    },

    /** What a finished call captured, with its campaign and contact taken from the call row. */
    async saveCall(orgId: string, callId: string, q: CallOutcomeFields): Promise<void> {
      await db.query(
        `insert into call_outcome_answers (call_id, org_id, campaign_id, contact_id, qualified, answers)
         select c.id, c.org_id, c.campaign_id, c.contact_id, $3, $4::jsonb
           from calls c where c.org_id = $1 and c.id = $2
         on conflict (call_id) do update set qualified = excluded.qualified, answers = excluded.answers`,
        [orgId, callId, q.qualified === true, JSON.stringify(q.answers)],
      );
    },

    async forCalls(orgId: string, callIds: string[]): Promise<CallAnswersRow[]> {
      if (!callIds.length) return [];
      return db.query<CallAnswersRow>(
        "select call_id, qualified, answers from call_outcome_answers where org_id = $1 and call_id = any($2::uuid[])",
        [orgId, callIds],
      );
    },
  };
}
export type OutcomeFieldsRepo = ReturnType<typeof createOutcomeFieldsRepo>;
