/**
 * Knowledge bench: the dev set of real documents (tests/kb-dev-set) ingested through the upload path,
 * every question asked through the live call's retrieval and the offline brain's answer, and figures
 * for how often the right passage and a true answer come back. Also ts_rank_cd alone, for comparison.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp, type TestApp } from "../../tests/support/test-app.ts";
import { extractDocument, type ExtractKind } from "../../apps/server/src/features/knowledge-base/extract-document.ts";
import { searchText } from "../../packages/voice/src/knowledge/words.ts";
import { answerFromPassages, type KbAnswer } from "../../packages/voice/src/knowledge/answer.ts";
import {
  DEV_SET_DIR,
  devDocumentFiles,
  holdsFacts,
  loadDevQuestions,
  passageNoise,
  type AnswerableQuestion,
  type UnanswerableQuestion,
} from "./kb-dev-set.ts";

type Hit = { documentId: string; heading: string; text: string };
const pctOf = (n: number, d: number) => `${n}/${d} (${d ? Math.round((n / d) * 100) : 0}%)`;

/** Serves the dev set's HTML pages on 127.0.0.1: web pages are ingested by URL, as a user adds them. */
async function serveHtml(): Promise<{ url: (file: string) => string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const file = path.join(DEV_SET_DIR, path.basename(decodeURIComponent(req.url ?? "")));
    if (!file.endsWith(".html") || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: (f) => `http://127.0.0.1:${port}/${encodeURIComponent(f)}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Ingests each document on its own (so its time is its own); answers file name → document id. */
async function ingestDevSet(t: TestApp, orgId: string): Promise<Map<string, string>> {
  const { service: knowledgeBase, ingest: kbIngest } = t.services.knowledgeBase;
  const web = await serveHtml();
  const ids = new Map<string, string>();
  const perKind = new Map<string, { bytes: number; ms: number; passages: number }>();
  try {
    for (const file of devDocumentFiles()) {
      const bytes = fs.readFileSync(path.join(DEV_SET_DIR, file));
      const started = performance.now();
      const [doc] = file.endsWith(".html")
        ? await knowledgeBase.uploadUrls(orgId, [{ url: web.url(file), name: file }])
        : await knowledgeBase.uploadFiles(orgId, [{ fileName: file, bytes }]);
      await kbIngest.idle();
      const ms = performance.now() - started;
      const done = await knowledgeBase.get(orgId, doc!.id);
      if (done.status !== "ready") throw new Error(`${file}: ${done.status} (${done.status_reason})`);
      ids.set(file, doc!.id);
      const kind = path.extname(file).slice(1);
      const k = perKind.get(kind) ?? { bytes: 0, ms: 0, passages: 0 };
      perKind.set(kind, { bytes: k.bytes + bytes.length, ms: k.ms + ms, passages: k.passages + done.passage_count });
    }
  } finally {
    await web.close();
  }
  const total = [...perKind.values()].reduce(
    (a, k) => ({ bytes: a.bytes + k.bytes, ms: a.ms + k.ms, passages: a.passages + k.passages }),
    { bytes: 0, ms: 0, passages: 0 },
  );
  const line = (k: { bytes: number; ms: number; passages: number }) =>
    `${(k.bytes / 1024).toFixed(0)} KB, ${k.passages} passages, ` +
    `${(k.ms / 1000).toFixed(2)} s → ` +
    `${(k.ms / 1000 / (k.bytes / 1024 / 1024)).toFixed(1)} s per MB`;
  console.log(`ingest of ${ids.size} documents (upload → ready, one at a time): ${line(total)}`);
  for (const [kind, k] of perKind) console.log(`  ${kind}: ${line(k)}`);
  return ids;
}

/** What extraction's clean-up did to the dev set (extract-document.ts), summed over its documents. */
async function printCleanup(): Promise<void> {
  const sum = { runningLines: 0, contentsPages: 0, hyphenJoins: 0, tableRows: 0 };
  for (const file of devDocumentFiles()) {
    const { cleanup } = await extractDocument(
      path.extname(file).slice(1) as ExtractKind,
      fs.readFileSync(path.join(DEV_SET_DIR, file)),
    );
    for (const k of Object.keys(sum) as Array<keyof typeof sum>) sum[k] += cleanup[k];
  }
  console.log(
    `extraction clean-up: ${sum.runningLines} running ` +
      `header/footer/page-number lines removed, ${sum.contentsPages} ` +
      "contents/index pages " +
      `not indexed, ${sum.hyphenJoins} line-end hyphenations joined, ${sum.tableRows} table rows made sentences`,
  );
}

/** PostgreSQL full text alone: passages holding any of the question's words, by ts_rank_cd. */
async function tsRankCd(t: TestApp, orgId: string, question: string, ids: string[]): Promise<Hit[]> {
  return t.db.query<Hit>(
    `with q as (select string_agg(quote_literal(l), ' | ')::tsquery as q
      from unnest(tsvector_to_array(to_tsvector('english', $2))) l)
     select p.document_id as "documentId", p.heading, p.text from kb_passages p, q
     where p.org_id = $1 and p.document_id = any($3::uuid[]) and p.tsv @@ q.q
     order by ts_rank_cd(p.tsv, q.q) desc, p.id limit 3`,
    [orgId, question, ids],
  );
}

function scoreRanking(name: string, questions: AnswerableQuestion[], ids: Map<string, string>, results: Hit[][]): void {
  let top1 = 0;
  let top3 = 0;
  const missed: string[] = [];
  questions.forEach((q, i) => {
    const wanted = new Set((q.documents ?? [q.document]).map((d) => ids.get(d)));
    const rank = results[i]!.findIndex(
      (h) => wanted.has(h.documentId) && holdsFacts(`${h.heading}\n${h.text}`, q.facts),
    );
    if (rank === 0) top1++;
    if (rank >= 0 && rank < 3) top3++;
    else missed.push(q.id);
  });
  console.log(`${name}: top-1 ${pctOf(top1, questions.length)}, top-3 ${pctOf(top3, questions.length)}`);
  if (missed.length) console.log(`  not in the top 3: ${missed.join(", ")}`);
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });
const spokenSentences = (text: string) => [...segmenter.segment(text)].filter((s) => /\p{L}/u.test(s.segment)).length;

/** The rule that refused the best candidate sentence of a declined answer, and why. */
const refusedBy = (a: KbAnswer) => (a.checks[0] ? `${a.checks[0].rule}: ${a.checks[0].reason}` : "no sentence to say");

/** How many declines each rule made (the rule refusing the best candidate). */
function declinesByRule(declined: KbAnswer[]): string {
  const counts = new Map<string, number>();
  for (const a of declined) {
    const rule = a.checks[0]?.rule ?? "no candidate";
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
  }
  return (
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([r, n]) => `${r} ${n}`)
      .join(", ") || "none"
  );
}

type Asked = { answer: KbAnswer; passages: Hit[] };

/**
 * What a caller hears, per question: the right answer (it holds the fact), a wrong one (an answer without
 * the fact, or any answer to what the documents do not say), or an honest decline, split by whether the
 * answer was in the passages looked at.
 */
async function scoreAnswers(
  name: string,
  answerable: AnswerableQuestion[],
  unanswerable: UnanswerableQuestion[],
  ask: (question: string) => Promise<Asked>,
): Promise<void> {
  const n = { right: 0, wrong: 0, declinedThere: 0, declinedAbsent: 0, falseAnswers: 0 };
  const failed: string[] = [];
  const declined: KbAnswer[] = [];
  const shape = { questionsRead: 0, overTwoSentences: 0, chars: [] as number[] };
  for (const q of answerable) {
    const { answer: a, passages } = await ask(q.question);
    if (a.answered) {
      // What a caller must never hear: a question read back, or more than about two sentences.
      if (/\?/.test(a.text)) shape.questionsRead++;
      if (spokenSentences(a.text) > 2) shape.overTwoSentences++;
      shape.chars.push(a.text.length);
    }
    if (a.answered && holdsFacts(a.text, q.facts)) {
      n.right++;
      continue;
    }
    if (a.answered) n.wrong++;
    else {
      declined.push(a);
      if (passages.some((p) => holdsFacts(`${p.heading}\n${p.text}`, q.facts))) n.declinedThere++;
      else n.declinedAbsent++;
    }
    failed.push(
      `${q.id}: ${a.answered ? `WRONG ${JSON.stringify(a.text.slice(0, 100))}` : `(declined) ${refusedBy(a)}`}`,
    );
  }
  const falses: string[] = [];
  for (const q of unanswerable) {
    const { answer: a } = await ask(q.question);
    if (a.answered) falses.push(`${q.id}: WRONG ${JSON.stringify(a.text.slice(0, 80))}`);
  }
  n.falseAnswers = falses.length;
  const all = answerable.length + unanswerable.length;
  console.log(
    `${name}: right answer spoken ${pctOf(n.right, answerable.length)}; ` +
      `wrong answer spoken ${n.wrong} of ${answerable.length} ` +
      `answerable + ${n.falseAnswers} of ${unanswerable.length} unanswerable ` +
      `(${(((n.wrong + n.falseAnswers) / all) * 25).toFixed(1)} in 25); ` +
      `honest decline when the answer was in the passages ${n.declinedThere}, when it was not ${n.declinedAbsent}; ` +
      `honest decline on unanswerable questions ${pctOf(unanswerable.length - n.falseAnswers, unanswerable.length)}`,
  );
  console.log(`  declines of answerable questions by the rule refusing the best sentence: ${declinesByRule(declined)}`);
  shape.chars.sort((a, b) => a - b);
  console.log(
    `  answers reading a question back: ${shape.questionsRead}; ` +
      `longer than two sentences: ${shape.overTwoSentences}; ` +
      `length p50 ${shape.chars[Math.floor(shape.chars.length / 2)] ?? 0}, max ${shape.chars.at(-1) ?? 0} characters`,
  );
  if (process.env.BENCH_VERBOSE) for (const f of [...failed, ...falses]) console.log(`  ${f}`);
}

export async function run(): Promise<void> {
  console.log(`(${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)} at start)`);
  const { answerable, unanswerable } = loadDevQuestions();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-bench-knowledge-"));
  const t = await startTestApp("pglite", { env: { DATA_DIR: dataDir, KB_ALLOW_PRIVATE_URLS: "1" } });
  try {
    const u = await buildUser(t);
    const ids = await ingestDevSet(t, u.orgId);
    await printCleanup();
    const docIds = [...ids.values()];

    const stored = await t.db.query<{ document_id: string; heading: string; text: string }>(
      `select document_id, heading, text from kb_passages where org_id = $1 order by document_id, position`,
      [u.orgId],
    );
    if (process.env.BENCH_DUMP) {
      // The stored passages, one file per document, to read what extraction kept.
      fs.mkdirSync(process.env.BENCH_DUMP, { recursive: true });
      for (const [file, id] of ids) {
        const text = stored
          .filter((p) => p.document_id === id)
          .map((p) => `=== ${p.heading}\n${p.text}`)
          .join("\n\n");
        fs.writeFileSync(path.join(process.env.BENCH_DUMP, `${file}.passages.txt`), text);
      }
    }
    const noise = passageNoise(stored.map((p) => ({ document: p.document_id, text: p.text })));
    console.log(
      `stored passages: ${stored.length}; holding a 6-word run repeated across ` +
        `their document (running header/footer): ${noise.boilerplate}; ` +
        `table-of-contents-like: ${noise.tocLike}; words split at a line end: ${noise.brokenHyphens}`,
    );
    const lost = answerable.filter(
      (q) =>
        !stored.some(
          (p) => (q.documents ?? [q.document]).some((d) => ids.get(d) === p.document_id) && holdsFacts(p.text, q.facts),
        ),
    );
    console.log(
      "questions whose facts no stored passage of their document holds (lost in extraction " +
        `or chunking): ${lost.length ? lost.map((q) => q.id).join(", ") : "none"}`,
    );

    // The live call's retrieval: the campaign's documents, three passages (agent-tools.ts).
    const { retrieval } = t.services.knowledgeBase;
    const retrieve = (q: string) => retrieval.retrieve(u.orgId, q, { documentIds: docIds, limit: 3 });
    const timings: number[] = [];
    const live: Hit[][] = [];
    for (const q of answerable) {
      const s = performance.now();
      live.push(await retrieve(q.question));
      timings.push(performance.now() - s);
    }
    scoreRanking("retrieval (retrieval.service, as a live call)", answerable, ids, live);
    const baseline: Hit[][] = [];
    for (const q of answerable) baseline.push(await tsRankCd(t, u.orgId, q.question, docIds));
    scoreRanking("ts_rank_cd alone (any of the question's words)", answerable, ids, baseline);
    // The same words retrieval searches by (searchText): the ranking function alone differs.
    const sameWords: Hit[][] = [];
    for (const q of answerable) sameWords.push(await tsRankCd(t, u.orgId, searchText(q.question), docIds));
    scoreRanking("ts_rank_cd alone, on retrieval's search words", answerable, ids, sameWords);
    timings.sort((a, b) => a - b);
    console.log(
      `  retrieval time over ${stored.length} passages: p50 ` +
        `${timings[Math.floor(timings.length / 2)]!.toFixed(1)} ms, max ` +
        `${timings.at(-1)!.toFixed(1)} ms`,
    );

    // The offline brain's answer (knowledge/answer.ts), from the same retrieval.
    // BENCH_ANSWERS=<file> keeps each question's passages and answer, to compare two versions answer for answer.
    const record: Array<{ question: string; passages: Hit[]; answer: KbAnswer }> = [];
    await scoreAnswers("answerFromPassages (knowledge/answer.ts)", answerable, unanswerable, async (q) => {
      const passages = (await retrieve(q)).map(({ documentId, heading, text }) => ({ documentId, heading, text }));
      const answer = answerFromPassages(q, passages);
      record.push({ question: q, passages, answer });
      return { answer, passages };
    });
    if (process.env.BENCH_ANSWERS) fs.writeFileSync(process.env.BENCH_ANSWERS, JSON.stringify(record, null, 1));
  } finally {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
