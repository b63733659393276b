import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { dbKinds, openTestDb } from "../../../../../tests/support/test-db.ts";
import type { Db } from "../../platform/db.ts";
import { systemClock } from "../../platform/clock.ts";
import { createLocalStorage } from "../../platform/storage.ts";
import { createContactsRepo } from "../contacts/contacts.repo.ts";
import { createContactsService } from "../contacts/contacts.service.ts";
import type { CampaignCallStats } from "./campaign-call-stats.ts";
import { createCampaignsRepo } from "./campaigns.repo.ts";
import { createCampaignsService, type CampaignHooks } from "./campaigns.service.ts";

/** The hooks do not read call figures: every campaign has made no call. */
const noCallsYet: CampaignCallStats = async (_orgId, ids) =>
  new Map(ids.map((id) => [id, { calls_made: 0, success_rate: 0 }]));

for (const kind of await dbKinds()) {
  describe(`campaign hooks run inside the change's transaction (${kind})`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    let orgId: string;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-hooks-"));
    const seen: string[] = [];
    let failNext = false;
    const hook: CampaignHooks = {
      async statusChanged(q, e) {
        // Read through the transaction: the new status is visible to the hook before commit.
        const [row] = await q.query<{ status: string }>("select status from campaigns where id = $1", [e.campaignId]);
        seen.push(`${e.from}→${e.to} (row: ${row?.status ?? "gone"})`);
        if (failNext) throw new Error("dialer could not cancel its work");
      },
    };
    const service = () =>
      createCampaignsService({
        db,
        repo: createCampaignsRepo(db),
        contacts: createContactsService({ repo: createContactsRepo(db) }),
        storage: createLocalStorage(dir),
        voiceExists: async () => true,
        callStats: noCallsYet,
        clock: systemClock,
        hooks: [hook],
      });
    const actor = () => ({ orgId, userId: null });

    before(async () => {
      ({ db, drop } = await openTestDb(kind));
      // A bare database, no server to sign up through: the organisation is written straight in.
      [{ id: orgId }] = (await db.query<{ id: string }>(
        "insert into organizations (slug, name) values ('hooks', 'Hooks') returning id",
      )) as [{ id: string }];
    });
    after(async () => {
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("launch on create, pause, and delete of a running campaign (stopped first) reach the hook", async () => {
      const s = service();
      const c = await s.create(actor(), { name: "Hooked" }, null);
      await s.changeStatus(orgId, c.id, "pause");
      await s.remove(orgId, c.id);
      assert.deepEqual(seen, [
        "draft→active (row: active)",
        "active→paused (row: paused)",
        "paused→stopped (row: stopped)",
      ]);
    });

    test("a failing hook rolls the whole change back", async () => {
      const s = service();
      const c = await s.create(actor(), { name: "Rollback" }, null);
      failNext = true;
      await assert.rejects(s.remove(orgId, c.id), /dialer could not cancel/);
      await assert.rejects(s.changeStatus(orgId, c.id, "stop"), /dialer could not cancel/);
      failNext = false;
      assert.equal((await s.get(orgId, c.id)).status, "active", "still there and still active");
    });
  });
}
