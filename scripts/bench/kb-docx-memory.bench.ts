import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { lyingDocx } from "../../tests/support/docx-bomb.ts";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { until } from "../../tests/support/until.ts";

const UPLOADS = 20;
const MB = 1024 * 1024;

/** This process's resident memory: the API runs in it, as in `npm start`. */
const rssMb = () => process.memoryUsage.rss() / MB;

/**
 * Whether hostile Word files grow the API: a DOCX whose ZIP directory lies about its sizes (claims 64 KB, inflates
 * to 1 GB) is uploaded UPLOADS times, one after another, to the API (in this process, on PGlite in a folder as
 * `npm start` keeps it); prints its resident memory before, at its highest and after (goal: flat within 100 MB).
 */
export async function run(): Promise<void> {
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-docx-"));
  const t = await startTestApp("pglite", { env: { DATA_DIR: dataDir }, pgliteDir: dataDir });
  try {
    const u = await buildUser(t);
    const liar = await lyingDocx(1024);
    let token = u.token;
    // An upload can outlast the 15-minute access token on a busy machine: sign in again when it has.
    const signedIn = async (): Promise<string> => {
      const res = await t.request("POST", "/api/auth/login", {
        body: { email_or_username: u.username, password: u.password },
      });
      token = res.body.access_token;
      return token;
    };
    const documents = async (): Promise<Array<{ status: string; status_reason: string | null }>> => {
      let res = await t.request("GET", "/api/voice/KB/documents", { token });
      if (res.status === 401) res = await t.request("GET", "/api/voice/KB/documents", { token: await signedIn() });
      if (res.status !== 200) throw new Error(`documents answered ${res.status}: ${res.text}`);
      return res.body.data.documents;
    };
    const before = rssMb();
    let highest = before;
    const sampler = setInterval(() => (highest = Math.max(highest, rssMb())), 100);
    const started = performance.now();
    for (let i = 1; i <= UPLOADS; i++) {
      const form = new FormData();
      form.append("agent_id", "agent-1");
      form.append("files[]", new Blob([new Uint8Array(liar)]), `liar-${i}.docx`);
      const res = await fetch(`${t.baseUrl}/api/voice/KB/bulk-upload-documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${await signedIn()}` },
        body: form,
      });
      if (!res.ok) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
      await until(async () => (await documents()).filter((d) => d.status !== "processing").length === i, {
        ms: 300_000,
        what: `lying DOCX ${i} refused`,
      });
      console.log(`  after upload ${i}: RSS ${rssMb().toFixed(0)} MB`);
    }
    clearInterval(sampler);
    const after = rssMb();
    const reasons = [...new Set((await documents()).map((d) => `${d.status}: ${d.status_reason}`))];
    console.log(
      `${UPLOADS} lying DOCX uploads (${(liar.length / MB).toFixed(1)} MB each, claiming 64 KB, inflating to ` +
        `1 GB) in ${((performance.now() - started) / 1000).toFixed(1)} s: ${reasons.join("; ")}`,
    );
    console.log(
      `API process RSS: ${before.toFixed(0)} MB before, ${highest.toFixed(0)} MB at most, ` +
        `${after.toFixed(0)} MB after: grew ${(after - before).toFixed(0)} MB (goal ≤ 100 MB)`,
    );
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
