import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { numbersInHoursNow } from "../../tests/support/in-hours-numbers.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../tests/support/test-app.ts";
import { dbKinds, type DbKind } from "../../tests/support/test-db.ts";
import { insertCampaign, insertContact, setOrgLimits } from "../../tests/support/seed.ts";

/** Real prose from Debian's common licences, repeated to the size of a big upload. */
function bigText(bytes: number, seed: number): Buffer {
  const dir = "/usr/share/common-licenses";
  const texts = ["GPL-3", "GFDL-1.3", "Apache-2.0", "LGPL-3", "MPL-2.0"].map((f) =>
    fs.readFileSync(path.join(dir, f), "utf8"),
  );
  const parts: string[] = [];
  for (let size = 0, i = seed; size < bytes; i++) {
    const t = texts[i % texts.length]!;
    parts.push(t);
    size += t.length;
  }
  return Buffer.from(parts.join("\n\n").slice(0, bytes));
}

const CALLS = 10;

/** A launched campaign of CALLS simulated callees who ask a question, all rung at once. */
async function launchCalls(t: TestApp, u: TestUser): Promise<string> {
  const faqs = [{ question: "What does the premium plan cost?", answer: "The premium plan costs 49 dollars a month." }];
  const campaignId = await insertCampaign(t.db, u.orgId, {
    name: "Bench calls",
    service: "premium plans",
    timezone: "UTC",
    business_hours_start: "00:00",
    business_hours_end: "23:59",
    max_concurrent_calls: CALLS,
    faqs,
    goal: "Book a demo",
  });
  await setOrgLimits(t.db, u.orgId, { max_concurrent_calls: CALLS });
  for (const [i, phone] of numbersInHoursNow(CALLS).entries()) {
    const contact = {
      line_number: i + 2,
      name: "Maya Patel",
      first_name: "Maya",
      phone_e164: phone,
      persona: "question",
    };
    await insertContact(t.db, u.orgId, campaignId, contact);
  }
  const res = await t.request("POST", `/api/campaigns/${campaignId}/launch`, { token: u.token });
  if (res.status !== 200) throw new Error(`launch answered ${res.status}: ${res.text}`);
  return campaignId;
}

/** Ticks the dialer until the campaign's calls have ended; answers how many reached a person. */
async function dialUntilDone(t: TestApp, campaignId: string): Promise<number> {
  for (;;) {
    await t.services.dialer.tick();
    await new Promise((r) => setTimeout(r, 250));
    // A retry due in an hour (a callee the agent did not hear) is not waited for.
    const [open] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from call_attempts where campaign_id = $1 and status <> 'done' and due_at <= now()`,
      [campaignId],
    );
    if (open!.n === 0 && t.services.dialer.activeCalls() === 0) break;
  }
  const [done] = await t.db.query<{ n: number }>(
    `select count(*)::int as n from calls where campaign_id = $1 and answered_at is not null`,
    [campaignId],
  );
  return done!.n;
}

/** Uploads a 60-byte document for `u` and answers the seconds until it is indexed. */
async function smallDocumentWait(t: TestApp, u: TestUser): Promise<number> {
  const form = new FormData();
  form.append("agent_id", "agent-1");
  form.append("files[]", new Blob(["Our office is open from nine to five, Monday to Friday."]), "hours.txt");
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}/api/voice/KB/bulk-upload-documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`small upload answered ${res.status}: ${await res.text()}`);
  for (;;) {
    const docs = (await t.request("GET", "/api/voice/KB/documents", { token: u.token })).body.data.documents as Array<{
      status: string;
    }>;
    if (docs[0]?.status !== "processing") return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Whether big uploads hold the server up: the event-loop delay and /api/health latency while five 19 MB text
 * files ingest and ten simulated calls run on the same process; and how long another organisation's 60-byte
 * document, uploaded just after them, waits to be indexed.
 */
export async function run(): Promise<void> {
  for (const kind of await dbKinds()) await measure(kind);
}

async function measure(kind: DbKind): Promise<void> {
  console.log(`${kind} (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-ingest-"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-files-"));
  // PGlite on disk, as `npm start` keeps it: in memory, its file storage grows by copying (seconds at 500 MB).
  const t = await startTestApp(kind, { env: { DATA_DIR: dataDir, SIMULATED_RING_MS: "200" }, pgliteDir: dataDir });
  try {
    const u = await buildUser(t);
    // Uploaded by curl, another process, as a browser would: only the server's work lands on this loop.
    const args = [
      "-s",
      "-o",
      "/dev/null",
      "-w",
      "%{http_code}",
      "-H",
      `authorization: Bearer ${u.token}`,
      "-F",
      "agent_id=agent-1",
    ];
    for (let i = 0; i < 5; i++) {
      const file = path.join(dir, `manual-${i}.txt`);
      fs.writeFileSync(file, bigText(19 * 1024 * 1024, i));
      args.push("-F", `files[]=@${file}`);
    }

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const health: number[] = [];
    let ingesting = true;
    const probe = (async () => {
      while (ingesting) {
        const s = performance.now();
        await fetch(`${t.baseUrl}/api/health`);
        health.push(performance.now() - s);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const campaignId = await launchCalls(t, u);
    const started = performance.now();
    delay.enable();
    const calls = dialUntilDone(t, campaignId);
    const status = await new Promise<string>((resolve, reject) =>
      execFile("curl", [...args, `${t.baseUrl}/api/voice/KB/bulk-upload-documents`], (err, out) =>
        err ? reject(err) : resolve(out),
      ),
    );
    const smallWaitS = await smallDocumentWait(t, await buildUser(t));
    await t.services.knowledgeBase.ingest.idle();
    const answered = await calls;
    delay.disable();
    ingesting = false;
    await probe;
    const seconds = (performance.now() - started) / 1000;
    const docs = (await t.request("GET", "/api/voice/KB/documents", { token: u.token })).body.data.documents as Array<{
      status: string;
      passage_count: number;
    }>;
    console.log(
      `upload answered ${status}; 5 × 19 MB ingested in ${seconds.toFixed(1)} s ` +
        `(${(95 / seconds).toFixed(1)} MB/s): ` +
        `${docs.map((d) => `${d.status} ${d.passage_count}`).join(", ")}`,
    );
    console.log(`${CALLS} simulated calls (offline voice) ran meanwhile: ${answered} reached the callee`);
    console.log(
      "another organisation's 60-byte document, uploaded behind them: indexed " +
        `${smallWaitS.toFixed(1)} s later (goal: a few seconds)`,
    );
    console.log(
      `event-loop delay while ingesting: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ` +
        `${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms (goal p99 ≤ 50 ms)`,
    );
    console.log(
      `GET /api/health meanwhile: ${health.length} requests, p50 ${pct(health, 50).toFixed(1)} ms, p99 ` +
        `${pct(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (goal p99 ≤ 200 ms)`,
    );
  } finally {
    await t.close();
    for (const d of [dataDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
}
