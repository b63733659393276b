import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { parseContactList } from "../../tests/support/contact-list.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** A realistic contact list: quoted names with commas, national and international numbers, extra columns. */
function contactCsv(rows: number): string {
  const out = ["Full Name,Mobile,Email,Company,City,Notes"];
  for (let i = 0; i < rows; i++) {
    const phone = i % 10 === 0 ? `+91 98${String(i).padStart(8, "0")}` : `09${String(i).padStart(9, "0")}`;
    out.push(`"Lead ${i}, Jr",${phone},lead${i}@example.com,Company ${i % 500},Pune,"Met at expo, wants a demo"`);
  }
  return out.join("\r\n") + "\r\n";
}

export async function run(): Promise<void> {
  const load = () => os.loadavg()[0]!.toFixed(1);
  console.log(
    `(${os.cpus().length} cores, load average ${load()} at start: other work on the machine slows these figures)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-campaigns-"));
  const t = await startTestApp("pglite", { env: { DATA_DIR: dataDir } });
  try {
    const u = await buildUser(t);
    const csv = Buffer.from(contactCsv(100_000));

    // CPU time of this process (server, parse worker and PGlite all run in it) beside the wall time:
    // on a machine other work keeps busy, the wall time also counts the waits for a free core.
    const cpuMs = (since: NodeJS.CpuUsage) => {
      const used = process.cpuUsage(since);
      return (used.user + used.system) / 1000;
    };
    let s = performance.now();
    let cpu = process.cpuUsage();
    const parsed = await parseContactList(async () => Readable.from([csv]), { region: "IN" });
    const parseMs = performance.now() - s;
    const parseCpu = cpuMs(cpu);

    const form = new FormData();
    form.set("name", "Bench import");
    form.set("save_as_draft", "true");
    form.set("csv_file", new Blob([new Uint8Array(csv)], { type: "text/csv" }), "bench.csv");
    s = performance.now();
    cpu = process.cpuUsage();
    const res = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
    const importMs = performance.now() - s;
    const importCpu = cpuMs(cpu);
    if (res.status !== 201) throw new Error(`import failed: ${res.status} ${res.text}`);
    console.log(
      `[load ${load()}] CSV import, 100,000 rows (${(csv.length / 1e6).toFixed(1)} MB) over HTTP: ${ms(importMs)} ` +
        `(goal ≤ 5000 ms), CPU time ${ms(importCpu)}; parsing alone, ` +
        `in-process: ${ms(parseMs)}, CPU time ${ms(parseCpu)}; ` +
        `${res.body.campaign.contact_count} contacts, ` +
        `${parsed.rejectedCount} rejected`,
    );

    // 10,000 campaigns in one organisation, inserted in one statement (a
    // helper's row-by-row inserts would take minutes).
    await t.db.query(
      `insert into campaigns (org_id, name, description, status, created_at)
       select $1, 'Campaign ' || g, 'Outbound push ' || (g % 97),
              (array['draft','scheduled','active','paused','stopped','completed'])[1 + g % 6],
              now() - (g || ' minutes')::interval
       from generate_series(1, 9999) g`,
      [u.orgId],
    );
    const list = async (label: string, query: string) => {
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        s = performance.now();
        const r = await t.request("GET", `/api/campaigns${query}`, { token: u.token });
        times.push(performance.now() - s);
        if (r.status !== 200 || r.body.total < 1) throw new Error(`list failed: ${r.status} ${r.text.slice(0, 200)}`);
      }
      console.log(
        `GET /api/campaigns ${label}, 10,000 campaigns: p50 ` +
          `${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`,
      );
    };
    await list("page 1 of 10", "?page=1&page_size=10");
    await list("page 500 of 10", "?page=500&page_size=10");
    await list("search 'push 42'", "?search=push%2042&page_size=10");
    await list("status=active,paused", "?status=active,paused&page_size=50");
    // Without statistics the planner takes the org's index and reads every campaign; PostgreSQL's
    // autovacuum gathers them after a bulk insert, PGlite (no autovacuum) only when told to.
    await t.db.exec("analyze campaigns");
    await list("search 'push 42' after ANALYZE (trigram index)", "?search=push%2042&page_size=10");
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
