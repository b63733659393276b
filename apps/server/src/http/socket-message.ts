import type { z } from "zod";

/** A WebSocket text message checked against its schema; null when it is not JSON or not one of ours. */
export function parseSocketMessage<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
