import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const CALLS = 100_000;
const CHUNK = 1000;

/** Dashboard and analytics over one organisation with 100k calls spread over the last 90 days, on each database. */
export async function run(): Promise<void> {
  for (const kind of await dbKinds()) await runOn(kind);
}

async function runOn(kind: DbKind): Promise<void> {
  const t = await startTestApp(kind, { clock: { now: () => new Date("2026-03-31T20:00:00Z") } });
  try {
    const u = await buildUser(t);
    const [k] = await t.db.query<{ id: string }>("insert into campaigns (org_id, name, status, voice_id) values ($1, 'Bench', 'active', 'v1') returning id", [u.orgId]);
    const outcomes = ["scheduled", "interested", "not_interested", "no_answer", "voicemail", "follow_up"];
    const sentiments = ["positive", "neutral", "negative", null];
    const latency = JSON.stringify([{ turn: 1, endOfSpeech: 1000, sttFinal: 1100, brainFirstToken: 1200, ttsFirstAudio: 1500, firstFrameSent: 1650 }]);
    let s = performance.now();
    for (let i = 0; i < CALLS; i += CHUNK) {
      const values: string[] = [];
      const params: unknown[] = [u.orgId, k!.id, latency];
      for (let j = i; j < i + CHUNK; j++) {
        const started = new Date(Date.parse("2026-03-31T20:00:00Z") - ((j * 7919) % (90 * 86_400)) * 1000);
        params.push(started, outcomes[j % outcomes.length], sentiments[j % sentiments.length], (j * 37) % 400);
        const n = params.length;
        values.push(`($1, $2, '+14155550000', 'completed', $${n - 3}, $${n - 3}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}, $3::jsonb)`);
      }
      await t.db.query(
        `insert into calls (org_id, campaign_id, lead_phone, status, started_at, answered_at, ended_at, outcome, sentiment, duration_secs, latency) values ${values.join(", ")}`,
        params,
      );
    }
    console.log(`[${kind}] seeded ${CALLS} calls in ${((performance.now() - s) / 1000).toFixed(1)} s`);
    for (const path of ["/api/dashboard/overview", "/api/dashboard/conversation-minutes", "/api/analytics?period=day&timezone=Asia/Kolkata", "/api/analytics?period=quarter&timezone=UTC"]) {
      const times: number[] = [];
      for (let i = 0; i < 10; i++) {
        s = performance.now();
        const res = await t.request("GET", path, { token: u.token });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
        times.push(performance.now() - s);
      }
      console.log(`[${kind}] GET ${path} over ${CALLS} calls: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms`);
    }
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
