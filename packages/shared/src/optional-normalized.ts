import { z } from "zod";

/** Blank, null and absent all mean "not set". */
const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v;

/**
 * An optional text setting stored in a normal form (a transfer target, an inbound number): blank clears it to
 * null, and whatever `normalize` refuses fails with `message`, the words the web form shows as it is typed.
 */
export function optionalNormalized(normalize: (raw: string) => string | null, message: string) {
  return z
    .preprocess(blankToNull, z.string(message).max(200, message).nullable())
    .transform((v, ctx) => {
      if (v === null) return null;
      const normal = normalize(v);
      if (!normal) ctx.addIssue({ code: "custom", message });
      return normal;
    })
    .default(null);
}
