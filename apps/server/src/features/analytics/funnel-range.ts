import { DateTime } from "luxon";
import { SLOT_SECONDS } from "./analytics.repo.ts";

export type FunnelRange = { from: DateTime; to: DateTime; fromSlot: number; toSlot: number };

/**
 * Two calendar days of `zone`, both included, as the instants they span (`to` is the next day's midnight) and
 * as the rollups' 15-minute slots [fromSlot, toSlot). Every zone's offset is a whole number of quarter hours, so
 * a local midnight always starts a slot. A day is 23 or 25 hours long across a DST change; luxon counts it right.
 */
export function funnelRange(fromDay: string, toDay: string, zone: string): FunnelRange {
  const from = DateTime.fromISO(fromDay, { zone }).startOf("day");
  const to = DateTime.fromISO(toDay, { zone }).startOf("day").plus({ days: 1 });
  const slot = (d: DateTime) => Math.floor(d.toMillis() / (SLOT_SECONDS * 1000));
  return { from, to, fromSlot: slot(from), toSlot: slot(to) };
}
