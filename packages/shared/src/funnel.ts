/**
 * GET /api/analytics/funnel?from=YYYY-MM-DD&to=YYYY-MM-DD&timezone=Area/City[&campaign_id=]: the contacts first
 * dialled between the two days (both included, in the zone) and how far each has got since: dialled → answered
 * (picked up, an answering machine included) → a person → a conversation (a person, over 30 seconds) → a meeting
 * booked. Each contact counts once per stage, per campaign and in the totals. Read from the funnel rollups.
 *
 * Qualified: one of the contact's calls captured every qualifying field of its campaign, each meeting its rule
 * (docs/outcome-fields.md). A campaign without fields qualifies nobody. A booking does not need qualifying first, so
 * "meeting booked" may count contacts "qualified" does not.
 */
import { z } from "zod";

/** The longest range one request may ask for. */
export const FUNNEL_MAX_DAYS = 366;

const day = (name: string) => z.iso.date({ error: `${name} must be a date written YYYY-MM-DD.` });

export const FunnelQuery = z
  .object({
    from: day("from"),
    to: day("to"),
    timezone: z.string().min(1).max(64).default("UTC"),
    campaign_id: z.uuid("campaign_id must be a campaign's id.").optional(),
  })
  .refine((q) => q.from <= q.to, { message: "The range must start on or before its end (from ≤ to).", path: ["from"] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < FUNNEL_MAX_DAYS, {
    message: `The range may span at most ${FUNNEL_MAX_DAYS} days.`,
    path: ["to"],
  });
export type FunnelQuery = z.infer<typeof FunnelQuery>;

export const FunnelStages = z.object({
  dialled: z.number().int(),
  answered: z.number().int(),
  people: z.number().int(),
  conversations: z.number().int(),
  qualified: z.number().int(),
  booked: z.number().int(),
});
export type FunnelStages = z.infer<typeof FunnelStages>;

/** An experiment variant of a campaign: the contacts first called with it in the range, and how far they got. */
export const FunnelVariant = FunnelStages.extend({ variant_id: z.string(), label: z.string() });
export type FunnelVariant = z.infer<typeof FunnelVariant>;

export const FunnelCampaign = FunnelStages.extend({
  campaign_id: z.string(),
  name: z.string(),
  /** Every contact on the campaign's list, dialled or not. */
  contacts: z.number().int(),
  /** Only for a campaign running an experiment (docs/experiments.md): the same stages per variant, A first. */
  variants: z.array(FunnelVariant).optional(),
});
export type FunnelCampaign = z.infer<typeof FunnelCampaign>;

export const Funnel = z.object({
  /** The range's start and end (the day after `to`, exclusive), ISO with the zone's offset. */
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  totals: FunnelStages,
  /** The campaigns with contacts first dialled in the range, most dialled first. */
  campaigns: z.array(FunnelCampaign),
});
export type Funnel = z.infer<typeof Funnel>;

/**
 * The stages in order, with the words the screen uses; `of`: the stage a share is taken of when not the one before
 * (a meeting may be booked without qualifying, so bookings are a share of conversations).
 */
export const FUNNEL_STAGES: { key: keyof FunnelStages; label: string; of?: keyof FunnelStages }[] = [
  { key: "dialled", label: "Dialled" },
  { key: "answered", label: "Answered" },
  { key: "people", label: "A person" },
  { key: "conversations", label: "Conversation" },
  { key: "qualified", label: "Qualified" },
  { key: "booked", label: "Meeting booked", of: "conversations" },
];
