import os from "node:os";
import { createAnalyticsRepo } from "../../apps/server/src/features/analytics/analytics.repo.ts";
import type { TestApp } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";
import { backendCpu, backendCpuSince, cpuSecs, load, openSeededApp } from "./bench-app.ts";
import { insertCampaign } from "../../tests/support/seed.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const CALLS = Number(process.env.BENCH_ANALYTICS_CALLS ?? 1_000_000);
const CONTACTS = CALLS / 5;
const CAMPAIGNS = 5;
const CHUNK = 100_000;
// 17:30 in Kolkata: the quarter is the same in both zones the bench asks in.
const NOW = new Date("2026-03-31T12:00:00Z");

/**
 * One organisation with 1,000,000 calls to 200,000 contacts of 5 campaigns, spread over the last 90 days (a
 * quarter), written in bulk statements (the rollup triggers run once per statement, as for any bulk write).
 */
async function seed(t: TestApp, orgId: string): Promise<Record<string, string>> {
  const campaigns: string[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    campaigns.push(
      await insertCampaign(t.db, orgId, { name: `Bench ${i + 1}`, status: "active", voice_id: i % 2 ? "v1" : "v2" }),
    );
  }
  // Contacts and calls by the thousand in single statements: a helper's row-by-row inserts would take minutes.
  await t.db.query(
    `insert into contacts (org_id, campaign_id, line_number, name, phone_e164)
     select $1, ($2::uuid[])[1 + g % ${CAMPAIGNS}], g, 'Lead ' || g, '+1415' || lpad(g::text, 7, '0')
       from generate_series(1, ${CONTACTS}) g`,
    [orgId, campaigns],
  );
  await t.db.query(
    `update campaigns k set contact_count = (select count(*) from contacts ct where ct.campaign_id = k.id)
      where org_id = $1`,
    [orgId],
  );
  const latency = JSON.stringify([
    { endOfSpeech: 1000, firstFrameSent: 1650 },
    { endOfSpeech: 9000, firstFrameSent: 9800 },
  ]);
  for (let from = 1; from <= CALLS; from += CHUNK) {
    await t.db.query(
      `insert into calls (org_id, campaign_id, contact_id, lead_phone, status, started_at, answered_at, ended_at,
        outcome, sentiment, duration_secs, latency)
       select $1, ct.campaign_id, ct.id, ct.phone_e164, 'completed', s.at, case when g % 4 <> 0
         then s.at end, s.at + interval '95 seconds',
              (array['scheduled','interested','not_interested','no_answer','voicemail','follow_up'])[1 + g % 6],
              (array['positive','neutral','negative',null])[1 + g % 4], (g * 37) % 400, $3::jsonb
         from generate_series($4::int, $5::int) g
         join contacts ct on ct.org_id = $1 and ct.line_number = 1 + g % ${CONTACTS}
         cross join lateral (select $2::timestamptz - ((g::bigint * 7919) % (90 * 86400)) * interval '1 second' as at)
           s`,
      [orgId, NOW, latency, from, Math.min(CALLS, from + CHUNK - 1)],
    );
  }
  await t.db.exec("analyze calls; analyze call_rollups; analyze contacts");
  return {};
}

/**
 * p50/p95 wall time, median CPU time in this process (server, client and
 * PGlite's thread) and PostgreSQL's mean per request.
 */
async function timed(t: TestApp, label: string, q: () => Promise<unknown>, goal: string, runs = 10): Promise<void> {
  const times: number[] = [];
  const cpus: number[] = [];
  const db = await backendCpu(t);
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const cpu = process.cpuUsage();
    await q();
    cpus.push(cpuSecs(cpu) * 1000);
    times.push(performance.now() - s);
  }
  const dbMs =
    t.kind === "postgres"
      ? `, PostgreSQL CPU ${((backendCpuSince(db, await backendCpu(t)) * 1000) / runs).toFixed(0)} ms/request`
      : "";
  console.log(
    `${label}: p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ` +
      `ms, CPU p50 ${pct(cpus, 50).toFixed(0)} ms${dbMs} (${goal}; ${load()})`,
  );
}

/** Dashboard and analytics over one organisation's quarter of calls, on each database. */
export async function run(): Promise<void> {
  console.log(
    `(${os.cpus().length} cores, ${load()} at start: other work on the machine slows the wall-clock figures)`,
  );
  // BENCH_DB=pglite|postgres runs one of them (seeding a million calls into PGlite takes minutes; BENCH_KEEP=1
  // keeps the seeded database for the next run, see bench-app.ts).
  const kinds = (await dbKinds()).filter((k) => !process.env.BENCH_DB || k === process.env.BENCH_DB);
  for (const kind of kinds) {
    const { t, token, orgId, seeded } = await openSeededApp(kind, `analytics_${CALLS}`, seed, {
      clock: { now: () => NOW },
    });
    try {
      const [r] = await t.db.query<{ n: number }>("select count(*)::int as n from call_rollups where org_id = $1", [
        orgId,
      ]);
      console.log(
        `[${kind}] ${seeded.reused ? "reused" : "seeded"} ${CALLS.toLocaleString("en")} ` +
          `calls to ${CONTACTS.toLocaleString("en")} contacts, seeding took ` +
          `${seeded.secs.toFixed(1)} s (CPU in this process ${seeded.cpuSecs.toFixed(1)} ` +
          `s${seeded.reused ? "" : `; ${load()}`}); ${r!.n.toLocaleString("en")} rollup rows`,
      );
      // The two queries behind it, alone (the rest is the request and its JSON).
      const repo = createAnalyticsRepo(t.db);
      const slot = (iso: string) => Date.parse(iso) / 900_000;
      const quarter = {
        orgId,
        bounds: [slot("2026-01-01T00:00:00Z"), slot("2026-01-04T00:00:00Z"), slot("2026-04-05T00:00:00Z")],
        campaignId: null,
      };
      await timed(t, `[${kind}] quarter's rollups query`, () => repo.aggregate(quarter), "no goal set");
      await timed(t, `[${kind}] quarter's funnel query`, () => repo.funnel(quarter), "no goal set");
      const get = (path: string, goal: string) =>
        timed(
          t,
          `[${kind}] GET ${path}`,
          async () => {
            const res = await t.request("GET", path, { token });
            if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
          },
          goal,
        );
      await get("/api/analytics?period=quarter&timezone=UTC", "goal ≤ 300 ms");
      await get("/api/analytics?period=quarter&timezone=Asia/Kolkata", "goal ≤ 300 ms");
      await get("/api/analytics?period=day&timezone=Asia/Kolkata", "goal ≤ 300 ms");
      // The Dashboard screen's three requests: all-time figures, added up from the same rollups.
      await get("/api/dashboard/overview", "no goal set");
      await get("/api/dashboard/channel-metrics?channel=voice", "no goal set");
      await get("/api/dashboard/conversation-minutes", "no goal set");
    } finally {
      await t.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
