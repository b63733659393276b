import type { Queryable } from "../../platform/db.ts";

export type AnswerHourRow = { weekday: number; hour: number; dialled: number; answered: number; people: number };

/** Reads the answer-hours rollups (0265_answer_hours.sql): at most 168 cells per campaign, never the calls. */
export function createAnswerHoursRepo(db: Queryable) {
  return {
    async campaignExists(orgId: string, campaignId: string): Promise<boolean> {
      const rows = await db.query("select 1 from campaigns where org_id = $1 and id = $2", [orgId, campaignId]);
      return rows.length > 0;
    },

    /** Per weekday and hour on the contact's clock, the organisation's dialled calls (of one campaign when given). */
    async cells(orgId: string, campaignId: string | null): Promise<AnswerHourRow[]> {
      return db.query<AnswerHourRow>(
        `select weekday::int as weekday, hour::int as hour, sum(dialled)::int as dialled,
                sum(answered)::int as answered, sum(people)::int as people
           from answer_hour_rollups
          where org_id = $1 and ($2::uuid is null or campaign_key = $2)
          group by weekday, hour
         having sum(dialled) > 0
          order by weekday, hour`,
        [orgId, campaignId],
      );
    },
  };
}
export type AnswerHoursRepo = ReturnType<typeof createAnswerHoursRepo>;
