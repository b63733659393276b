import {
  ExperimentMessages,
  VariantsInput,
  labelOf,
  type Experiment,
  type VariantResult,
  type VariantValues,
} from "@parley/shared/experiments";
import { AppError, notFound, toFieldIssues, validationError } from "../../http/errors.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Db, Queryable } from "../../platform/db.ts";
import type { CampaignHooks } from "../campaigns/campaigns.service.ts";
import { zonesOf } from "./contact-strata.ts";
import { findings, variantResult } from "./experiment-findings.ts";
import type { ExperimentRow, ExperimentsRepo, VariantRow } from "./experiments.repo.ts";
import { assignStratified, type Random } from "./stratified-assignment.ts";

type Deps = {
  db: Db;
  repo: ExperimentsRepo;
  clock: Clock;
  voiceExists: (voiceId: string) => Promise<boolean>;
  random?: Random;
};

const stateOf = (variants: VariantRow[], e: ExperimentRow | null): Experiment["state"] =>
  !variants.length ? "none" : e?.ended_at ? "ended" : e?.started_at ? "running" : "ready";

function parseVariants(raw: unknown): VariantValues[] {
  const parsed = VariantsInput.safeParse(raw);
  if (!parsed.success) {
    throw validationError(toFieldIssues(parsed.error.issues.map((i) => ({ ...i, path: ["variants", ...i.path] }))));
  }
  return parsed.data;
}

