/**
 * `npm run bench -- retry-hours`: the share of contacts a person answers for with retries at the learnt hours
 * against retries spread evenly, over the same contacts and the same luck (retry-hours-model.ts), each schedule
 * dialled by the real dialer on a simulated clock (retry-hours-sim.ts). BENCH_CONTACTS sets the list's size,
 * BENCH_DB=pglite|postgres the database (PostgreSQL when it answers).
 */
import { dbKinds, openTestDb } from "../../tests/support/test-db.ts";
import { population } from "./retry-hours-model.ts";
import { benchOrg, CAMPAIGN, dialCampaign, LINES, type CampaignFigures, type Schedule } from "./retry-hours-sim.ts";

const SEED = 20260302;
const N = Number(process.env.BENCH_CONTACTS ?? 1000);
// Monday 2 March 2026, 09:00 in Dubai; the earlier list two weeks before.
const LAUNCH = new Date("2026-03-02T05:00:00Z");
const HISTORY_LAUNCH = new Date("2026-02-16T05:00:00Z");

const SCHEDULES: Schedule[] = [
  { name: "spread evenly (no learning)", learning: false },
  { name: "learnt hours, wait ≤ 7 days", learning: true, maxExtraWaitDays: 7 },
  { name: "learnt hours, wait ≤ 1 day", learning: true, maxExtraWaitDays: 1 },
];

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function line(name: string, f: CampaignFigures): string {
  const withinDays = (d: number) => f.daysToReach.filter((x) => x <= d).length / f.contacts;
  return [
    name.padEnd(30),
    pct(f.reached / f.contacts).padStart(7),
    (f.calls / f.reached).toFixed(2).padStart(9),
    median(f.daysToReach).toFixed(2).padStart(8),
    pct(withinDays(1)).padStart(8),
    pct(withinDays(3)).padStart(8),
    f.days.toFixed(1).padStart(6),
  ].join(" ");
}

export async function run(): Promise<void> {
  const kind = (process.env.BENCH_DB as "pglite" | "postgres" | undefined) ?? (await dbKinds()).at(-1)!;
  const { db, drop } = await openTestDb(kind);
  try {
    console.log(
      `${N} contacts in Dubai, India, the UK, France and Singapore; ${kind}; campaign in ${CAMPAIGN.timezone} ` +
        `${CAMPAIGN.business_hours_start}–${CAMPAIGN.business_hours_end} every day, ${CAMPAIGN.max_attempts} ` +
        `attempts, ${CAMPAIGN.time_gap_seconds / 3600} h gap, ${LINES} lines; seed ${SEED}`,
    );
    const contacts = population(N, SEED);
    const earlier = population(N, SEED + 1);
    let evenly: CampaignFigures | undefined;
    for (const history of [false, true]) {
      console.log(
        history
          ? "\nwith history: the organisation dialled another list of the same people two weeks before"
          : "\nfirst campaign: the organisation has no history (it learns from this campaign's own calls)",
      );
      console.log("schedule                       reached  attempts  median  ≤1 day  ≤3 days  last");
      console.log("                                        /answer   days                      day");
      for (const [k, s] of SCHEDULES.entries()) {
        // Without learning the history changes nothing: the same calls at the same times, so the same figures.
        if (!s.learning && history) {
          console.log(line(s.name, evenly!));
          continue;
        }
        const orgId = await benchOrg(db, `retry-hours-${history ? "h" : "c"}${k}`);
        if (history) await dialCampaign(db, orgId, earlier, HISTORY_LAUNCH, SCHEDULES[0]!, SEED + 1);
        const figures = await dialCampaign(db, orgId, contacts, LAUNCH, s, SEED);
        if (!s.learning) evenly = figures;
        console.log(line(s.name, figures));
      }
    }
  } finally {
    await drop();
  }
}
