import { FINDING_METRICS, percent, type Finding, type VariantResult } from "@parley/shared/experiments";
import { compareProportions, wilsonInterval } from "./proportion-stats.ts";
import type { VariantCounts } from "./experiments.repo.ts";

/** Below this p the leader's lead is called more than chance. */
export const SIGNIFICANCE = 0.05;

type Metric = (typeof FINDING_METRICS)[number];
const WORDS: Record<Metric, { more: string; noun: string }> = {
  conversations: { more: "holds more conversations over 30 s", noun: "conversations over 30 s" },
  booked: { more: "books more meetings", noun: "meetings booked" },
  qualified: { more: "qualifies more contacts", noun: "contacts qualified" },
};

/** A variant's row of the table: its counts and each rate over the contacts dialled with it, with 95% intervals. */
export function variantResult(c: VariantCounts, qualified: number | null): VariantResult {
  return {
    variant_id: c.id,
    label: c.label,
    opening_line: c.opening_line,
    goal: c.goal,
    voice_id: c.voice_id,
    contacts: c.contacts,
    dialled: c.dialled,
    answered: c.answered,
    conversations: c.conversations,
    booked: c.booked,
    qualified,
    answer_rate: wilsonInterval(c.answered, c.dialled),
    conversation_rate: wilsonInterval(c.conversations, c.dialled),
    booking_rate: wilsonInterval(c.booked, c.dialled),
    qualified_rate: qualified === null ? null : wilsonInterval(qualified, c.dialled),
  };
}

/** "p = 0.02", "p = 0.004", "p < 0.001". */
export function pText(p: number): string {
  if (p < 0.001) return "p < 0.001";
  return `p = ${p < 0.01 ? p.toFixed(3) : p.toFixed(2)}`;
}

/**
 * Per outcome, the variant with the highest rate against the next best, in words. Each rate is over the contacts
 * dialled with the variant. With more than two variants the leader was picked from several, so its p is multiplied
 * by the comparisons it could have won (Bonferroni): a lead found by looking at four variants must be clearer.
 */
export function findings(results: VariantResult[]): Finding[] {
  const out: Finding[] = [];
  const dialled = results.filter((r) => r.dialled > 0);
  if (dialled.length < 2) return out;
  for (const metric of FINDING_METRICS) {
    const count = (r: VariantResult) => r[metric];
    if (dialled.some((r) => count(r) === null)) continue;
    const rate = (r: VariantResult) => count(r)! / r.dialled;
    const [leader, runnerUp] = [...dialled].sort((a, b) => rate(b) - rate(a) || a.label.localeCompare(b.label));
    const test = compareProportions(count(leader!)!, leader!.dialled, count(runnerUp!)!, runnerUp!.dialled);
    const p = Math.min(1, test.p * (dialled.length - 1));
    const significant = p < SIGNIFICANCE && rate(leader!) > rate(runnerUp!);
    const figures = `${percent(rate(leader!))} vs ${percent(rate(runnerUp!))}, ${pText(p)}`;
    const sentence = significant
      ? `Variant ${leader!.label} ${WORDS[metric].more}: ${figures}`
      : `No clear difference in ${WORDS[metric].noun} yet: ${leader!.label} ${percent(rate(leader!))} vs ` +
        `${runnerUp!.label} ${percent(rate(runnerUp!))}, ${pText(p)}`;
    out.push({
      metric,
      leader: leader!.label,
      runner_up: runnerUp!.label,
      leader_rate: rate(leader!),
      runner_up_rate: rate(runnerUp!),
      p,
      test: test.test,
      significant,
      sentence,
    });
  }
  return out;
}
