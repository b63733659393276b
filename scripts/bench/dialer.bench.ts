import pino from "pino";
import { openTestDb } from "../../tests/support/test-db.ts";
import { createDialerRepo } from "../../apps/server/src/features/dialer/dialer.repo.ts";
import { createDialerService } from "../../apps/server/src/features/dialer/dialer.service.ts";
import { insertCampaign, setOrgLimits } from "../../tests/support/seed.ts";

const N = 100_000;
const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** Launch of a 100,000-contact campaign, one scheduling pass over 100,000 pending attempts, calls placed per second. */
export async function run(): Promise<void> {
  const { db, drop } = await openTestDb("pglite");
  try {
    // A bare database, no server to sign up through: the organisation is written straight in.
    const [org] = await db.query<{ id: string }>(
      "insert into organizations (slug, name) values ('bench', 'Bench') returning id",
    );
    const campaignId = await insertCampaign(db, org!.id, {
      name: "Bench",
      status: "active",
      timezone: "UTC",
      business_hours_start: "00:00",
      business_hours_end: "00:00",
    });
    // Contacts 5,000 to a statement: a helper's row-by-row inserts would take longer than the launch measured.
    for (let i = 0; i < N; i += 5000) {
      const values = Array.from(
        { length: 5000 },
        (_, j) => `($1, $2, ${i + j + 2}, '+4420794${String(i + j).padStart(5, "0")}')`,
      ).join(",");
      await db.query(`insert into contacts (org_id, campaign_id, line_number, phone_e164) values ${values}`, [
        org!.id,
        campaignId,
      ]);
    }
    await setOrgLimits(db, org!.id, { max_concurrent_calls: 50 });
    const repo = createDialerRepo(db);
    const now = new Date("2026-03-02T12:00:00Z"); // midday in London: inside the callee's hours
    let s = performance.now();
    const created = await repo.enqueueCampaign(org!.id, campaignId, now);
    console.log(`launch: ${created} attempts created in ${(performance.now() - s).toFixed(0)} ms`);

    const placed: number[] = [];
    const dialer = createDialerService({
      repo,
      clock: { now: () => now },
      log: pino({ level: "silent" }),
      workerId: "bench",
      isDoNotCall: async () => new Set(),
      placer: { place: async () => (placed.push(performance.now()), { outcome: "completed", durationSecs: 0 }) },
    });
    const passes: number[] = [];
    for (let i = 0; i < 20; i++) {
      s = performance.now();
      await dialer.tick();
      passes.push(performance.now() - s);
      while (dialer.activeCalls() > 0) await new Promise((r) => setTimeout(r, 1));
    }
    console.log(
      `scheduling pass over ${N} pending attempts (lease up to 50): p50 ` +
        `${pct(passes, 50).toFixed(1)} ms, p95 ${pct(passes, 95).toFixed(1)} ms (goal ≤ 100 ` +
        "ms)",
    );
    const span = (placed.at(-1)! - placed[0]!) / 1000;
    console.log(
      `calls placed with instant fake calls: ${placed.length} in ${span.toFixed(2)} s = ` +
        `${(placed.length / span).toFixed(0)} calls/s (PGlite, one worker)`,
    );
  } finally {
    await drop();
  }
}
