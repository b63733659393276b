import os from "node:os";
import { buildUser, type TestApp } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";
import { backendCpu, backendCpuSince, cpuSecs, load, openSeededApp } from "./bench-app.ts";
import { insertCampaign } from "../../tests/support/seed.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const TOTAL = Number(process.env.BENCH_CALLS ?? 1_000_000);
const CHUNK = 100_000;

/**
 * 1,000,000 calls (BENCH_CALLS) in one organisation (plus 10,000 in
 * another), one every 31 s back from 2026, in bulk statements.
 */
export async function seed(t: TestApp, orgId: string, otherOrgId: string, campaignId: string) {
  const insert = (org: string, from: number, to: number) =>
    t.db.query(
      `insert into calls (org_id, campaign_id, lead_name, lead_phone, lead_email, service, budget, status, outcome,
        direction,
                          started_at, answered_at, ended_at, duration_secs, summary, recording_key)
       select $1, case when g % 10 = 0 then $4::uuid end,
              (array['Omar','Ana','Li','Maria','Sam','Priya','Kofi','Yuki'])[1 + g % 8] || ' ' ||
                (array['Ali','Diaz','Wei','Gomez','Rivera','Shah','Mensah','Sato'])[1 + (g / 8) % 8] || ' ' || g,
              '+1415' || lpad(g::text, 7, '0'), 'lead' || g || '@example.com',
              (array['solar roof','premium plan','home loan','insurance'])[1 + g % 4], '$' || (1000 + g % 50 * 500),
              case when g % 500 = 0 then 'in_progress' else 'completed' end,
              case when g % 500 = 0 then null
                else (array['interested','not_interested','follow_up','scheduled','voicemail','no_answer','busy'])[1
                + g % 7] end,
              'OUTBOUND', timestamptz '2026-01-01' - (g * interval '31 seconds'), timestamptz '2026-01-01' - (g *
                interval '31 seconds'),
              case when g % 500 <> 0 then timestamptz '2026-01-01' - (g * interval '31 seconds') + interval
                '95 seconds' end,
              95, 'The lead asked about pricing and wants a follow-up call next week.', case when g % 3 = 0
                then 'recordings/x/' || g || '.wav' end
         from generate_series($2::int, $3::int) g`,
      [org, from, to, campaignId],
    );
  for (let from = 1; from <= TOTAL; from += CHUNK) await insert(orgId, from, Math.min(TOTAL, from + CHUNK - 1));
  await insert(otherOrgId, 1, 10_000);
  await t.db.exec("vacuum analyze calls");
}

/**
 * p50/p95 of the request's wall time; its median CPU time in this process (server, client and PGlite's
 * thread) and, on PostgreSQL, the mean CPU time of the database's backends per request.
 */
async function time(t: TestApp, token: string, label: string, path: string, goal: number, runs = 30) {
  const times: number[] = [];
  const cpus: number[] = [];
  let total = 0;
  const db = await backendCpu(t);
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const cpu = process.cpuUsage();
    const r = await t.request("GET", path, { token });
    cpus.push(cpuSecs(cpu) * 1000);
    times.push(performance.now() - s);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 200)}`);
    total = r.body.total;
  }
  const dbMs =
    t.kind === "postgres"
      ? `, PostgreSQL CPU ${((backendCpuSince(db, await backendCpu(t)) * 1000) / runs).toFixed(1)} ms/request`
      : "";
  console.log(
    `GET ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ` +
      `${pct(times, 95).toFixed(1)} ms, CPU p50 ${pct(cpus, 50).toFixed(1)} ` +
      `ms${dbMs} ` +
      `(total ${total.toLocaleString("en")}; goal p95 ≤ ${goal} ms; ${load()})`,
  );
}

/**
 * Streams the whole export and reports how much the process grew while it ran: RSS (server, client and, on
 * PGlite, the database's thread share it) and the live JS heap, measured after a garbage collection every
 * 20 MB of CSV (run node with --expose-gc; without it the heap figure is left out, as garbage would hide it).
 * A streamed export keeps both flat whatever the number of rows.
 */
async function exportAll(t: TestApp, token: string, label: string, query: string) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const rss = process.memoryUsage().rss;
  const heap = process.memoryUsage().heapUsed;
  let peak = rss;
  let peakHeap = heap;
  const s = performance.now();
  const cpu = process.cpuUsage();
  const res = await fetch(`${t.baseUrl}/api/call-history/export?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  let nextGc = 20e6;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (gc && bytes >= nextGc) {
      nextGc += 20e6;
      gc();
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
  }
  const secs = (performance.now() - s) / 1000;
  const heapText = gc
    ? `; live JS heap ${(heap / 1e6).toFixed(0)} MB before, at most ${(peakHeap / 1e6).toFixed(0)} MB during`
    : "";
  console.log(
    `export ${label}: ${(lines - 1).toLocaleString("en")} rows, ` +
      `${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s, CPU ` +
      `${cpuSecs(cpu).toFixed(1)} s ` +
      `(${Math.round((lines - 1) / secs).toLocaleString("en")} rows/s; ` +
      `${load()}); RSS ${(rss / 1e6).toFixed(0)} MB before, ` +
      `peak ${(peak / 1e6).toFixed(0)} MB${heapText}`,
  );
}

