import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { KbAskResponse } from "@parley/shared/knowledge-base";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

// Real documents from Debian packages: zlib1g-dev's FAQ and redis-server's README.
const debianDoc = (name: string) =>
  fs.readFileSync(new URL(`../../../../../tests/support/debian-passages/${name}`, import.meta.url));
const upload = (files: Array<[string, Buffer]>) => {
  const fd = new FormData();
  for (const [name, bytes] of files) fd.append("files[]", new Blob([new Uint8Array(bytes)]), name);
  return fd;
};

for (const kind of await dbKinds()) {
  describe(`POST /api/voice/KB/ask (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    let zlib: string;
    let redis: string;
    let campaignId: string;
    const ask = (body: unknown, u: TestUser = owner) =>
      t.request("POST", "/api/voice/KB/ask", { token: u.token, body });

    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-ask-")) } });
      owner = await buildUser(t);
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload([
          ["zlib-faq.txt", debianDoc("zlib-faq.txt")],
          ["redis-readme.txt", debianDoc("redis-readme.md")],
        ]),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const docs: Array<{ id: string; name: string; status: string }> = (
        await t.request("GET", "/api/voice/KB/documents", { token: owner.token })
      ).body.data.documents;
      assert.deepEqual(
        docs.map((d) => d.status),
        ["ready", "ready"],
      );
      zlib = docs.find((d) => d.name === "zlib-faq")!.id;
      redis = docs.find((d) => d.name === "redis-readme")!.id;
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: {
          name: "Redis hosting",
          direction: "outbound",
          channel: "voice",
          save_as_draft: true,
          start_immediately: true,
        },
      });
      assert.equal(created.status, 201, created.text);
      campaignId = created.body.campaign.id;
      const put = await t.request("PUT", `/api/campaigns/${campaignId}/knowledge-bases`, {
        token: owner.token,
        body: { document_ids: [redis] },
      });
      assert.equal(put.status, 200, put.text);
    });
    after(() => t.close());

    test("answers as a call would, with the passages, their document, heading and page", async () => {
      const res = await ask({ question: "Is zlib thread safe?" });
      assert.equal(res.status, 200, res.text);
      const body = KbAskResponse.parse(res.body);
      assert.equal(body.answered, true);
      assert.match(body.answer, /^Yes\./);
      assert.ok(body.passages.length >= 1 && body.passages.length <= 3);
      const used = body.passages.filter((p) => p.used);
      assert.equal(used.length, 1);
      assert.equal(used[0]!.document_id, zlib);
      assert.equal(used[0]!.document_name, "zlib-faq");
      assert.match(used[0]!.text, /thread-safe/);
      assert.equal(used[0]!.page, null, "a text file has no pages");
      assert.ok(
        body.passages.every((p, i) => i === 0 || p.score <= body.passages[i - 1]!.score),
        "best first",
      );
    });

    test("a PDF's passages carry the page they start on", async () => {
      const pdf = fs.readFileSync(
        new URL("../../../../../tests/support/kb-documents/helios-battery.pdf", import.meta.url),
      );
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload([["helios-battery.pdf", pdf]]),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const body = KbAskResponse.parse((await ask({ question: "How long is the battery warranty?" })).body);
      const fromPdf = body.passages.filter((p) => p.document_name === "helios-battery");
      assert.ok(fromPdf.length >= 1, JSON.stringify(body.passages));
      assert.ok(
        fromPdf.every((p) => Number.isInteger(p.page) && p.page! >= 1),
        JSON.stringify(fromPdf.map((p) => p.page)),
      );
      assert.equal(body.answered, true);
      assert.match(body.answer, /twelve years|12 years/i);
    });

    test("says why: each passage's best sentences with the rule that accepted or refused them", async () => {
      const yes = KbAskResponse.parse((await ask({ question: "Is zlib thread safe?" })).body);
      const used = yes.passages.find((p) => p.used)!;
      const accepted = used.checks.filter((c) => c.accepted);
      assert.equal(accepted.length, 1, JSON.stringify(used.checks));
      assert.equal(accepted[0]!.rule, "answers");
      assert.match(yes.answer, new RegExp(`^${accepted[0]!.sentence.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      // Declined: every passage's best sentences refused, each by a named rule with its reason.
      const no = KbAskResponse.parse((await ask({ question: "How many threads can zlib use at once?" })).body);
      assert.equal(no.answered, false, no.answer);
      const checks = no.passages.flatMap((p) => p.checks);
      assert.ok(checks.length >= 1);
      assert.ok(
        checks.every((c) => !c.accepted && /^[a-z]+(-[a-z]+)+$/.test(c.rule) && c.reason.length > 10),
        JSON.stringify(checks),
      );
    });

    test("says honestly when the knowledge base does not know", async () => {
      const body = (await ask({ question: "Does zlib support bzip2 compression?" })).body;
      assert.equal(body.answered, false);
      assert.match(body.answer, /don't have that information.*follow up/);
      assert.ok(body.passages.every((p: { used: boolean }) => !p.used));
    });

    test("a campaign answers from its own documents only, as its calls do; document_ids narrow it", async () => {
      const viaCampaign = (await ask({ question: "Is zlib thread safe?", campaign_id: campaignId })).body;
      assert.ok(
        viaCampaign.passages.every((p: { document_id: string }) => p.document_id === redis),
        JSON.stringify(viaCampaign.passages),
      );
      assert.equal(viaCampaign.answered, false);
      const redisAnswer = (
        await ask({ question: "Does Redis support big endian architectures?", campaign_id: campaignId })
      ).body;
      assert.equal(
        redisAnswer.answer,
        "We support big endian and little endian architectures, and both 32 bit and 64 bit systems.",
      );
      const chosen = (await ask({ question: "Is zlib thread safe?", campaign_id: campaignId, document_ids: [zlib] }))
        .body;
      assert.ok(chosen.answered && chosen.passages.every((p: { document_id: string }) => p.document_id === zlib));
      const none = (await ask({ question: "What is Redis?", document_ids: [] })).body;
      assert.deepEqual({ answered: none.answered, passages: none.passages }, { answered: false, passages: [] });
    });

    test("another organisation's campaign or document is not found, and its passages are never used", async () => {
      await assertOrgIsolation(t, owner, {
        method: "POST",
        path: "/api/voice/KB/ask",
        body: { question: "What is Redis?", campaign_id: campaignId },
      });
      await assertOrgIsolation(t, owner, {
        method: "POST",
        path: "/api/voice/KB/ask",
        body: { question: "What is Redis?", document_ids: [redis] },
      });
      const stranger = await buildUser(t);
      const theirs = await ask({ question: "What is Redis?" }, stranger);
      assert.equal(theirs.status, 200);
      assert.deepEqual(
        { answered: theirs.body.answered, passages: theirs.body.passages },
        { answered: false, passages: [] },
      );
    });

    test("bad input is refused in the API's error shape", async () => {
      for (const [body, path, message] of [
        [{}, "question", null],
        [{ question: "   " }, "question", "Type a question."],
        [{ question: "x".repeat(501) }, "question", "A question is at most 500 characters."],
        [{ question: "What is Redis?", campaign_id: "nope" }, "campaign_id", "campaign_id must be a campaign's id."],
        [
          { question: "What is Redis?", document_ids: ["nope"] },
          "document_ids.0",
          "document_ids must be knowledge base item ids.",
        ],
      ] as const) {
        const res = await ask(body);
        assert.equal(res.status, 400, JSON.stringify(body));
        assert.equal(res.body.error.code, "validation_failed");
        assert.equal(res.body.error.details[0].path, path);
        if (message) assert.equal(res.body.error.message, message);
        assert.ok(res.body.error.requestId);
      }
    });
  });
}
