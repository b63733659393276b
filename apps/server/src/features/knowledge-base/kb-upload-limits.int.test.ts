import { test, describe, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createServer } from "../../entry/server.ts";
import { createLogger } from "../../platform/logger.ts";
import { docxBomb } from "../../../../../tests/support/docx-bomb.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { MAX_INGEST_ATTEMPTS } from "./kb-ingest.ts";

type Doc = { id: string; name: string; status: string; status_reason: string | null };

const upload = (name: string, bytes: Buffer) => {
  const fd = new FormData();
  fd.append("files[]", new Blob([new Uint8Array(bytes)]), name);
  fd.append("agent_id", "agent-1");
  return fd;
};

for (const kind of await dbKinds()) {
  describe(`knowledge base upload limits (${kind})`, () => {
    let t: TestApp;
    let owner: TestUser;
    before(async () => {
      t = await startTestApp(kind, { env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-limits-")) } });
      owner = await buildUser(t);
    });
    after(() => t.close());

    const docs = async (): Promise<Doc[]> =>
      (await t.request("GET", "/api/voice/KB/documents", { token: owner.token })).body.data.documents;

    test("a DOCX that inflates to 100 MB fails with the reason while the server keeps answering", async () => {
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: upload("brochure.docx", await docxBomb(100)),
      });
      assert.equal(res.status, 201, res.text);
      const health = await t.request("GET", "/api/health");
      assert.equal(health.status, 200);
      await t.services.knowledgeBase.ingest.idle();
      const bomb = (await docs()).find((d) => d.name === "brochure")!;
      assert.equal(bomb.status, "failed");
      assert.match(bomb.status_reason ?? "", /expands to more than 64 MB when unpacked|ZIP bomb/);
      assert.equal((await t.request("GET", "/api/health")).status, 200);
    });

    test("at start-up a document interrupted too often is failed; one interrupted once is read again", async () => {
      const res = await t.request("POST", "/api/voice/KB/bulk-upload-documents", {
        token: owner.token,
        body: (() => {
          const fd = upload("hours.txt", Buffer.from("Our office is open from nine to five on weekdays."));
          fd.append("files[]", new Blob(["Parking is free for visitors behind the building."]), "parking.txt");
          return fd;
        })(),
      });
      assert.equal(res.status, 201, res.text);
      await t.services.knowledgeBase.ingest.idle();
      const [hours, parking] = ["hours", "parking"].map(
        (n) => res.body.data.documents.find((d: Doc) => d.name === n).id as string,
      );
      // As a process that died while indexing them would leave them.
      await t.db.query(`update kb_documents set status = 'processing', ingest_attempts = $2 where id = $1`, [
        hours,
        MAX_INGEST_ATTEMPTS,
      ]);
      await t.db.query(`update kb_documents set status = 'processing', ingest_attempts = 1 where id = $1`, [parking]);

      // A second process starting on the same database recovers what was left in 'processing'.
      const restarted = await createServer({ config: t.config, db: t.db, logger: createLogger(t.config) });
      try {
        await restarted.services.knowledgeBase.ingest.idle();
        const byName = new Map((await docs()).map((d) => [d.name, d]));
        assert.equal(byName.get("hours")?.status, "failed");
        assert.match(byName.get("hours")?.status_reason ?? "", new RegExp(`interrupted ${MAX_INGEST_ATTEMPTS} times`));
        assert.equal(byName.get("parking")?.status, "ready");
        const [row] = await t.db.query<{ n: number }>(`select ingest_attempts as n from kb_documents where id = $1`, [
          hours,
        ]);
        assert.equal(row!.n, MAX_INGEST_ATTEMPTS + 1);
      } finally {
        await restarted.app.close();
      }
    });
  });
}
