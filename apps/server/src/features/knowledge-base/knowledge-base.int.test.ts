import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";

const FIXTURES = new URL("../../../../../tests/support/kb-documents/", import.meta.url);
const fixture = (name: string) => fs.readFileSync(new URL(name, FIXTURES));
const form = (files: Array<[string, Buffer | string]>, extra: Record<string, string> = { agent_id: "agent-1" }) => {
  const fd = new FormData();
  for (const [name, bytes] of files)
    fd.append("files[]", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  return fd;
};
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-"));

type Doc = {
  id: string;
  name: string;
  status: string;
  status_reason: string | null;
  passage_count: number;
  type: string;
};

for (const kind of await routeDbKinds()) {
  describe(`knowledge base (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir() } });
      owner = await buildUser(t);
    });
    after(() => t.close());

    const list = async (u = owner): Promise<Doc[]> =>
      (await t.request("GET", "/api/voice/KB/documents", { token: u.token })).body.data.documents;
    const settled = async () => {
      await t.services.knowledgeBase.ingest.idle();
      return list();
    };

    test("each fixture type is uploaded, sniffed and indexed; a scanned PDF fails with its reason", async () => {
      const files: Array<[string, Buffer]> = [
        "helios-battery.pdf",
        "pricing-plans.docx",
        "service-area.doc",
        "support-hours.txt",
        "scanned-no-text.pdf",
      ].map((n) => [n, fixture(n)]);
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: form(files),
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.message, "Documents uploaded successfully!");
      assert.deepEqual(
        res.body.data.documents.map((d: Doc) => d.status),
        Array(5).fill("processing"),
      );

      const docs = await settled();
      const byName = new Map(docs.map((d) => [d.name, d]));
      for (const name of ["helios-battery", "pricing-plans", "service-area", "support-hours"]) {
        assert.equal(byName.get(name)?.status, "ready", `${name}: ${byName.get(name)?.status_reason}`);
        assert.ok(byName.get(name)!.passage_count >= 1);
        assert.equal(byName.get(name)!.type, "Voice");
      }
      assert.equal(byName.get("scanned-no-text")?.status, "failed");
      assert.equal(byName.get("scanned-no-text")?.status_reason, "scanned PDF with no text");

      const status = await t.request("GET", "/api/voice/KB/agent/agent-1/kb-status", { token: owner.token });
      assert.equal(status.status, 200);
      assert.deepEqual(
        { ...status.body.data, passages: undefined },
        { agent_id: "agent-1", total: 5, processing: 0, ready: 4, failed: 1, passages: undefined },
      );
      assert.equal(
        status.body.data.passages,
        docs.reduce((n, d) => n + d.passage_count, 0),
      );
    });

    test("retrieval answers from the document that holds the fact, also for an OR-style question", async () => {
      const { retrieval } = t.services.knowledgeBase;
      const warranty = await retrieval.retrieve(owner.orgId, "How long is the warranty on the battery?", { limit: 3 });
      assert.equal(warranty[0]?.documentName, "helios-battery");
      assert.match(warranty[0]!.text, /warranty lasts twelve years/);
      const price = await retrieval.retrieve(owner.orgId, "how much does the premium plan cost", { limit: 3 });
      assert.equal(price[0]?.documentName, "pricing-plans");
      assert.match(price[0]!.text, /\$49 per month/);
      assert.deepEqual(await retrieval.retrieve(owner.orgId, "zebra xylophone quantum", { limit: 3 }), []);
      const stranger = await buildUser(t);
      assert.deepEqual(
        await retrieval.retrieve(stranger.orgId, "warranty battery", { limit: 3 }),
        [],
        "another org sees nothing",
      );
    });

    test("the spec's messages for too many files, wrong types, content lying about its type, too large", async () => {
      const post = (body: FormData) =>
        t.request("POST", "/api/voice/KB/bulk-upload-documents", { token: owner.token, body });
      const six = await post(
        form(Array.from({ length: 6 }, (_, i) => [`n${i}.txt`, "hello there"] as [string, string])),
      );
      assert.equal(six.status, 400);
      assert.equal(six.body.error.message, "Maximum 5 files allowed. You can upload 5 more file(s).");
      const wrong = await post(
        form([
          ["ok.txt", "fine"],
          ["photo.png", "x"],
          ["sheet.xlsx", "y"],
        ]),
      );
      assert.equal(
        wrong.body.error.message,
        "Invalid file type(s): photo.png, sheet.xlsx. Please upload only TXT, PDF, DOC, or DOCX files.",
      );
      const lying = await post(form([["fake.pdf", "this is plain text, not a PDF"]]));
      assert.equal(lying.status, 400);
      assert.equal(
        lying.body.error.message,
        "Invalid file type(s): fake.pdf. Please upload only TXT, PDF, DOC, or DOCX files.",
      );
      const big = await post(form([["big.txt", Buffer.alloc(20 * 1024 * 1024 + 1, 97)]]));
      assert.equal(big.status, 413);
      assert.equal(big.body.error.message, "File(s) too large: big.txt. Maximum file size is 20MB.");
      const none = await post(form([]));
      assert.equal(none.body.error.message, "Please add at least one file to upload.");
      assert.equal((await list()).length, 5, "nothing was stored by refused uploads");
    });

    test("URL uploads: form-encoded and JSON; private addresses refused with the reason on the item", async () => {
      const urls = [
        { url: "http://127.0.0.1:9/", name: "Loopback" },
        { url: "http://10.1.2.3/", name: "" },
        { url: "http://169.254.169.254/latest/meta-data/", name: "Metadata" },
      ];
      const body = new URLSearchParams({ agent_id: "agent-1", urls_data: JSON.stringify(urls) }).toString();
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-urls", {
        token: owner.token,
        body,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      assert.equal(res.status, 201, res.text);
      assert.equal(res.body.message, "URLs uploaded successfully!");
      assert.deepEqual(
        res.body.data.documents.map((d: Doc) => d.name),
        ["Loopback", "Document 2", "Metadata"],
      );
      const docs = await settled();
      for (const name of ["Loopback", "Document 2", "Metadata"]) {
        const d = docs.find((x) => x.name === name)!;
        assert.equal(d.status, "failed");
        assert.match(d.status_reason!, /^refused: .* private, loopback or reserved address$/);
      }
      const json = await t.request("POST", "/api/voice/KB/bulk-upload-urls", {
        token: owner.token,
        body: { agent_id: "a", urls_data: [{ url: "  " }] },
      });
      assert.equal(json.body.error.message, "Please add at least one URL to upload.");
      const six = Array.from({ length: 6 }, (_, i) => ({ url: `https://example.com/${i}` }));
      assert.equal(
        (await t.request("POST", "/api/voice/KB/bulk-upload-urls", { token: owner.token, body: { urls_data: six } }))
          .status,
        400,
      );
      const ftp = await t.request("POST", "/api/voice/KB/bulk-upload-urls", {
        token: owner.token,
        body: { urls_data: [{ url: "ftp://example.com/x" }] },
      });
      assert.match(ftp.body.error.message, /^Invalid URL: ftp:\/\/example.com\/x/);
    });

    test("combined upload is refused for voice with the spec's message", async () => {
      const res = await t.request("POST", "/api/upload-prompt-enhanced", {
        token: owner.token,
        body: form([["a.txt", "x"]], { "urls[]": "https://example.com" }),
      });
      assert.equal(res.status, 400);
      assert.equal(
        res.body.error.message,
        "Combined upload is only available for Email and WhatsApp channels. " +
          "For Voice, please upload files and URLs separately.",
      );
    });

    test("rename, describe, delete; another org's item is 404", async () => {
      const doc = (await list()).find((d) => d.name === "support-hours")!;
      const put = await t.request("PUT", `/api/knowledge-base/${doc.id}`, {
        token: owner.token,
        body: { name: "Support hours", description: "When we answer" },
      });
      assert.equal(put.status, 200);
      assert.equal(put.body.data.document.name, "Support hours");
      assert.equal(put.body.data.document.description, "When we answer");
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/voice/KB/documents/${doc.id}` });
      await assertOrgIsolation(t, owner, {
        method: "PUT",
        path: `/api/knowledge-base/${doc.id}`,
        body: { description: "" },
      });
      await assertOrgIsolation(t, owner, { method: "DELETE", path: `/api/voice/KB/unassign-and-delete/${doc.id}` });
      assert.equal(
        (await list()).some((d) => d.id === doc.id),
        false,
      );
      const after = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "Saturdays technician outages", {
        limit: 10,
      });
      assert.ok(
        after.every((h) => h.documentId !== doc.id),
        "its passages are gone",
      );
      assert.equal(
        (await t.request("DELETE", "/api/voice/KB/unassign-and-delete/not-a-uuid", { token: owner.token })).status,
        404,
      );
    });

    test("campaigns choose their knowledge bases; retrieval can be limited to them", async () => {
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: {
          name: "Battery push",
          direction: "outbound",
          channel: "voice",
          save_as_draft: true,
          start_immediately: true,
        },
      });
      assert.equal(created.status, 201, created.text);
      const campaignId = created.body.campaign.id as string;
      const pricing = (await list()).find((d) => d.name === "pricing-plans")!;
      const path = `/api/campaigns/${campaignId}/knowledge-bases`;
      const put = await t.request("PUT", path, { token: owner.token, body: { document_ids: [pricing.id] } });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(put.body.document_ids, [pricing.id]);
      await assertOrgIsolation(t, owner, { method: "GET", path });
      const stranger = await buildUser(t);
      const foreignDoc = await t.request("PUT", path, { token: stranger.token, body: { document_ids: [] } });
      assert.equal(foreignDoc.status, 404);
      const ids = await t.services.knowledgeBase.service.campaignDocumentIds(owner.orgId, campaignId);
      const hits = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "warranty battery", {
        documentIds: ids,
      });
      assert.ok(hits.every((h) => h.documentId === pricing.id));
    });
  });

  describe(`knowledge base web pages (${kind}, private URLs allowed for the test server)`, () => {
    let t: TestApp;
    let owner: TestUser;
    let page: import("node:http").Server;
    let base: string;
    before(async () => {
      const http = await import("node:http");
      page = http.createServer((req, res) => {
        if (req.url === "/faq") {
          return res.writeHead(200, { "content-type": "text/html" }).end(
            `<html><head><title>FAQ</title></head><body><nav>Home | Shop | Cart</nav><article>` +
              `<h1>Frequently asked questions</h1>
             <h2>Delivery</h2><p>Orders ship from our Portland warehouse within two business days.</p>
             <p>Express delivery costs nine dollars and arrives the next day.</p></article>` +
              "<footer>© Northwind</footer></body></html>",
          );
        }
        res.writeHead(200, { "content-type": "image/png" }).end("png");
      });
      await new Promise<void>((r) => page.listen(0, "127.0.0.1", r));
      base = `http://127.0.0.1:${(page.address() as import("node:net").AddressInfo).port}`;
      t = await startTestApp(kind, { env: { DATA_DIR: dataDir(), KB_ALLOW_PRIVATE_URLS: "1" } });
      owner = await buildUser(t);
    });
    after(async () => {
      await t.close();
      page.close();
    });

    test("a page's main text is indexed; a non-text answer fails with a clear reason", async () => {
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-urls", {
        token: owner.token,
        body: { agent_id: "x", urls_data: [{ url: `${base}/faq`, name: "FAQ" }, { url: `${base}/logo.png` }] },
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const docs: Doc[] = (await t.request("GET", "/api/voice/KB/documents", { token: owner.token })).body.data
        .documents;
      const faq = docs.find((d) => d.name === "FAQ")!;
      assert.equal(faq.status, "ready", faq.status_reason ?? "");
      assert.equal(
        docs.find((d) => d.name === "Document 2")?.status_reason,
        "the address returned image/png, not a web page or text",
      );
      const hits = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "how much is express delivery?");
      assert.match(hits[0]!.text, /nine dollars/);
      assert.ok(!hits.some((h) => /Home \| Shop/.test(h.text)), "navigation is not indexed");
    });
  });
}