/** Variants of a campaign, the split of its contacts at launch, the per-variant results, and keeping a winner. */
export function createExperimentsService(deps: Deps) {
  const { db, repo, clock } = deps;
  const random = deps.random ?? Math.random;

  const checkVoices = async (variants: VariantValues[]) => {
    for (const [i, v] of variants.entries()) {
      if (v.voice_id && !(await deps.voiceExists(v.voice_id))) {
        const message = ExperimentMessages.unknownVoice(labelOf(i));
        throw validationError([{ path: `variants.${i}.voice_id`, message }]);
      }
    }
  };

  /**
   * Sets the variants inside the caller's transaction (a campaign's create or update, or PUT …/experiment).
   * `statusBefore`: the campaign's status before this change (a campaign created and launched at once was a draft).
   */
  async function setVariants(
    q: Queryable,
    orgId: string,
    campaignId: string,
    raw: unknown,
    statusBefore?: string,
  ): Promise<void> {
    const variants = parseVariants(raw);
    const campaign = await repo.campaign(q, orgId, campaignId);
    if (!campaign) throw notFound("Campaign");
    if (variants.length && campaign.direction === "inbound") {
      throw validationError([{ path: "variants", message: ExperimentMessages.inbound }]);
    }
    await checkVoices(variants);
    const existing = await repo.variants(q, orgId, campaignId);
    const experiment = await repo.experiment(q, orgId, campaignId, true);
    if (experiment?.started_at) {
      // Started: the contacts are split between these variants and calls recorded with them; only wording changes.
      if (variants.length !== existing.length) {
        const message = ExperimentMessages.startedCount(existing.map((v) => v.label).join(", "));
        throw validationError([{ path: "variants", message }]);
      }
      for (const [i, v] of variants.entries()) await repo.editVariant(q, orgId, existing[i]!.id, v);
      return;
    }
    if ((statusBefore ?? campaign.status) !== "draft") {
      if (!variants.length) return;
      throw validationError([{ path: "variants", message: ExperimentMessages.notBeforeLaunch }]);
    }
    await repo.replaceVariants(
      q,
      orgId,
      campaignId,
      variants.map((v, i) => ({ ...v, label: labelOf(i) })),
    );
  }

  /** Splits the campaign's unassigned contacts between its variants, at random within each time zone. */
  async function split(q: Queryable, orgId: string, campaignId: string): Promise<void> {
    const campaign = await repo.campaign(q, orgId, campaignId);
    const variants = await repo.variants(q, orgId, campaignId);
    if (!campaign || !variants.length) return;
    if (campaign.contacts < variants.length) {
      const message = ExperimentMessages.fewerContacts(campaign.contacts, variants.length);
      throw validationError([{ path: "variants", message }]);
    }
    const unassigned = await repo.unassignedContacts(q, campaignId);
    const zones = zonesOf(
      unassigned.map((c) => c.phone),
      campaign.timezone,
    );
    const contacts = unassigned.map((c, i) => ({ id: c.id, zone: zones[i]! }));
    const zoneOf = new Map(contacts.map((c) => [c.id, c.zone]));
    const chosen = assignStratified(
      contacts,
      variants.map((v) => v.id),
      random,
    );
    const rows = [...chosen].map(([contactId, variantId]) => ({ contactId, variantId, zone: zoneOf.get(contactId)! }));
    await repo.saveAssignments(q, orgId, campaignId, rows);
    await repo.markStarted(q, orgId, campaignId, clock.now());
  }

  async function results(q: Queryable, orgId: string, campaignId: string): Promise<VariantResult[]> {
    // Qualified is counted once campaigns capture qualifying answers; until then it is null, never a guess.
    return (await repo.counts(q, orgId, campaignId)).map((c) => variantResult(c, null));
  }

  async function view(q: Queryable, orgId: string, campaignId: string): Promise<Experiment> {
    const variants = await repo.variants(q, orgId, campaignId);
    const e = await repo.experiment(q, orgId, campaignId);
    const ended = e?.ended_at ? (e.final_results as VariantResult[]) : null;
    const rows = ended ?? (await results(q, orgId, campaignId));
    return {
      campaign_id: campaignId,
      state: stateOf(variants, e),
      started_at: e?.started_at?.toISOString() ?? null,
      ended_at: e?.ended_at?.toISOString() ?? null,
      winner: variants.find((v) => v.id === e?.winner_id)?.label ?? null,
      moved_contacts: e?.moved_contacts ?? null,
      variants: rows,
      findings: findings(rows),
      qualified_counted: rows.some((r) => r.qualified !== null),
    };
  }

  /** What the campaigns feature calls inside its own transactions. */
  const hooks: CampaignHooks = {
    async saved(q, e) {
      if (e.fields.variants !== undefined) await setVariants(q, e.orgId, e.campaignId, e.fields.variants, e.before);
    },
    async statusChanged(q, e) {
      if (e.from === "draft" && (e.to === "active" || e.to === "scheduled")) await split(q, e.orgId, e.campaignId);
    },
    async contactsReplaced(q, e) {
      const experiment = await repo.experiment(q, e.orgId, e.campaignId, true);
      if (!experiment?.started_at) return;
      // After the end every new contact takes the winner; while it runs, the new list is split like the first.
      if (experiment.winner_id) await repo.assignAllTo(q, e.orgId, e.campaignId, experiment.winner_id);
      else await split(q, e.orgId, e.campaignId);
    },
    /** A copy is a fresh draft: the variants' wording and voices, never their contacts, calls or results. */
    async duplicated(q, e) {
      const variants = await repo.variants(q, e.orgId, e.fromId);
      if (variants.length)
        await repo.replaceVariants(
          q,
          e.orgId,
          e.toId,
          variants.map(({ id: _, ...v }) => v),
        );
    },
  };

  return {
    hooks,

    async get(orgId: string, campaignId: string): Promise<Experiment> {
      if (!(await repo.campaign(db, orgId, campaignId))) throw notFound("Campaign");
      return view(db, orgId, campaignId);
    },

    async set(orgId: string, campaignId: string, variants: unknown): Promise<Experiment> {
      // An absent list is a mistake, not "no experiment": that is said with [].
      if (variants === undefined) throw validationError([{ path: "variants", message: ExperimentMessages.list }]);
      await db.tx((q) => setVariants(q, orgId, campaignId, variants));
      return view(db, orgId, campaignId);
    },

    /** Ends the experiment with `variant` (label or id); the contacts not yet reached move to it. */
    async keepWinner(orgId: string, campaignId: string, variant: string): Promise<Experiment> {
      await db.tx(async (q) => {
        if (!(await repo.campaign(q, orgId, campaignId))) throw notFound("Campaign");
        const experiment = await repo.experiment(q, orgId, campaignId, true);
        const variants = await repo.variants(q, orgId, campaignId);
        const winner = variants.find((v) => v.id === variant || v.label === variant.toUpperCase());
        if (!winner) {
          throw validationError([{ path: "variant", message: ExperimentMessages.unknownVariant(variant) }]);
        }
        if (experiment?.ended_at) throw new AppError("conflict", ExperimentMessages.ended);
        if (!experiment?.started_at) throw new AppError("conflict", ExperimentMessages.notRunning);
        await repo.keepWinner(q, orgId, campaignId, winner.id, clock.now(), await results(q, orgId, campaignId));
      });
      return view(db, orgId, campaignId);
    },
  };
}
export type ExperimentsService = ReturnType<typeof createExperimentsService>;