export async function run(): Promise<void> {
  // BENCH_DB=pglite|postgres runs one of them (seeding a million calls into PGlite takes minutes; BENCH_KEEP=1
  // keeps the seeded database for the next run, see bench-app.ts).
  const kinds = (await dbKinds()).filter((k) => !process.env.BENCH_DB || k === process.env.BENCH_DB);
  console.log(
    `(${os.cpus().length} cores, ${load()} at start: other work on the machine slows the wall-clock figures)`,
  );
  for (const kind of kinds) await runOn(kind);
}

async function runOn(kind: DbKind): Promise<void> {
  const goal = kind === "postgres" ? 50 : 150;
  const { t, token, meta, seeded } = await openSeededApp(kind, `call_history_${TOTAL}`, async (app, orgId) => {
    const other = await buildUser(app);
    const campaignId = await insertCampaign(app.db, orgId, { name: "Bench" });
    await seed(app, orgId, other.orgId, campaignId);
    return { campaignId };
  });
  try {
    console.log(
      `[${kind}] ${seeded.reused ? "reused" : "seeded"} ` +
        `${TOTAL.toLocaleString("en")} calls (+10,000 in another org), seeding ` +
        "took " +
        `${seeded.secs.toFixed(1)} s (CPU in this process ` +
        `${seeded.cpuSecs.toFixed(1)} ` +
        `s)${seeded.reused ? "" : `; ${load()}`}`,
    );
    const campaignId = meta.campaignId!;
    // Every filter GET /api/call-history takes (the Call logs screen and the API alike), alone and together.
    const week = "from=2025-12-01&to=2025-12-07";
    const cases: Array<[string, string]> = [
      ["page 1 (10 rows)", ""],
      ["page 50 (25 rows)", "page=50&page_size=25"],
      ["direction=INBOUND (none)", "direction=INBOUND"],
      ["status=scheduled", "status=scheduled"],
      ["status=in_progress", "status=in_progress"],
      ["campaign filter", `campaign_id=${campaignId}`],
      ["date range (one week)", week],
      ["one week + status", `${week}&status=interested`],
      ["one week + campaign", `${week}&campaign_id=${campaignId}`],
      ["one week + search", `${week}&search=omar`],
      ["search 'omar' (common)", "search=omar"],
      ["search 'lead123456@' (one row)", "search=lead123456%40"],
      ["search 'kofi sato' + status", "search=kofi%20sato&status=interested"],
      ["search + campaign", `search=priya&campaign_id=${campaignId}`],
      ["outbound + status + campaign", `direction=OUTBOUND&status=follow_up&campaign_id=${campaignId}`],
      // What the screen itself sends: a direction (Out Bound unless In Bound is chosen), the search box, a page.
      ["Out Bound + search 'omar'", "direction=OUTBOUND&search=omar"],
      ["Out Bound + search, no match", "direction=OUTBOUND&search=nobody"],
      ["In Bound + search (none inbound)", "direction=INBOUND&search=omar"],
      ["Out Bound, page 20 of 50 rows", "direction=OUTBOUND&page=20&page_size=50"],
    ];
    const only = process.env.BENCH_CASES; // a substring of the labels to run, while working on one
    for (const [label, query] of cases) {
      if (!only || label.includes(only)) await time(t, token, `[${kind}] ${label}`, `/api/call-history?${query}`, goal);
    }
    if (process.env.BENCH_EXPORT === "0") return;
    await exportAll(t, token, `[${kind}] status=scheduled`, "status=scheduled");
    await exportAll(t, token, `[${kind}] everything`, "");
  } finally {
    await t.close();
  }
}
