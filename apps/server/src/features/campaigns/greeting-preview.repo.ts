import type { ListVariableGaps } from "@parley/shared/campaigns";
import type { Db } from "../../platform/db.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";
import { isUuid } from "./campaigns.repo.ts";

/** What a call's greeting is built from, for one contact: the call context without a call. */
export type PreviewContextRow = Omit<
  CallContextRow,
  | "call_id"
  | "persona"
  | "kb_document_ids"
  | "kb_phrases"
  | "transfer_to"
  | "team_timezone"
  | "team_hours_start"
  | "team_hours_end"
>;
/** The organisation's part of it: who the agent says it calls for. */
export type PreviewOrgRow = Pick<PreviewContextRow, "org_id" | "org_name" | "agent_name" | "company_name">;
/** The campaign's part (its first contact's columns null when it has no list yet). */
export type PreviewCampaignRow = PreviewOrgRow &
  Pick<
    PreviewContextRow,
    | "campaign_id"
    | "campaign_name"
    | "description"
    | "opening_line"
    | "goal"
    | "service"
    | "faqs"
    | "timezone"
    | "business_hours_start"
    | "business_hours_end"
    | "voice_id"
    | "campaign_direction"
  > & {
    contact_id: string | null;
    contact_name: string | null;
    first_name: string | null;
    phone: string | null;
    email: string | null;
    variables: Record<string, string> | null;
  };

// The same columns and fallbacks as the call runner's context (calls.repo.ts).
const ORG_COLUMNS =
  "o.id as org_id, o.name as org_name, coalesce(os.agent_name, '') as " +
  "agent_name, coalesce(os.company_name, '') as company_name";

export function createGreetingPreviewRepo(db: Db) {
  return {
    async org(orgId: string): Promise<PreviewOrgRow | null> {
      const rows = await db.query<PreviewOrgRow>(
        `select ${ORG_COLUMNS} from organizations o left join org_settings os on os.org_id = o.id where o.id = $1`,
        [orgId],
      );
      return rows[0] ?? null;
    },

    /** The campaign (null: none in this organisation) with its first contact by list line, if it has a list. */
    async campaign(orgId: string, campaignId: string): Promise<PreviewCampaignRow | null> {
      if (!isUuid(campaignId)) return null;
      const rows = await db.query<PreviewCampaignRow>(
        `select ${ORG_COLUMNS},
                k.id as campaign_id, k.name as campaign_name, k.description, k.opening_line, k.goal, k.service,
                  k.faqs, k.timezone,
                k.business_hours_start, k.business_hours_end, k.voice_id, k.direction as campaign_direction,
                ct.id::text as contact_id, ct.name as contact_name, ct.first_name, ct.phone_e164 as phone,
                coalesce(ct.email, '') as email, coalesce(ct.variables, '{}'::jsonb) as variables
           from campaigns k
           join organizations o on o.id = k.org_id
           left join org_settings os on os.org_id = k.org_id
           left join lateral (
             select * from contacts c where c.campaign_id = k.id and c.org_id = k.org_id order by c.line_number, c.id
               limit 1
           ) ct on true
          where k.org_id = $1 and k.id = $2`,
        [orgId, campaignId],
      );
      return rows[0] ?? null;
    },

    /** How many contacts the campaign's list has and, per variable, how many of them have no value for it. */
    async variableGaps(orgId: string, campaignId: string): Promise<ListVariableGaps> {
      const rows = await db.query<{ key: string | null; total: number; filled: number }>(
        `with list as (
           select coalesce(variables, '{}'::jsonb)
                  || jsonb_build_object('name', coalesce(name, ''), 'first_name', coalesce(first_name, '')) as v
             from contacts where org_id = $1 and campaign_id = $2
         ), keys as (select distinct jsonb_object_keys(v) as key from list)
         select k.key, (select count(*) from list)::int as total,
                count(*) filter (where trim(coalesce(l.v ->> k.key, '')) <> '')::int as filled
           from keys k cross join list l group by k.key`,
        [orgId, campaignId],
      );
      const total = rows[0]?.total ?? 0;
      const gaps = rows.flatMap((r) => (r.key && r.filled < total ? [[r.key, total - r.filled] as const] : []));
      return { contact_count: total, empty_variables: Object.fromEntries(gaps) };
    },
  };
}
export type GreetingPreviewRepo = ReturnType<typeof createGreetingPreviewRepo>;
