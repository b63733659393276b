/**
 * One campaign dialled by the real dialer (dialer.service.ts, its repository on a real database, best-retry-hour.ts,
 * the answer-hours rollups and service) under a simulated clock; only the carrier and the callees are simulated
 * (retry-hours-model.ts). Calls take simulated time and hold one of the organisation's lines while they last.
 */
import { DateTime } from "luxon";
import pino from "pino";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { createAnswerHoursRepo } from "../../apps/server/src/features/analytics/answer-hours.repo.ts";
import { createAnswerHoursService } from "../../apps/server/src/features/analytics/answer-hours.service.ts";
import { contactOffsetMins, contactZone } from "../../apps/server/src/features/calls/contact-zone.ts";
import { contactZones } from "../../apps/server/src/features/dialer/contact-zones.ts";
import { createDialerRepo } from "../../apps/server/src/features/dialer/dialer.repo.ts";
import { createDialerService } from "../../apps/server/src/features/dialer/dialer.service.ts";
import type { CallPlacer, DialJob, DialResult } from "../../apps/server/src/features/dialer/dialer.types.ts";
import { insertCampaign, setOrgLimits } from "../../tests/support/seed.ts";
import { drawFor, MACHINE_SHARE, pickUpChance, type Contact } from "./retry-hours-model.ts";

/** How the dialer places retries: as before learning, or into the learnt hours waiting at most so many days. */
export type Schedule = { name: string; learning: boolean; maxExtraWaitDays?: number };

/** The campaign every run dials: a team in Dubai calling contacts in five countries. */
export const CAMPAIGN = {
  timezone: "Asia/Dubai",
  business_hours_start: "09:00",
  business_hours_end: "19:00",
  max_attempts: 4,
  time_gap_seconds: 4 * 3600,
  retry_backoff: false,
};
/** The organisation's lines: a small team's. */
export const LINES = 3;
const SECONDS = { person: 120, machine: 40, ringOut: 30 };
const DAY_MS = 86_400_000;

export type CampaignFigures = {
  contacts: number;
  /** Contacts a person answered for, within the campaign's attempts. */
  reached: number;
  calls: number;
  /** Days from launch to the answered call, per contact reached. */
  daysToReach: number[];
  /** Days from launch to the campaign's last call. */
  days: number;
};

type Ending = { at: number; finish: () => Promise<void> };

/** The carrier: rings a contact at the simulated time and says, when the call's time is up, what happened. */
function simulatedCarrier(db: Db, clock: { t: number }, seed: number, byPhone: Map<string, [number, Contact]>) {
  const endings: Ending[] = [];
  const answeredAt = new Map<string, number>();
  let calls = 0;
  const placer: CallPlacer = {
    place(job: DialJob): Promise<DialResult> {
      const [i, c] = byPhone.get(job.phone)!;
      const start = clock.t;
      const local = DateTime.fromMillis(start, { zone: contactZone(job.phone, CAMPAIGN.timezone) });
      const p = pickUpChance(c, local.weekday, local.hour);
      const u = drawFor(seed, i, job.attemptNumber);
      const person = u < p;
      const machine = !person && (u - p) / (1 - p) < MACHINE_SHARE;
      const secs = person ? SECONDS.person : machine ? SECONDS.machine : SECONDS.ringOut;
      const outcome = person ? "completed" : machine ? "voicemail" : "no_answer";
      const end = start + secs * 1000;
      calls++;
      if (person) answeredAt.set(job.contactId, start);
      return new Promise((resolve) => {
        endings.push({
          at: end,
          // What the call runner writes on a real call: when it rang and was answered, and the contact's offset
          // at that time (the repository takes it at the lease's wall-clock time, not the simulated one).
          finish: async () => {
            await db.query(
              `update calls set status = $2, outcome = $3, started_at = $4, answered_at = $5, ended_at = $6,
                 duration_secs = $7, contact_offset_mins = $8 where id = $1`,
              [
                job.callId,
                person || machine ? "completed" : "no_answer",
                outcome,
                new Date(start),
                person || machine ? new Date(start + 10_000) : null,
                new Date(end),
                secs,
                contactOffsetMins(job.phone, CAMPAIGN.timezone, new Date(start)),
              ],
            );
            resolve({ outcome, durationSecs: secs, endedAt: new Date(end) });
          },
        });
      });
    },
  };
  return {
    placer,
    answeredAt,
    calls: () => calls,
    open: () => endings.length,
    nextEnd: () => (endings.length ? Math.min(...endings.map((e) => e.at)) : null),
    /** Ends every call whose time is up by `t`. */
    async endUntil(t: number) {
      const due = endings.filter((e) => e.at <= t);
      for (const e of due) endings.splice(endings.indexOf(e), 1);
      for (const e of due) await e.finish();
    },
  };
}

