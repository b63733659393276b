import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createOpenAiEmbedder } from "./embeddings.ts";
import { createKbRetrievalRepo } from "./kb-retrieval.repo.ts";
import { createKbVectorIndex } from "./kb-vector-index.ts";
import { createKbVectorIndexRepo } from "./kb-vector-index.repo.ts";
import { setUpKbVectors } from "./kb-vectors.ts";
import { createRetrievalService } from "./retrieval.service.ts";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "parley-kbr-"));
const upload = (files: Array<[string, string]>) => {
  const fd = new FormData();
  for (const [name, text] of files) fd.append("files[]", new Blob([text]), name);
  fd.append("agent_id", "agent-1");
  return fd;
};
// A manual where every passage says "installation": the word is everywhere, so it finds no candidates by itself.
const manual = Array.from(
  { length: 250 },
  (_, i) =>
    `# Step ${i + 1}\nDuring installation step ${i + 1} the technician checks ` +
    "the wiring, the installation seals and the mounting rails.",
).join("\n\n");
const faq =
  "# Installation time\nA certified installer fits a typical rooftop system in one or two " +
  "days.\n\n# Gift card\nRefer a friend and both of you receive a gift card.";

// A fake OpenAI-compatible embeddings endpoint: one dimension per concept, so "fee" lands near "costs".
const CONCEPTS = [
  /\b(price|cost|costs|fee|fees|dollars?)\b/gi,
  /\b(battery|outage|power)\b/gi,
  /\b(install\w*|fits?)\b/gi,
  /\b(gift|refer\w*)\b/gi,
];
async function fakeEmbeddings(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const c of req) raw += c;
    const { input } = JSON.parse(raw) as { input: string[] };
    const data = input.map((s, index) => ({
      index,
      embedding: [0.01, ...CONCEPTS.map((re) => (s.match(re) ?? []).length)],
    }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
}

/** kb_lexemes must equal a count from scratch over the org's passages. */
async function assertLexemeCounts(t: TestApp, orgId: string): Promise<void> {
  const kept = await t.db.query<{ lexeme: string; passages: number; headings: number }>(
    `select lexeme, passages, headings from kb_lexemes where org_id = $1 order by lexeme`,
    [orgId],
  );
  const fresh = await t.db.query<{ lexeme: string; passages: number; headings: number }>(
    `select l.lexeme, count(*)::int as passages, (count(*) filter (where 'A' = any(l.weights)))::int as headings
     from kb_passages p, unnest(p.tsv) l where p.org_id = $1 group by l.lexeme order by l.lexeme`,
    [orgId],
  );
  assert.deepEqual(kept, fresh);
}

for (const kind of await dbKinds()) {
  describe(`knowledge base retrieval (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir() } });
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("lexeme counts follow documents in and out; a common word still finds its heading's passage", async () => {
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload([
          ["manual.txt", manual],
          ["faq.txt", faq],
        ]),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      await assertLexemeCounts(t, owner.orgId);
      const [instal] = await t.db.query<{ passages: number }>(
        `select passages from kb_lexemes where org_id = $1 and lexeme = 'instal'`,
        [owner.orgId],
      );
      assert.ok(instal!.passages > 250, "more passages hold 'instal' than retrieval ranks");

      const hits = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "How long does installation take?", {
        limit: 3,
      });
      assert.match(hits[0]?.text ?? "", /one or two days/);
      const gift = await t.services.knowledgeBase.retrieval.retrieve(
        owner.orgId,
        "do I get a gift card for a referral after installation?",
        { limit: 3 },
      );
      assert.match(gift[0]?.text ?? "", /gift card/);

      const manualDoc = res.body.data.documents.find((d: { name: string }) => d.name === "manual");
      assert.equal(
        (await t.request("DELETE", `/api/voice/KB/unassign-and-delete/${manualDoc.id}`, { token: owner.token })).status,
        200,
      );
      await assertLexemeCounts(t, owner.orgId);
      const stranger = await buildUser(t);
      assert.equal(
        (
          await t.request("DELETE", `/api/voice/KB/unassign-and-delete/${res.body.data.documents[1].id}`, {
            token: stranger.token,
          })
        ).status,
        404,
      );
      await assertLexemeCounts(t, owner.orgId);
      assert.deepEqual(
        await t.services.knowledgeBase.retrieval.retrieve(stranger.orgId, "installation", { limit: 3 }),
        [],
      );
    });

    test("a document whose passages are being stored is no answer; storing it again keeps counts exact", async () => {
      const owner = await buildUser(t);
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload([
          ["manual.txt", manual],
          ["faq.txt", faq],
        ]),
      });
      await t.services.knowledgeBase.ingest.idle();
      const faqDoc = res.body.data.documents.find((d: { name: string }) => d.name === "faq");
      const giftCard = async () => [
        ...new Set(
          (await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "gift card referral", { limit: 3 })).map(
            (h) => h.documentId,
          ),
        ),
      ];
      assert.deepEqual(await giftCard(), [faqDoc.id]);

      // As a process that died between two of the document's transactions leaves it.
      await t.db.query(`update kb_documents set status = 'processing' where id = $1`, [faqDoc.id]);
      assert.deepEqual(await giftCard(), [], "a processing document's passages are not searched");
      assert.equal(await t.services.knowledgeBase.ingest.recover(), 1);
      await t.services.knowledgeBase.ingest.idle();
      assert.deepEqual(await giftCard(), [faqDoc.id]);
      await assertLexemeCounts(t, owner.orgId);
      const [stored] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from kb_passages where document_id = $1`,
        [faqDoc.id],
      );
      assert.equal(stored!.n, 2, "the passages are stored once");
    });
  });

  describe(`knowledge base retrieval with embeddings (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let fake: { server: http.Server; url: string };
    before(async () => {
      fake = await fakeEmbeddings();
      t = await startTestApp(kind, {
        env: { DATA_DIR: dataDir(), EMBEDDINGS_BASE_URL: fake.url, EMBEDDINGS_MODEL: "concepts" },
      });
      owner = await buildUser(t);
    });
    after(async () => {
      await t.close();
      fake.server.close();
    });

    test("passages are embedded; a question in other words than the text is answered by vector ranking", async () => {
      const pricing =
        "# Plans\nThe premium plan costs forty-nine dollars a month.\n\n# " +
        "Storage\nThe battery keeps the lights on during an outage.";
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload([
          ["pricing.txt", pricing],
          ["faq.txt", faq],
        ]),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const [n] = await t.db.query<{ all: number; embedded: number }>(
        `select count(*)::int as all, count(embedding)::int as embedded from kb_passages where org_id = $1`,
        [owner.orgId],
      );
      assert.ok(n!.all >= 3 && n!.embedded === n!.all, `every passage embedded: ${JSON.stringify(n)}`);

      // "fee" is in no passage: full-text alone finds nothing, the vectors find the price.
      const fee = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "what is the fee", { limit: 1 });
      assert.match(fee[0]?.text ?? "", /forty-nine dollars/);
      // Both rankings agree on the words of the text.
      const outage = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "battery during an outage", {
        limit: 1,
      });
      assert.match(outage[0]?.text ?? "", /lights on/);
      const stranger = await buildUser(t);
      assert.deepEqual(
        await t.services.knowledgeBase.retrieval.retrieve(stranger.orgId, "what is the fee", { limit: 3 }),
        [],
        "another org's vectors stay out",
      );
    });

    test("passages come nearest first; a deleted document leaves answers; other processes see a new one", async () => {
      const user = await buildUser(t);
      // A second API process on the same database: its own vector index, nothing shared but the database.
      const indexRepo = createKbVectorIndexRepo(t.db);
      const other = createRetrievalService({
        repo: createKbRetrievalRepo(t.db),
        embedder: createOpenAiEmbedder({ baseUrl: fake.url, model: "concepts" }),
        vectors: await setUpKbVectors({ repo: createKbRetrievalRepo(t.db), indexRepo, engine: t.db.kind }),
      });
      const prices =
        "# One\nThe plan costs ten dollars.\n\n# Two\nThe battery " +
        "price.\n\n# Three\nBattery power during an outage, at a price.";
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: user.token,
        body: upload([["prices.txt", prices]]),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      // "fee" is in no passage: the order is the vectors' alone (cosine 1, 0.71, 0.32 to the question).
      const texts = async (r: typeof other) =>
        (await r.retrieve(user.orgId, "what is the fee", { limit: 3 })).map((p) => p.text);
      const nearestFirst = [
        "The plan costs ten dollars.",
        "The battery price.",
        "Battery power during an outage, at a price.",
      ];
      assert.deepEqual(await texts(t.services.knowledgeBase.retrieval), nearestFirst);
      assert.deepEqual(await texts(other), nearestFirst, "the other process finds the same");
      // Without its stored block (written before the index existed), a process builds it from the real[] copies.
      await t.db.query(`delete from kb_document_vectors where org_id = $1`, [user.orgId]);
      const third = createRetrievalService({
        repo: createKbRetrievalRepo(t.db),
        embedder: createOpenAiEmbedder({ baseUrl: fake.url, model: "concepts" }),
        vectors: createKbVectorIndex({ repo: indexRepo }),
      });
      assert.deepEqual(await texts(third), nearestFirst, "built from real[]");

      // Added through this process's API: the other process sees it on its next question.
      const added = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: user.token,
        body: upload([["fees.txt", "# Tariff\nA fee in dollars."]]),
      });
      await t.services.knowledgeBase.ingest.idle();
      assert.equal((await texts(other))[0], "A fee in dollars.");

      // Deleted through this process's API: gone from both processes' answers.
      const doc = res.body.data.documents[0];
      assert.equal(
        (await t.request("DELETE", `/api/voice/KB/unassign-and-delete/${doc.id}`, { token: user.token })).status,
        200,
      );
      assert.deepEqual(await texts(t.services.knowledgeBase.retrieval), ["A fee in dollars."]);
      assert.deepEqual(await texts(other), ["A fee in dollars."]);
      assert.equal(added.body.data.documents[0].name, "fees");
    });
  });
}
