import {
  type CallOutcomeFields,
  fieldKey,
  isQualified,
  NOT_ANSWERED,
  type OutcomeAnswer,
  type OutcomeField,
} from "@parley/shared/outcome-fields";
import type { CallEvent } from "../brain/call-events.ts";
import { type FieldReading, readUnasked } from "./field-readers.ts";

/** A callee's line as the brain heard it: `sure` is false when speech recognition doubted the words. */
export type HeardLine = { text: string; sure: boolean };

/** The field's answer: the value read from `utterance`, or not answered (with the words that declined, if any). */
export function answerOf(field: OutcomeField, reading: FieldReading, utterance: string | null): OutcomeAnswer {
  const base = { key: fieldKey(field.name), name: field.name, type: field.type, utterance };
  if (reading.kind !== "value") return { ...base, answered: false, value: null, currency: null, display: NOT_ANSWERED };
  const { value, currency, display } = reading;
  return { ...base, answered: true, value, currency, display };
}

/**
 * What the call captured for each field the campaign had: the answer the agent recorded, else a value said before
 * it could be asked (only words heard for sure, only where they cannot mean anything else), else not answered.
 */
export function callOutcomeFields(fields: OutcomeField[], events: CallEvent[], heard: HeardLine[]): CallOutcomeFields {
  const recorded = new Map<string, OutcomeAnswer>();
  for (const e of events) if (e.kind === "field_answer") recorded.set(e.answer.key, e.answer);
  const answers = fields.map((f) => {
    const own = recorded.get(fieldKey(f.name));
    if (own?.answered) return own;
    for (const line of heard.filter((l) => l.sure)) {
      const reading = readUnasked(f, line.text);
      if (reading.kind === "value") return answerOf(f, reading, line.text);
    }
    return own ?? answerOf(f, { kind: "unclear" }, null);
  });
  return { qualified: isQualified(fields, answers), answers };
}
