import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
const t = await startTestApp("postgres");
const u = await buildUser(t);
await t.db.query(`insert into calls (org_id, lead_name, lead_phone, status, outcome, started_at, ended_at, summary)
  select $1, 'Lead ' || g, '+1555' || g, 'completed', 'interested', now() - g * interval '1 second', now(), repeat('summary text ', 10) from generate_series(1, 400000) g`, [u.orgId]);
const res = await fetch(`${t.baseUrl}/api/call-history/export`, { headers: { authorization: `Bearer ${u.token}` } });
let bytes = 0, peak = 0;
for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) { bytes += c.length; peak = Math.max(peak, process.memoryUsage().heapUsed); }
console.log("bytes", bytes, "peak heapUsed MB", (peak / 1e6).toFixed(0));
await t.close();
process.exit(0);
