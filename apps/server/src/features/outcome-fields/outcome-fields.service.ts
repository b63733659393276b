import {
  type CallOutcomeFields,
  OutcomeAnswer,
  type OutcomeFieldList,
  storedOutcomeFields,
} from "@parley/shared/outcome-fields";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";
import type { CallAnswersRow, OutcomeFieldsRepo } from "./outcome-fields.repo.ts";

const Answers = z.array(OutcomeAnswer);

/** Stored answers as the wire shows them; a row the schema no longer reads shows no answers rather than failing. */
const toCallFields = (r: CallAnswersRow): CallOutcomeFields => {
  const parsed = Answers.safeParse(r.answers);
  return { qualified: r.qualified, answers: parsed.success ? parsed.data : [] };
};

/**
 * The qualifying fields of a campaign and the answers its calls captured (docs/outcome-fields.md). The fields may be
 * changed at any time, a running campaign's too: each call keeps the fields it ran with, so nothing captured changes.
 */
export function createOutcomeFieldsService(deps: { repo: OutcomeFieldsRepo }) {
  const { repo } = deps;
  return {
    async get(orgId: string, campaignId: string): Promise<OutcomeFieldList> {
      const stored = await repo.fields(orgId, campaignId);
      if (stored === null) throw notFound("Campaign");
      return { fields: storedOutcomeFields(stored) };
    },

    async set(orgId: string, campaignId: string, list: OutcomeFieldList): Promise<OutcomeFieldList> {
      if (!(await repo.setFields(orgId, campaignId, list.fields))) throw notFound("Campaign");
      return list;
    },

    /** Keeps what a finished call captured; a call of a campaign without fields has nothing to keep. */
    async saveCall(orgId: string, callId: string, captured: CallOutcomeFields | undefined): Promise<void> {
      if (!captured?.answers.length) return;
      await repo.saveCall(orgId, callId, captured);
    },

    async forCall(orgId: string, callId: string): Promise<CallOutcomeFields | null> {
      const [row] = await repo.forCalls(orgId, [callId]);
      return row ? toCallFields(row) : null;
    },

    /** The answers of several calls (a page of the call logs, a batch of the export), by call id. */
    async forCalls(orgId: string, callIds: string[]): Promise<Map<string, CallOutcomeFields>> {
      const rows = await repo.forCalls(orgId, callIds);
      return new Map(rows.map((r) => [r.call_id, toCallFields(r)]));
    },
  };
}
export type OutcomeFieldsService = ReturnType<typeof createOutcomeFieldsService>;
