import type { KbSource } from "@parley/shared/knowledge-base";
import type { Db } from "../../platform/db.ts";
import { personNameSql } from "../../platform/person-name.ts";

/** Everything a call's agent needs to know, read in one query when the call starts. */
export type CallContextRow = {
  call_id: string;
  org_id: string;
  org_name: string;
  /** From org_settings: how the agent introduces itself ("" when not set). */
  agent_name: string;
  company_name: string;
  campaign_id: string;
  campaign_name: string;
  description: string;
  opening_line: string;
  goal: string;
  service: string;
  faqs: { question: string; answer: string }[];
  /** The campaign's qualifying fields as stored (features/outcome-fields); read with its schema. */
  outcome_fields?: unknown;
  timezone: string;
  business_hours_start: string;
  business_hours_end: string;
  /** The team's working hours (Settings; the campaign's zone and hours when not set): meetings go inside them. */
  team_timezone: string;
  team_hours_start: string;
  team_hours_end: string;
  voice_id: string | null;
  /** The campaign's "Transfer to" (E.164 or SIP URI); null: a caller asking for a person is offered a callback. */
  transfer_to: string | null;
  /** The campaign answers calls (inbound) rather than places them: its agent greets as one answering. */
  campaign_direction: "outbound" | "inbound";
  contact_id: string;
  contact_name: string;
  first_name: string;
  phone: string;
  email: string;
  variables: Record<string, string>;
  persona: string | null;
  kb_document_ids: string[];
  kb_phrases: string[];
};

/** The fields of a call's context its speech-recognition vocabulary is drawn from (call-context.ts). */
export type VocabularySource = Pick<
  CallContextRow,
  | "campaign_name"
  | "description"
  | "service"
  | "goal"
  | "org_name"
  | "agent_name"
  | "company_name"
  | "first_name"
  | "faqs"
  | "kb_phrases"
  | "outcome_fields"
>;

export type CallFinish = {
  status: "completed" | "no_answer" | "busy" | "failed" | "dropped";
  outcome: string;
  answeredAt: Date | null;
  endedAt: Date;
  durationSecs: number;
  summary: string;
  sentiment: string | null;
  transcript: unknown[];
  latency: unknown[];
  extracted: Record<string, string>;
  recordingKey: string | null;
  error: string | null;
  /** The knowledge-base passages the agent answered from. */
  kbSources?: KbSource[];
};

/** One passage a call looked at for a question (the calls.kb_sources column), as packages/shared defines it. */
export type { KbSource };

/**
 * The voice side of the calls table. The call row is created by the dialer (for "ring now" too); this repo
 * follows it live (turns appended as they happen, so other processes can show them) and closes it.
 * It reads campaigns, contacts and organisations in one join because that read is on every call's start
 * (browser test calls too: they have no contact, so the call row's lead stands in).
 */
// The first passages of the campaign `k`'s documents: their words are what callees ask about.
const KB_PHRASES = `coalesce((select array_agg(left(p.heading || ' ' || p.text, 400)) from (
   select p.heading, p.text from kb_passages p join campaign_knowledge_bases b on b.document_id = p.document_id
    where b.campaign_id = k.id and p.org_id = k.org_id order by p.position limit 40) p), '{}') as kb_phrases`;

