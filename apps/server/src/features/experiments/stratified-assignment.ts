/** A contact to place in a variant, with the zone it is called in (its stratum). */
export type Assignable = { id: string; zone: string };

/** Random numbers in [0, 1): Math.random in the app, a seeded generator in tests and the bench. */
export type Random = () => number;

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/**
 * Splits contacts between variants at random, stratified by time zone: within each zone every variant gets the
 * same number of contacts give or take one, so a variant is never favoured by calling mostly at the hours one
 * zone answers in. A zone's leftover contacts go to the variants with the fewest so far (ties broken at random),
 * which keeps the totals within one of each other as well. Answers contact id → variant id.
 */
export function assignStratified(
  contacts: readonly Assignable[],
  variantIds: readonly string[],
  random: Random,
): Map<string, string> {
  if (variantIds.length === 0) throw new Error("assignStratified needs at least one variant");
  const totals = new Map(variantIds.map((v) => [v, 0]));
  const byZone = new Map<string, Assignable[]>();
  for (const c of contacts) {
    const members = byZone.get(c.zone);
    if (members) members.push(c);
    else byZone.set(c.zone, [c]);
  }
  const out = new Map<string, string>();
  // Zones in a fixed order (by name), so a seeded run gives the same split.
  for (const zone of [...byZone.keys()].sort()) {
    const members = shuffle(byZone.get(zone)!, random);
    const each = Math.floor(members.length / variantIds.length);
    const extra = members.length % variantIds.length;
    const fewest = shuffle([...variantIds], random).sort((a, b) => totals.get(a)! - totals.get(b)!);
    const slots = variantIds.flatMap((v) => Array<string>(each).fill(v)).concat(fewest.slice(0, extra));
    shuffle(slots, random);
    members.forEach((c, i) => {
      out.set(c.id, slots[i]!);
      totals.set(slots[i]!, totals.get(slots[i]!)! + 1);
    });
  }
  return out;
}
