/**
 * Experiments (docs/experiments.md): a campaign holds 2 to 4 variants of its opening line, goal and voice; its
 * contacts are split between them at random, by time zone, when it launches, and the campaign view compares them.
 * - PUT /api/campaigns/{id}/experiment {variants}: sets the variants (also accepted as `variants` in the campaign's
 *   create and update bodies, so a campaign and its experiment launch together). `[]` removes the experiment.
 * - GET /api/campaigns/{id}/experiment: the variants and, per variant, dialled → answered → conversations → booked
 *   (→ qualified), each rate with its 95% interval, and whether the leader's lead is more than chance.
 * - POST /api/campaigns/{id}/experiment/keep-winner {variant}: ends it; unreached contacts move to that variant.
 */
import { z } from "zod";

export const VARIANT_LABELS = ["A", "B", "C", "D"] as const;
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = VARIANT_LABELS.length;

export const ExperimentMessages = {
  list: "variants must be a list of {opening_line, goal, voice_id} (a JSON array in a form field).",
  count: (n: number) =>
    `An experiment needs ${MIN_VARIANTS} to ${MAX_VARIANTS} variants; ${n} ${n === 1 ? "was" : "were"} sent. ` +
    "Send an empty list for no experiment.",
  openingLine: (label: string) => `Variant ${label} has no opening line: each variant needs its own.`,
  fewerContacts: (contacts: number, variants: number) =>
    `This campaign has ${contacts} ${contacts === 1 ? "contact" : "contacts"} for ${variants} variants: ` +
    "each variant needs at least one contact. Add contacts or remove variants.",
  inbound: "Experiments split a list of contacts to call: an inbound campaign cannot hold variants.",
  unknownVoice: (label: string) => `Variant ${label}'s voice is unknown. Please choose a voice from the list.`,
  startedCount: (labels: string) =>
    `This experiment has started with variants ${labels}: variants cannot be added or removed now (the contacts ` +
    "are already split between them). Edit their wording or voice, or keep the winner.",
  notBeforeLaunch:
    "This campaign was launched without an experiment: its contacts are already being called. Duplicate the " +
    "campaign to run one.",
  unknownVariant: (v: string) => `No variant "${v}" in this experiment. Name one by its label (A–D) or id.`,
  notRunning: "Only a running experiment can keep a winner: launch the campaign first.",
  ended: "This experiment has already ended.",
} as const;

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && !v.trim()) ? null : v);

export const VariantInput = z.object({
  opening_line: z.preprocess(
    (v) => v ?? "",
    z.string().trim().max(1000, "An opening line is at most 1000 characters."),
  ),
  goal: z.preprocess((v) => v ?? "", z.string().trim().max(5000, "A goal is at most 5000 characters.")),
  voice_id: z.preprocess(blankToNull, z.string().trim().max(200).nullable()).default(null),
});
export type VariantInput = z.input<typeof VariantInput>;
export type VariantValues = z.output<typeof VariantInput>;

/** A form field may carry the list as JSON text (multipart); an absent or null list is "no experiment". */
const readList = (v: unknown) => {
  if (v === undefined || v === null || v === "") return [];
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

export const VariantsInput = z.preprocess(
  readList,
  z.array(VariantInput, { error: ExperimentMessages.list }).superRefine((list, ctx) => {
    if (list.length > 0 && (list.length < MIN_VARIANTS || list.length > MAX_VARIANTS)) {
      ctx.addIssue({ code: "custom", message: ExperimentMessages.count(list.length) });
      return;
    }
    list.forEach((v, i) => {
      if (!v.opening_line) {
        ctx.addIssue({
          code: "custom",
          path: [i, "opening_line"],
          message: ExperimentMessages.openingLine(labelOf(i)),
        });
      }
    });
  }),
);

export const ExperimentInput = z.object({ variants: VariantsInput });
export type ExperimentInput = z.input<typeof ExperimentInput>;

export const KeepWinnerInput = z.object({
  variant: z.string({ error: "Name the variant to keep: its label (A–D) or id." }).trim().min(1, {
    message: "Name the variant to keep: its label (A–D) or id.",
  }),
});
export type KeepWinnerInput = z.infer<typeof KeepWinnerInput>;

/** A rate over the contacts dialled, with its 95% Wilson interval; fractions from 0 to 1. */
export const Rate = z.object({ rate: z.number(), low: z.number(), high: z.number() });
export type Rate = z.infer<typeof Rate>;

export const VariantResult = z.object({
  variant_id: z.string(),
  label: z.string(),
  opening_line: z.string(),
  goal: z.string(),
  voice_id: z.string().nullable(),
  /** Contacts assigned to the variant now (keeping a winner moves the unreached ones to it). */
  contacts: z.number().int(),
  /** Contacts called with the variant, and how far they got on its calls. */
  dialled: z.number().int(),
  answered: z.number().int(),
  conversations: z.number().int(),
  booked: z.number().int(),
  /** Null while campaigns capture no qualifying answers: nothing true to count. */
  qualified: z.number().int().nullable(),
  answer_rate: Rate,
  conversation_rate: Rate,
  booking_rate: Rate,
  qualified_rate: Rate.nullable(),
});
export type VariantResult = z.infer<typeof VariantResult>;

export const FINDING_METRICS = ["conversations", "booked", "qualified"] as const;
export const Finding = z.object({
  metric: z.enum(FINDING_METRICS),
  leader: z.string(),
  runner_up: z.string(),
  leader_rate: z.number(),
  runner_up_rate: z.number(),
  /** Two-sided; with more than two variants, multiplied by the comparisons the leader was picked from. */
  p: z.number(),
  test: z.enum(["z", "fisher"]),
  significant: z.boolean(),
  /** "Variant B books more meetings: 14% vs 6%, p = 0.02". */
  sentence: z.string(),
});
export type Finding = z.infer<typeof Finding>;

export const EXPERIMENT_STATES = ["none", "ready", "running", "ended"] as const;
export const Experiment = z.object({
  campaign_id: z.string(),
  /** none: no variants · ready: variants, not launched · running: contacts split · ended: a winner kept. */
  state: z.enum(EXPERIMENT_STATES),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  winner: z.string().nullable(),
  /** Contacts moved to the winner when it was kept. */
  moved_contacts: z.number().int().nullable(),
  /** Per variant; once ended, the figures as they stood when the winner was kept. */
  variants: z.array(VariantResult),
  findings: z.array(Finding),
  qualified_counted: z.boolean(),
});
export type Experiment = z.infer<typeof Experiment>;

export const labelOf = (i: number): string => VARIANT_LABELS[i] ?? `#${i + 1}`;

/** 0.14 → "14%", 0.0593 → "5.9%": whole percents from 10%, one decimal below. */
export function percent(rate: number): string {
  const p = rate * 100;
  const text = p >= 10 || p === 0 ? Math.round(p).toString() : p.toFixed(1).replace(/\.0$/, "");
  return `${text}%`;
}

/** A rate and its interval as the tables write it: "14% (8–22%)". */
export function rateText(r: Rate): string {
  return `${percent(r.rate)} (${percent(r.low).slice(0, -1)}–${percent(r.high)})`;
}
