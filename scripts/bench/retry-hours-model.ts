/**
 * The callees of the retry-hours bench: who picks up when. Each contact has a persona whose chance of answering
 * depends on the hour and weekday on their own clock, times a responsiveness of their own; every draw comes from a
 * fixed seed, and a contact's n-th call draws the same number in every run (common random numbers), so two
 * schedules are compared over the same contacts and the same luck. docs/call-logs-and-analytics.md states it.
 */

export type Persona = "office" | "home" | "shift";

/** Chance a person answers, by local hour 8–20 (the legal calling hours), before weekday and responsiveness. */
const BY_HOUR: Record<Persona, number[]> = {
  // at a desk: lunch and after work
  office: [0.15, 0.1, 0.1, 0.12, 0.45, 0.4, 0.12, 0.1, 0.12, 0.35, 0.5, 0.5, 0.4],
  // at home in the day: late morning and afternoon
  home: [0.25, 0.35, 0.5, 0.5, 0.35, 0.3, 0.45, 0.45, 0.4, 0.3, 0.25, 0.2, 0.15],
  // shifts: early and late
  shift: [0.4, 0.35, 0.2, 0.15, 0.15, 0.2, 0.25, 0.25, 0.25, 0.25, 0.3, 0.4, 0.45],
};

/** Weekday factor (ISO weekday 1 Monday … 7 Sunday). */
function byWeekday(p: Persona, weekday: number, hour: number): number {
  if (p === "office") {
    if (weekday >= 6) return 1.3; // at home at the weekend
    if (weekday === 1) return 0.8; // Monday's meetings
    if (weekday === 5 && hour >= 14) return 0.8; // Friday afternoon
    return 1;
  }
  if (p === "home") return weekday === 7 ? 0.8 : 1;
  return 1;
}

/** Of calls no person answers, the share an answering machine picks up (a voicemail, retried like no answer). */
export const MACHINE_SHARE = 0.3;

export type Contact = { persona: Persona; responsiveness: number; zone: string; phone: string };

/** The chance a person answers this contact at `hour` on `weekday` of their clock. */
export function pickUpChance(c: Contact, weekday: number, hour: number): number {
  const base = BY_HOUR[c.persona][hour - 8] ?? 0; // outside 08:00–21:00 the dialer never rings
  return Math.min(0.95, base * byWeekday(c.persona, weekday, hour) * c.responsiveness);
}

/** mulberry32: a small seeded generator, so every run draws the same numbers. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The uniform number contact `i`'s call number `attempt` draws: the same in every schedule compared. */
export function drawFor(seed: number, i: number, attempt: number): number {
  return seeded(seed ^ Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(attempt, 0x85ebca6b))();
}

/** Zones of the population, each with a number of its country (the dialer finds the zone from the number). */
const ZONES: { zone: string; phone: (i: number) => string }[] = [
  { zone: "Asia/Dubai", phone: (i) => `+9715010${String(i).padStart(5, "0")}` },
  { zone: "Asia/Kolkata", phone: (i) => `+91980${String(i).padStart(7, "0")}` },
  { zone: "Europe/London", phone: (i) => `+4479111${String(i).padStart(5, "0")}` },
  { zone: "Europe/Paris", phone: (i) => `+336120${String(i).padStart(5, "0")}` },
  { zone: "Asia/Singapore", phone: (i) => `+659100${String(i).padStart(4, "0")}` },
];

/** `n` contacts spread over the zones: half at desks, a quarter at home, a quarter on shifts. */
export function population(n: number, seed: number): Contact[] {
  const rnd = seeded(seed);
  return Array.from({ length: n }, (_, i) => {
    const z = ZONES[i % ZONES.length]!;
    const r = rnd();
    const persona: Persona = r < 0.5 ? "office" : r < 0.75 ? "home" : "shift";
    return { persona, responsiveness: 0.5 + rnd(), zone: z.zone, phone: z.phone(i) };
  });
}
