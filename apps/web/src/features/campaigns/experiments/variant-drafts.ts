import {
  ExperimentMessages,
  MAX_VARIANTS,
  labelOf,
  type Experiment,
  type VariantInput,
} from "@parley/shared/experiments";

/** One variant as the setup form holds it; an empty voice means the campaign's own. */
export type VariantDraft = { opening_line: string; goal: string; voice_id: string };

/**
 * The form's experiment: null while untouched (a save leaves the stored variants as they are), a list otherwise
 * ([] removes the experiment of a draft).
 */
export type VariantDrafts = VariantDraft[] | null;

const blank = (): VariantDraft => ({ opening_line: "", goal: "", voice_id: "" });

/** Turning the experiment on: variant A is the call flow written above, B starts empty beside it. */
export function startExperiment(flow: { opening_line: string; goal: string }): VariantDraft[] {
  return [{ opening_line: flow.opening_line, goal: flow.goal, voice_id: "" }, blank()];
}

export const canAdd = (v: VariantDraft[]) => v.length < MAX_VARIANTS;
export const addVariant = (v: VariantDraft[]) => (canAdd(v) ? [...v, blank()] : v);

/** The stored variants as the form edits them. */
export function fromExperiment(e: Experiment): VariantDraft[] {
  return e.variants.map((v) => ({ opening_line: v.opening_line, goal: v.goal, voice_id: v.voice_id ?? "" }));
}

/** What each variant lacks, in the server's words (null when it may be saved). */
export function variantProblems(v: VariantDraft[]): (string | null)[] {
  return v.map((d, i) => (d.opening_line.trim() ? null : ExperimentMessages.openingLine(labelOf(i))));
}

/** The campaign payload's `variants`: absent while untouched, so a save never undoes what it did not show. */
export function variantsPayload(v: VariantDrafts | undefined): { variants?: VariantInput[] } {
  if (v == null) return {};
  return {
    variants: v.map((d) => ({
      opening_line: d.opening_line.trim(),
      goal: d.goal.trim(),
      voice_id: d.voice_id || null,
    })),
  };
}
