import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { insertPassages } from "../../apps/server/src/features/knowledge-base/knowledge-base.repo.ts";
import { makeTextPdf } from "./kb-bench-pdf.ts";
import { benchVectorRanking } from "./kb-bench-vectors.ts";
import { HELP_CENTRE, QUESTIONS } from "./kb-bench-questions.ts";

const pct = (xs: number[], p: number) =>
  xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** Filler passages: English-like sentences over a 20,000-word vocabulary, so term frequencies look natural. */
function syntheticPassages(n: number): Array<{ heading: string; text: string }> {
  const rnd = () => crypto.randomInt(0, 2 ** 31) / 2 ** 31;
  const vocab = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x`);
  const common = "customer service product order delivery account payment support price system energy home".split(" ");
  // Zipf-like draw: low indices far more often.
  const word = () =>
    rnd() < 0.15 ? common[Math.floor(rnd() * common.length)]! : vocab[Math.floor(vocab.length * rnd() ** 3)]!;
  return Array.from({ length: n }, (_, i) => ({
    heading: `Topic ${i % 997}`,
    text: Array.from({ length: 8 }, () => Array.from({ length: 14 }, word).join(" ") + ".").join(" "),
  }));
}

export async function run(): Promise<void> {
  console.log(
    `(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} ` +
      "at start: other work on the machine slows these figures)",
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-kb-"));
  const t = await startTestApp("pglite", { env: { DATA_DIR: dataDir } });
  try {
    const u = await buildUser(t);
    const { service: knowledgeBase, ingest: kbIngest, retrieval } = t.services.knowledgeBase;

    // Just under the 20 MB limit: a first guess, then scaled by the size it actually came out.
    const goal = 20 * 1024 * 1024 - 128 * 1024;
    const { pdf, pages } = makeTextPdf(Math.floor((goal * goal) / makeTextPdf(goal).pdf.length));
    let s = performance.now();
    const [doc] = await knowledgeBase.uploadFiles(u.orgId, [{ fileName: "bench-20mb.pdf", bytes: pdf }]);
    await kbIngest.idle();
    const ingestMs = performance.now() - s;
    const done = await knowledgeBase.get(u.orgId, doc!.id);
    console.log(
      `ingestion of a ${(pdf.length / 1024 / 1024).toFixed(1)} MB PDF (${pages} pages): ` +
        `${(ingestMs / 1000).toFixed(1)} s → ${done.status}, ${done.passage_count} passages`,
    );

    const [help] = await knowledgeBase.uploadFiles(u.orgId, [
      { fileName: "help-centre.txt", bytes: Buffer.from(HELP_CENTRE) },
    ]);
    await kbIngest.idle();

    const noise = syntheticPassages(100_000 - done.passage_count);
    const noiseDoc = crypto.randomUUID();
    await t.db.query(
      `insert into kb_documents (id, org_id, name, source, status) values ($1, $2, 'synthetic', 'file', 'ready')`,
      [noiseDoc, u.orgId],
    );
    s = performance.now();
    await t.db.tx((q) => insertPassages(q, { id: noiseDoc, orgId: u.orgId }, noise));
    const n = (
      await t.db.query<{ n: number }>("select count(*)::int as n from kb_passages where org_id = $1", [u.orgId])
    )[0]!.n;
    console.log(
      `bulk insert of ${noise.length} synthetic passages: ` +
        `${((performance.now() - s) / 1000).toFixed(1)} s (${n} passages in the ` +
        "org)",
    );
    // As ingestion does once a document is indexed: its passages leave the full-text indexes' pending list.
    s = performance.now();
    await retrieval.indexed(u.orgId);
    console.log(`full-text index pending list merged: ${((performance.now() - s) / 1000).toFixed(1)} s`);

    const timings: number[] = [];
    // CPU time of this process per query (PGlite runs in it): what the query costs whatever else the
    // machine is doing; wall time adds the waits for a core when other work keeps both busy.
    const cpu: number[] = [];
    const queries = [
      ...QUESTIONS.map(([q]) => q),
      ...Array.from({ length: 180 }, (_, i) => `customer w${(i * 37).toString(36)}x w${(i * 11).toString(36)}x price`),
    ];
    for (const q of queries.slice(0, 20)) await retrieval.retrieve(u.orgId, q); // warm-up
    for (const q of queries) {
      const started = performance.now();
      const cpuStart = process.cpuUsage();
      await retrieval.retrieve(u.orgId, q, { limit: 3 });
      timings.push(performance.now() - started);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
    console.log(
      `[load ${os.loadavg()[0]!.toFixed(1)}] retrieval over ${n} passages, ` +
        `${queries.length} queries: p50 ${ms(pct(timings, 50))}, ` +
        `p95 ${ms(pct(timings, 95))} (goal p95 ≤ 20 ms); CPU time p50 ${ms(pct(cpu, 50))}, p95 ${ms(pct(cpu, 95))}`,
    );

    let hits = 0;
    const misses: string[] = [];
    for (const [question, phrase] of QUESTIONS) {
      const top = await retrieval.retrieve(u.orgId, question, { limit: 3 });
      if (top.some((p) => p.documentId === help!.id && p.text.includes(phrase))) hits++;
      else misses.push(question);
    }
    console.log(
      `retrieval quality: right passage in the top 3 for ${hits}/${QUESTIONS.length} ` +
        `questions (${Math.round((hits / QUESTIONS.length) * 100)}%), full-text only`,
    );
    if (misses.length) console.log(`  missed: ${misses.join(" | ")}`);
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // On fresh databases of both engines, with embeddings.
  await benchVectorRanking();
}