/** Inserts the contacts 1,000 to a statement; answers phone → [index in the model, contact]. */
async function insertContacts(db: Db, orgId: string, campaignId: string, contacts: Contact[]) {
  for (let i = 0; i < contacts.length; i += 1000) {
    const chunk = contacts.slice(i, i + 1000);
    const values = chunk.map((_, j) => `($1, $2, ${i + j + 2}, $${j + 3})`).join(",");
    await db.query(`insert into contacts (org_id, campaign_id, line_number, phone_e164) values ${values}`, [
      orgId,
      campaignId,
      ...chunk.map((c) => c.phone),
    ]);
  }
  return new Map(contacts.map((c, i) => [c.phone, [i, c] as [number, Contact]]));
}

/**
 * Launches a campaign of `contacts` at `launch` in organisation `orgId` and runs the simulated clock until its last
 * attempt is done. The dialer learns (or not) from every call the organisation has ended so far.
 */
export async function dialCampaign(
  db: Db,
  orgId: string,
  contacts: Contact[],
  launch: Date,
  schedule: Schedule,
  seed: number,
): Promise<CampaignFigures> {
  for (const c of contacts) if (!contactZones(c.phone).includes(c.zone)) throw new Error(`${c.phone}: not ${c.zone}`);
  const campaignId = await insertCampaign(db, orgId, { ...CAMPAIGN, name: schedule.name, status: "active" });
  const byPhone = await insertContacts(db, orgId, campaignId, contacts);
  const clock = { t: launch.getTime() };
  const carrier = simulatedCarrier(db, clock, seed, byPhone);
  const answerHours = createAnswerHoursService({ repo: createAnswerHoursRepo(db) });
  const repo = createDialerRepo(db);
  const dialer = createDialerService({
    repo,
    placer: carrier.placer,
    clock: { now: () => new Date(clock.t) },
    log: pino({ level: "silent" }),
    workerId: "retry-hours",
    // Leases renew on the wall clock, which stands still here: one that outlives any simulated call.
    leaseMs: DAY_MS,
    isDoNotCall: async () => new Set(),
    answerHours: schedule.learning ? answerHours.stats : undefined,
    maxExtraWaitDays: schedule.maxExtraWaitDays,
  });
  await repo.enqueueCampaign(orgId, campaignId, launch);
  let lastCall = clock.t;
  let idlePasses = 0; // passes in a row at one time that placed nothing
  for (;;) {
    const placed = await dialer.tick();
    if (placed) lastCall = clock.t;
    const [row] = await db.query<{ due: Date | null }>(
      "select min(due_at) as due from call_attempts where campaign_id = $1 and status = 'pending'",
      [campaignId],
    );
    const due = row?.due ? row.due.getTime() : null;
    const end = carrier.nextEnd();
    if (due === null && end === null) break;
    // More are due now and lines are free: a pass looks at a few candidates (twice the free lines) and moves those
    // whose contact's hours are closed to their window, so passes at the same time go on until none is left.
    if (due !== null && due <= clock.t && carrier.open() < LINES && idlePasses < 1000) {
      idlePasses = placed ? 0 : idlePasses + 1;
      continue;
    }
    const next = Math.min(due !== null && due > clock.t ? due : Infinity, end ?? Infinity);
    if (next === Infinity) throw new Error(`stuck at ${new Date(clock.t).toISOString()}: due, no line and no call`);
    idlePasses = 0;
    clock.t = next;
    await carrier.endUntil(next);
    // The dialer records each ended call (and schedules its retry) after the carrier's answer: wait for it.
    while (dialer.activeCalls() > carrier.open()) await new Promise((r) => setTimeout(r, 0));
  }
  const daysToReach = [...carrier.answeredAt.values()].map((t) => (t - launch.getTime()) / DAY_MS);
  return {
    contacts: contacts.length,
    reached: daysToReach.length,
    calls: carrier.calls(),
    daysToReach,
    days: (lastCall - launch.getTime()) / DAY_MS,
  };
}

/** A fresh organisation with the team's lines and minutes enough for any run. */
export async function benchOrg(db: Db, slug: string): Promise<string> {
  const [org] = await db.query<{ id: string }>(
    "insert into organizations (slug, name) values ($1, 'Retry hours') returning id",
    [slug],
  );
  await setOrgLimits(db, org!.id, { max_concurrent_calls: LINES, minutes_balance: 100_000_000 });
  return org!.id;
}
