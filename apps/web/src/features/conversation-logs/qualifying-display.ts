import type { CallOutcomeFields } from "@parley/shared/outcome-fields";

/** A call's qualifying answers as the logs show them (docs/outcome-fields.md). */
export type QualifyingView = {
  /** "Qualified", "Not qualified", or null when the call's campaign captured no fields. */
  label: string | null;
  qualified: boolean | null;
  answers: { key: string; name: string; display: string; answered: boolean; utterance: string | null }[];
};

export function qualifyingView(f: CallOutcomeFields | null): QualifyingView {
  if (!f) return { label: null, qualified: null, answers: [] };
  const label = f.qualified === null ? null : f.qualified ? "Qualified" : "Not qualified";
  return {
    label,
    qualified: f.qualified,
    answers: f.answers.map((a) => ({
      key: a.key,
      name: a.name,
      display: a.display,
      answered: a.answered,
      utterance: a.utterance,
    })),
  };
}

/** One field's value in a row ("—" when the call did not capture that field). */
export const answerOf = (v: QualifyingView, key: string): string =>
  v.answers.find((a) => a.key === key)?.display ?? "—";

/** The fields seen so far, for the filter's choice: by key, the newest name kept, in the order first seen. */
export function fieldsSeen(known: Map<string, string>, views: QualifyingView[]): Map<string, string> {
  const next = new Map(known);
  for (const v of views) for (const a of v.answers) next.set(a.key, a.name);
  return next;
}

/** "answered", "not_answered" or a value, as the server's field_value filter takes it. */
export const FIELD_VALUE_CHOICES = [
  { value: "answered", label: "Answered" },
  { value: "not_answered", label: "Not answered" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;
