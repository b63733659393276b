import os from "node:os";
import { buildUser, startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const TOTAL = 1_000_000;
const CHUNK = 100_000;

/** 1,000,000 calls in one organisation (plus 10,000 in another), spread over a year, in bulk statements. */
export async function seed(t: TestApp, orgId: string, otherOrgId: string, campaignId: string) {
  const insert = (org: string, from: number, to: number) =>
    t.db.query(
      `insert into calls (org_id, campaign_id, lead_name, lead_phone, lead_email, service, budget, status, outcome, direction,
                          started_at, answered_at, ended_at, duration_secs, summary, recording_key)
       select $1, case when g % 10 = 0 then $4::uuid end,
              (array['Omar','Ana','Li','Maria','Sam','Priya','Kofi','Yuki'])[1 + g % 8] || ' ' || (array['Ali','Diaz','Wei','Gomez','Rivera','Shah','Mensah','Sato'])[1 + (g / 8) % 8] || ' ' || g,
              '+1415' || lpad(g::text, 7, '0'), 'lead' || g || '@example.com',
              (array['solar roof','premium plan','home loan','insurance'])[1 + g % 4], '$' || (1000 + g % 50 * 500),
              case when g % 500 = 0 then 'in_progress' else 'completed' end,
              case when g % 500 = 0 then null else (array['interested','not_interested','follow_up','scheduled','voicemail','no_answer','busy'])[1 + g % 7] end,
              'OUTBOUND', timestamptz '2026-01-01' - (g * interval '31 seconds'), timestamptz '2026-01-01' - (g * interval '31 seconds'),
              case when g % 500 <> 0 then timestamptz '2026-01-01' - (g * interval '31 seconds') + interval '95 seconds' end,
              95, 'The lead asked about pricing and wants a follow-up call next week.', case when g % 3 = 0 then 'recordings/x/' || g || '.wav' end
         from generate_series($2::int, $3::int) g`,
      [org, from, to, campaignId],
    );
  for (let from = 1; from <= TOTAL; from += CHUNK) await insert(orgId, from, from + CHUNK - 1);
  await insert(otherOrgId, 1, 10_000);
  await t.db.exec("vacuum analyze calls");
}

async function time(t: TestApp, token: string, label: string, path: string, goal: number, runs = 30) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    const r = await t.request("GET", path, { token });
    times.push(performance.now() - s);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${r.text.slice(0, 200)}`);
    total = r.body.total;
  }
  console.log(`GET ${label}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms (total ${total.toLocaleString("en")}; goal p95 ≤ ${goal} ms)`);
}

async function exportAll(t: TestApp, token: string, label: string, query: string) {
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const s = performance.now();
  const res = await fetch(`${t.baseUrl}/api/call-history/export?${query}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  const secs = (performance.now() - s) / 1000;
  console.log(
    `export ${label}: ${(lines - 1).toLocaleString("en")} rows, ${(bytes / 1e6).toFixed(0)} MB in ${secs.toFixed(1)} s ` +
      `(${Math.round((lines - 1) / secs).toLocaleString("en")} rows/s); process RSS grew ${((peak - rss) / 1e6).toFixed(0)} MB (server and client share it)`,
  );
}

export async function run(): Promise<void> {
  // BENCH_DB=pglite|postgres runs one of them (seeding a million calls into PGlite takes minutes).
  const kinds = (await dbKinds()).filter((k) => !process.env.BENCH_DB || k === process.env.BENCH_DB);
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start: other work on the machine slows these figures)`);
  for (const kind of kinds) await runOn(kind);
}

async function runOn(kind: DbKind): Promise<void> {
  const t = await startTestApp(kind);
  const goal = kind === "postgres" ? 50 : 150;
  try {
    const u = await buildUser(t);
    const other = await buildUser(t);
    const [k] = await t.db.query<{ id: string }>("insert into campaigns (org_id, name) values ($1, 'Bench') returning id", [u.orgId]);
    const s = performance.now();
    await seed(t, u.orgId, other.orgId, k!.id);
    console.log(`[${kind}] seeded ${TOTAL.toLocaleString("en")} calls (+10,000 in another org) and vacuumed in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    // Every filter the Call logs screen offers, alone and together.
    const week = "from=2025-12-01&to=2025-12-07";
    const cases: Array<[string, string]> = [
      ["page 1 (10 rows)", ""],
      ["page 50 (25 rows)", "page=50&page_size=25"],
      ["direction=INBOUND (none)", "direction=INBOUND"],
      ["status=scheduled", "status=scheduled"],
      ["status=in_progress", "status=in_progress"],
      ["campaign filter", `campaign_id=${k!.id}`],
      ["date range (one week)", week],
      ["one week + status", `${week}&status=interested`],
      ["one week + campaign", `${week}&campaign_id=${k!.id}`],
      ["one week + search", `${week}&search=omar`],
      ["search 'omar' (common)", "search=omar"],
      ["search 'lead123456@' (one row)", "search=lead123456%40"],
      ["search 'kofi sato' + status", "search=kofi%20sato&status=interested"],
      ["search + campaign", `search=priya&campaign_id=${k!.id}`],
      ["outbound + status + campaign", `direction=OUTBOUND&status=follow_up&campaign_id=${k!.id}`],
    ];
    for (const [label, query] of cases) await time(t, u.token, `[${kind}] ${label}`, `/api/call-history?${query}`, goal);
    await exportAll(t, u.token, `[${kind}] status=scheduled`, "status=scheduled");
    await exportAll(t, u.token, `[${kind}] everything`, "");
  } finally {
    await t.close();
  }
}
