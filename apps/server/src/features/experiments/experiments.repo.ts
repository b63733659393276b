import type { Queryable } from "../../platform/db.ts";

export type VariantRow = {
  id: string;
  label: string;
  opening_line: string;
  goal: string;
  voice_id: string | null;
};

export type ExperimentRow = {
  started_at: Date | null;
  ended_at: Date | null;
  winner_id: string | null;
  moved_contacts: number | null;
  final_results: unknown;
};

/** The campaign facts an experiment's rules read. */
export type CampaignFacts = { status: string; direction: string; timezone: string; contacts: number };

/** A variant's figures: contacts assigned now, and the funnel of the contacts called with it (from the rollups). */
export type VariantCounts = VariantRow & {
  contacts: number;
  dialled: number;
  answered: number;
  connected: number;
  conversations: number;
  booked: number;
};

/** Rows per statement when the split is written: a bounded parameter list however long the list. */
const CHUNK = 5000;

/**
 * Variants, the experiment's life, each contact's variant and the per-variant funnel rollups (0271_experiments).
 * Every query runs on the Queryable it is given: most run inside a campaign's transaction.
 */
export function createExperimentsRepo() {
  return {
    async campaign(q: Queryable, orgId: string, campaignId: string): Promise<CampaignFacts | null> {
      const rows = await q.query<CampaignFacts>(
        `select k.status, k.direction, k.timezone,
                (select count(*) from contacts c where c.campaign_id = k.id)::int as contacts
           from campaigns k where k.org_id = $1 and k.id = $2`,
        [orgId, campaignId],
      );
      return rows[0] ?? null;
    },

    async variants(q: Queryable, orgId: string, campaignId: string): Promise<VariantRow[]> {
      return q.query<VariantRow>(
        `select id, label, opening_line, goal, voice_id from campaign_variants
          where org_id = $1 and campaign_id = $2 order by label`,
        [orgId, campaignId],
      );
    },

    /** The experiment row, locked for the caller's transaction when `forUpdate`. */
    async experiment(
      q: Queryable,
      orgId: string,
      campaignId: string,
      forUpdate = false,
    ): Promise<ExperimentRow | null> {
      const rows = await q.query<ExperimentRow>(
        `select started_at, ended_at, winner_id, moved_contacts, final_results from campaign_experiments
          where org_id = $1 and campaign_id = $2${forUpdate ? " for update" : ""}`,
        [orgId, campaignId],
      );
      return rows[0] ?? null;
    },

    /** Before launch: the variants are replaced whole (no contact or call refers to them yet). */
    async replaceVariants(
      q: Queryable,
      orgId: string,
      campaignId: string,
      variants: Omit<VariantRow, "id">[],
    ): Promise<void> {
      await q.query("delete from campaign_variants where org_id = $1 and campaign_id = $2", [orgId, campaignId]);
      if (!variants.length) {
        await q.query("delete from campaign_experiments where org_id = $1 and campaign_id = $2", [orgId, campaignId]);
        return;
      }
      await q.query(
        `insert into campaign_variants (org_id, campaign_id, label, opening_line, goal, voice_id)
         select $1, $2, v.label, v.opening_line, v.goal, v.voice_id
           from unnest($3::text[], $4::text[], $5::text[], $6::text[]) as v(label, opening_line, goal, voice_id)`,
        [
          orgId,
          campaignId,
          variants.map((v) => v.label),
          variants.map((v) => v.opening_line),
          variants.map((v) => v.goal),
          variants.map((v) => v.voice_id),
        ],
      );
      await q.query(
        `insert into campaign_experiments (campaign_id, org_id) values ($2, $1) on conflict (campaign_id) do nothing`,
        [orgId, campaignId],
      );
    },

    /** After launch a variant keeps its id (its contacts and calls refer to it); only wording and voice change. */
    async editVariant(q: Queryable, orgId: string, id: string, v: Omit<VariantRow, "id" | "label">): Promise<void> {
      await q.query(
        `update campaign_variants set opening_line = $3, goal = $4, voice_id = $5, updated_at = now()
          where org_id = $1 and id = $2`,
        [orgId, id, v.opening_line, v.goal, v.voice_id],
      );
    },

    /** The campaign's contacts that have no variant yet, with their numbers (their zone is read from them). */
    async unassignedContacts(q: Queryable, campaignId: string): Promise<{ id: string; phone: string }[]> {
      return q.query(
        `select c.id, c.phone_e164 as phone from contacts c
          where c.campaign_id = $1 and not exists (select 1 from contact_variants cv where cv.contact_id = c.id)
          order by c.line_number`,
        [campaignId],
      );
    },

    async saveAssignments(
      q: Queryable,
      orgId: string,
      campaignId: string,
      rows: { contactId: string; variantId: string; zone: string }[],
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const part = rows.slice(i, i + CHUNK);
        await q.query(
          `insert into contact_variants (contact_id, org_id, campaign_id, variant_id, zone)
           select a.contact_id, $1, $2, a.variant_id, a.zone
             from unnest($3::uuid[], $4::uuid[], $5::text[]) as a(contact_id, variant_id, zone)
           on conflict (contact_id) do nothing`,
          [orgId, campaignId, part.map((r) => r.contactId), part.map((r) => r.variantId), part.map((r) => r.zone)],
        );
      }
    },

    async markStarted(q: Queryable, orgId: string, campaignId: string, at: Date): Promise<void> {
      await q.query(
        "update campaign_experiments set started_at = $3 where org_id = $1 and campaign_id = $2 and started_at is null",
        [orgId, campaignId, at],
      );
    },

    /**
     * Per variant: its contacts now, and the contacts called with it and how far they got, summed from the
     * per-variant rollups (a few rows per variant and quarter hour, never the calls themselves).
     */
    async counts(q: Queryable, orgId: string, campaignId: string): Promise<VariantCounts[]> {
      return q.query<VariantCounts>(
        `select v.id, v.label, v.opening_line, v.goal, v.voice_id,
                (select count(*) from contact_variants cv where cv.campaign_id = v.campaign_id
                   and cv.variant_id = v.id)::int as contacts,
                coalesce(sum(r.dialled), 0)::int as dialled, coalesce(sum(r.answered), 0)::int as answered,
                coalesce(sum(r.connected), 0)::int as connected,
                coalesce(sum(r.conversations), 0)::int as conversations, coalesce(sum(r.booked), 0)::int as booked
           from campaign_variants v
           left join variant_funnel_rollups r on r.org_id = v.org_id and r.campaign_id = v.campaign_id
                                              and r.variant_id = v.id
          where v.org_id = $1 and v.campaign_id = $2
          group by v.id
          order by v.label`,
        [orgId, campaignId],
      );
    },

    /**
     * Keeping a winner: every contact of the campaign not yet reached (no call of it reached a person) moves to
     * the winner; the experiment closes with the figures it was decided on. Answers how many contacts moved.
     */
    async keepWinner(
      q: Queryable,
      orgId: string,
      campaignId: string,
      winnerId: string,
      at: Date,
      finalResults: unknown,
    ): Promise<number> {
      const [moved] = await q.query<{ n: number }>(
        `with moved as (
           update contact_variants cv set variant_id = $3
            where cv.org_id = $1 and cv.campaign_id = $2 and cv.variant_id <> $3
              and not exists (select 1 from contact_funnel f where f.contact_id = cv.contact_id and f.connected)
            returning 1)
         select count(*)::int as n from moved`,
        [orgId, campaignId, winnerId],
      );
      await q.query(
        `update campaign_experiments set ended_at = $3, winner_id = $4, moved_contacts = $5, final_results = $6::jsonb
          where org_id = $1 and campaign_id = $2`,
        [orgId, campaignId, at, winnerId, moved!.n, JSON.stringify(finalResults)],
      );
      return moved!.n;
    },

    /** After the end, contacts of a replaced list all take the winner. */
    async assignAllTo(q: Queryable, orgId: string, campaignId: string, variantId: string): Promise<void> {
      await q.query(
        `insert into contact_variants (contact_id, org_id, campaign_id, variant_id, zone)
         select c.id, $1, $2, $3, '' from contacts c where c.campaign_id = $2
         on conflict (contact_id) do nothing`,
        [orgId, campaignId, variantId],
      );
    },
  };
}
export type ExperimentsRepo = ReturnType<typeof createExperimentsRepo>;
