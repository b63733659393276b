import { ApiRequestError, messageOf } from "../../lib/api-error.ts";

export type FieldErrors = Partial<Record<string, string>>;

/** Zod issues (browser-side check) as one message per top-level field, the first one winning. */
export function issuesToErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? "");
    out[key] ??= i.message;
  }
  return out;
}

/**
 * A failed save: field problems go beside their fields; anything else (403, network…) goes to `form`,
 * so the user always reads why it did not save.
 */
export function serverErrors(err: unknown, fallback: string): FieldErrors {
  const issues = err instanceof ApiRequestError ? err.fieldIssues : [];
  if (issues.length) return issuesToErrors(issues.map((i) => ({ path: i.path.split("."), message: i.message })));
  return { form: messageOf(err, fallback) };
}
