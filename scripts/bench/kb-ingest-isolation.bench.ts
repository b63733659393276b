import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";

/** Real prose from Debian's common licences, repeated to the size of a big upload. */
function bigText(bytes: number, seed: number): Buffer {
  const dir = "/usr/share/common-licenses";
  const texts = ["GPL-3", "GFDL-1.3", "Apache-2.0", "LGPL-3", "MPL-2.0"].map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
  const parts: string[] = [];
  for (let size = 0, i = seed; size < bytes; i++) {
    const t = texts[i % texts.length]!;
    parts.push(t);
    size += t.length;
  }
  return Buffer.from(parts.join("\n\n").slice(0, bytes));
}

const pct = (xs: number[], p: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/**
 * Issue 21: five 19 MB text files in one upload used to stall every request for seconds (indexing ran
 * on the event loop). Measures the event-loop delay and /api/health latency while they ingest.
 */
export async function run(): Promise<void> {
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-ingest-"));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-files-"));
  const t = await startTestApp("pglite", { env: { DATA_DIR: dataDir } });
  try {
    const u = await buildUser(t);
    // Uploaded by curl, another process, as a browser would: only the server's work lands on this loop.
    const args = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", `authorization: Bearer ${u.token}`, "-F", "agent_id=agent-1"];
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
    const started = performance.now();
    delay.enable();
    const status = await new Promise<string>((resolve, reject) =>
      execFile("curl", [...args, `${t.baseUrl}/api/voice/KB/bulk-upload-documents`], (err, out) => (err ? reject(err) : resolve(out))),
    );
    await t.services.kbIngest.idle();
    delay.disable();
    ingesting = false;
    await probe;
    const seconds = (performance.now() - started) / 1000;
    const docs = (await t.request("GET", "/api/voice/KB/documents", { token: u.token })).body.data.documents as Array<{ status: string; passage_count: number }>;
    console.log(`upload answered ${status}; 5 × 19 MB ingested in ${seconds.toFixed(1)} s (${(95 / seconds).toFixed(1)} MB/s): ${docs.map((d) => `${d.status} ${d.passage_count}`).join(", ")}`);
    console.log(`event-loop delay while ingesting: p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms (goal p99 ≤ 50 ms)`);
    console.log(`GET /api/health meanwhile: ${health.length} requests, p50 ${pct(health, 50).toFixed(1)} ms, p99 ${pct(health, 99).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`);
  } finally {
    await t.close();
    for (const d of [dataDir, dir]) fs.rmSync(d, { recursive: true, force: true });
  }
}
