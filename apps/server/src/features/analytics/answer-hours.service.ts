import { LEARNING_CALLS, MIN_CELL_CALLS, type AnswerHours, type AnswerHoursQuery } from "@parley/shared/answer-hours";
import { notFound } from "../../http/errors.ts";
import type { AnswerHourRow, AnswerHoursRepo } from "./answer-hours.repo.ts";

const sum = (rows: AnswerHourRow[], k: "dialled" | "answered" | "people") => rows.reduce((n, r) => n + r[k], 0);

/** When the organisation's contacts answer: the heat map's cells, and the same figures for the dialer's retries. */
export function createAnswerHoursService(deps: { repo: AnswerHoursRepo }) {
  const { repo } = deps;

  /** Every campaign's calls: what the dialer learns from (the analytics screen may narrow it to one campaign). */
  async function stats(orgId: string) {
    const cells = await repo.cells(orgId, null);
    return { dialled: sum(cells, "dialled"), cells };
  }

  return {
    stats,

    async get(orgId: string, q: AnswerHoursQuery): Promise<AnswerHours> {
      const campaignId = q.campaign_id ?? null;
      if (campaignId && !(await repo.campaignExists(orgId, campaignId))) throw notFound("Campaign");
      const all = await stats(orgId);
      const cells = campaignId ? await repo.cells(orgId, campaignId) : all.cells;
      return {
        cells,
        totals: { dialled: sum(cells, "dialled"), answered: sum(cells, "answered"), people: sum(cells, "people") },
        min_cell_calls: MIN_CELL_CALLS,
        learning: {
          // As the dialer decides (best-retry-hour.ts): enough calls, and at least one hour it can trust.
          active: all.dialled >= LEARNING_CALLS && all.cells.some((c) => c.dialled >= MIN_CELL_CALLS),
          dialled: all.dialled,
          needed_calls: LEARNING_CALLS,
        },
      };
    },
  };
}
export type AnswerHoursService = ReturnType<typeof createAnswerHoursService>;
