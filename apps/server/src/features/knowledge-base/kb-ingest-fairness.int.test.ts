import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { createLocalStorage } from "../../platform/storage.ts";
import { createKbIngest } from "./kb-ingest.ts";
import { createKnowledgeBaseRepo } from "./knowledge-base.repo.ts";

/** Real prose (Debian's GPL text), `kb` kilobytes of it. */
const prose = (kb: number) => {
  const text = fs.readFileSync("/usr/share/common-licenses/GPL-3", "utf8");
  return Buffer.from(text.repeat(Math.ceil((kb * 1024) / text.length)).slice(0, kb * 1024));
};

// Three organisations upload at once: the first a backlog of five documents, the others one small document each.
// Indexing (real extraction in child processes, on the real database) starts theirs beside the backlog, never
// behind it.
for (const kind of await dbKinds()) {
  describe(`knowledge-base indexing across organisations (${kind})`, () => {
    let t: TestApp;
    let dir: string;
    before(async () => {
      t = await startTestApp(kind);
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-kb-fair-"));
    });
    after(async () => {
      await t?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("another organisation's small document starts before the backlog's second", async () => {
      const repo = createKnowledgeBaseRepo(t.db);
      const storage = createLocalStorage(dir);
      const started: string[] = [];
      const ingest = createKbIngest({
        repo: { ...repo, startAttempt: (id) => (started.push(id), repo.startAttempt(id)) },
        storage,
        fetchPage: () => Promise.reject(new Error("no pages here")),
        logger: t.app.log,
        limits: { memoryMb: 512, timeoutMs: 120_000 },
      });
      const upload = async (orgId: string, name: string, bytes: Buffer) => {
        const id = crypto.randomUUID();
        await storage.put(`kb/${orgId}/${id}`, bytes);
        const [row] = await repo.insertDocuments(orgId, [
          {
            id,
            name,
            channel: "voice",
            source: "file",
            url: null,
            file_name: `${name}.txt`,
            file_size: bytes.length,
            mime_type: "text/plain",
            storage_key: `kb/${orgId}/${id}`,
          },
        ]);
        return row!.id;
      };
      const [a, b, c] = [await buildUser(t), await buildUser(t), await buildUser(t)];
      const backlog: string[] = [];
      for (let i = 1; i <= 5; i++) backlog.push(await upload(a.orgId, `manual-${i}`, prose(100)));
      const small = [await upload(b.orgId, "hours", prose(1)), await upload(c.orgId, "prices", prose(1))];
      ingest.enqueue(a.orgId, backlog);
      ingest.enqueue(b.orgId, [small[0]!]);
      ingest.enqueue(c.orgId, [small[1]!]);
      await ingest.idle();

      assert.deepEqual([...started].sort(), [...backlog, ...small].sort(), "each document indexed once");
      const second = started.indexOf(backlog[1]!);
      for (const id of small) assert.ok(started.indexOf(id) < second, `started ${started.join(", ")}`);
      const statuses = await t.db.query<{ status: string }>(
        "select status from kb_documents where id = any($1::uuid[])",
        [[...backlog, ...small]],
      );
      assert.ok(
        statuses.every((s) => s.status === "ready"),
        JSON.stringify(statuses),
      );
    });
  });
}