export function createCallsRepo(db: Db) {
  return {
    /** What a call of this campaign would bias speech recognition with (its first contact's first name included). */
    async vocabularySource(campaignId: string): Promise<VocabularySource | null> {
      const rows = await db.query<VocabularySource>(
        `select k.name as campaign_name, k.description, k.service, k.goal, k.faqs, k.outcome_fields, o.name as org_name,
                coalesce(os.agent_name, '') as agent_name, coalesce(os.company_name, '') as company_name,
                coalesce((select ct.first_name from contacts ct where ct.campaign_id = k.id order by ct.line_number
                  limit 1), '') as first_name,
                ${KB_PHRASES}
           from campaigns k
           join organizations o on o.id = k.org_id
           left join org_settings os on os.org_id = k.org_id
          where k.id::text = $1`,
        [campaignId],
      );
      return rows[0] ?? null;
    },

    async context(callId: string): Promise<CallContextRow | null> {
      const rows = await db.query<CallContextRow>(
        `select c.id as call_id, c.org_id, o.name as org_name,
                coalesce(os.agent_name, '') as agent_name, coalesce(os.company_name, '') as company_name,
                  k.id as campaign_id, k.name as campaign_name, k.description,
                -- an experiment's call speaks its variant: opening line, goal and voice (the campaign's when unset)
                coalesce(v.opening_line, k.opening_line) as opening_line, coalesce(nullif(v.goal, ''), k.goal) as goal,
                  k.service, k.faqs, k.timezone, k.business_hours_start, k.business_hours_end,
                k.outcome_fields,
                coalesce(os.timezone, k.timezone) as team_timezone,
                  coalesce(os.business_hours_start, k.business_hours_start) as team_hours_start,
                coalesce(os.business_hours_end, k.business_hours_end) as team_hours_end,
                  coalesce(v.voice_id, k.voice_id) as voice_id, k.transfer_to,
                  k.direction as campaign_direction,
                -- a browser test call has no contact: the staff member on the line is the lead of the call row
                coalesce(ct.id::text, '') as contact_id, coalesce(ct.name, c.lead_name) as contact_name,
                coalesce(ct.first_name, split_part(c.lead_name, ' ', 1)) as first_name,
                  coalesce(ct.phone_e164, c.lead_phone) as phone,
                coalesce(ct.email, c.lead_email, '') as email, coalesce(ct.variables, '{}'::jsonb) as variables,
                  ct.persona,
                coalesce((select array_agg(document_id) from campaign_knowledge_bases b
                  where b.campaign_id = k.id), '{}') as kb_document_ids,
                ${KB_PHRASES}
           from calls c
           join organizations o on o.id = c.org_id
           left join org_settings os on os.org_id = c.org_id
           join campaigns k on k.id = c.campaign_id
           left join contacts ct on ct.id = c.contact_id
           left join campaign_variants v on v.id = c.variant_id
          where c.id = $1`,
        [callId],
      );
      return rows[0] ?? null;
    },

    async ringing(callId: string): Promise<void> {
      await db.query("update calls set status = 'ringing', started_at = now() where id = $1 and ended_at is null", [
        callId,
      ]);
    },
    async answered(callId: string, at: Date): Promise<void> {
      await db.query("update calls set status = 'in_progress', answered_at = $2 where id = $1 and ended_at is null", [
        callId,
        at,
      ]);
    },
    async appendTurn(callId: string, turn: unknown): Promise<void> {
      await db.query("update calls set transcript = transcript || $2::jsonb where id = $1", [
        callId,
        JSON.stringify([turn]),
      ]);
    },

    async finish(callId: string, f: CallFinish): Promise<void> {
      await db.query(
        `update calls set status = $2, outcome = $3, answered_at = $4, ended_at = $5, duration_secs = $6, summary = $7,
                sentiment = $8, transcript = $9::jsonb, latency = $10::jsonb, extracted = $11::jsonb,
                  recording_key = $12, error = $13,
                budget = coalesce(nullif($14, ''), budget), service = coalesce(nullif($15, ''), service),
                  kb_sources = $16::jsonb
          where id = $1`,
        [
          callId,
          f.status,
          f.outcome,
          f.answeredAt,
          f.endedAt,
          f.durationSecs,
          f.summary,
          f.sentiment,
          JSON.stringify(f.transcript),
          JSON.stringify(f.latency),
          JSON.stringify(f.extracted),
          f.recordingKey,
          f.error,
          f.extracted.budget ?? "",
          f.extracted.service ?? "",
          JSON.stringify(f.kbSources ?? []),
        ],
      );
    },

    async personName(userId: string): Promise<string> {
      const rows = await db.query<{ name: string }>(`select ${personNameSql("u")} as name from users u where id = $1`, [
        userId,
      ]);
      return rows[0]?.name ?? "Someone";
    },

    /** A person listened in, took the call over or handed it back (shown in the call's details). */
    async addIntervention(orgId: string, callId: string, userId: string, kind: string): Promise<void> {
      await db.query("insert into call_interventions (org_id, call_id, user_id, kind) values ($1, $2, $3, $4)", [
        orgId,
        callId,
        userId,
        kind,
      ]);
    },

    /**
     * The agent put the caller through to a person, or tried to (shown in the call's details beside the interventions).
     */
    async addTransfer(
      orgId: string,
      callId: string,
      t: { to: string; at: Date; answered: boolean; detail: string | null },
    ): Promise<void> {
      await db.query(
        `insert into call_interventions (org_id, call_id, kind, at, target, answered, detail)
          values ($1, $2, 'transfer', $3, $4, $5, $6)`,
        [orgId, callId, t.at, t.to, t.answered, t.detail],
      );
    },

    /** What the live view of one call shows. */
    async live(orgId: string, callId: string) {
      const rows = await db.query<{
        id: string;
        status: string;
        outcome: string | null;
        transcript: unknown[];
        duration_secs: number;
        answered_at: Date | null;
        ended_at: Date | null;
      }>(
        `select id, status, outcome, transcript, duration_secs, answered_at, ended_at from calls where org_id = $1
          and id = $2`,
        [orgId, callId],
      );
      return rows[0] ?? null;
    },
  };
}
export type CallsRepo = ReturnType<typeof createCallsRepo>;
