import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

const extract = (name: string) =>
  fs.readFileSync(new URL(`../../../../../tests/support/debian-extracts/${name}`, import.meta.url));
type Doc = { id: string; name: string; status: string; status_reason: string | null };

for (const kind of await dbKinds()) {
  describe(`knowledge-base extraction over HTTP (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-kbx-")) } });
      owner = await buildUser(t);
    });
    after(() => t.close());

    test("a real manual stores clean passages with heading paths and pages; a locked PDF fails saying so", async () => {
      const fd = new FormData();
      for (const name of ["bashref-extract.pdf", "bash-manpage-page1-password.pdf"])
        fd.append("files[]", new Blob([new Uint8Array(extract(name))]), name);
      fd.append("agent_id", "agent-1");
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", { token: owner.token, body: fd });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const docs: Doc[] = (await t.request("GET", "/api/voice/KB/documents", { token: owner.token })).body.data
        .documents;
      const byName = new Map(docs.map((d) => [d.name, d]));
      const locked = byName.get("bash-manpage-page1-password")!;
      assert.equal(locked.status, "failed");
      assert.match(locked.status_reason ?? "", /^password-protected PDF/);

      const manual = byName.get("bashref-extract")!;
      assert.equal(manual.status, "ready", manual.status_reason ?? "");
      const passages = await t.db.query<{ heading: string; text: string; page: number | null }>(
        "select heading, text, page from kb_passages where document_id = $1 order by position",
        [manual.id],
      );
      assert.ok(passages.length >= 20, `${passages.length} passages`);
      assert.ok(
        passages.every((p) => p.page !== null && p.page >= 3 && p.page <= 12),
        "every passage has its page; contents (1–2) and index (13) pages are not indexed",
      );
      assert.ok(!passages.some((p) => /(\. ){4,}/.test(p.text)), "no dot leaders");
      assert.ok(
        !passages.some((p) => /Chapter \d: [A-Z]\w+( [A-Z]\w+)* \d+/.test(p.text)),
        "no running chapter header",
      );
      const escaped = passages.find((p) => p.text.includes("A non-quoted backslash"));
      assert.deepEqual(
        { heading: escaped?.heading, page: escaped?.page },
        { heading: "Basic Shell Features › Shell Syntax › Quoting › Escape Character", page: 8 },
      );
      const hits = await t.services.knowledgeBase.retrieval.retrieve(owner.orgId, "how do single quotes work", {
        limit: 3,
      });
      assert.ok(
        hits.some((h) => h.text.includes("Enclosing characters in single quotes")),
        JSON.stringify(hits.map((h) => h.text.slice(0, 60))),
      );
    });
  });
}
