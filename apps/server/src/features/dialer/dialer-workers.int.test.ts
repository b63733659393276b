import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertDialCampaign, overlappingCalls } from "../../../../../tests/support/dial-campaign.ts";
import { until } from "../../../../../tests/support/until.ts";

const WORKER = new URL("../../entry/worker.ts", import.meta.url).pathname;

/**
 * `npm run worker` as a real process on the test's PostgreSQL database, with instant voice providers. The
 * lease is long: on a loaded machine a short one can run out while a busy worker records a finished call
 * (the attempt is then retried: one more call than contacts).
 */
function startWorker(databaseUrl: string): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-worker-"));
  return spawn(process.execPath, ["--import", "tsx", WORKER], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      VOICE_MODE: "instant",
      SIMULATED_RING_MS: "100",
      DIALER_LEASE_SECONDS: "30",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const usePostgres = (await dbKinds()).includes("postgres");

describe("dialer workers as separate processes on PostgreSQL", {
  skip: !usePostgres && "PostgreSQL is not reachable",
}, () => {
  let t: TestApp;
  let owner: TestUser;
  const workers: ChildProcess[] = [];
  before(async () => {
    t = await startTestApp("postgres");
    owner = await buildUser(t);
    // Minutes for every call of the test (a new organisation's trial would run out).
    await t.db.query("update org_limits set max_concurrent_calls = 30, minutes_balance = 10000 where org_id = $1", [
      owner.orgId,
    ]);
  });
  after(async () => {
    for (const w of workers) w.kill("SIGKILL");
    await t.close();
  });

  /** A campaign of `n` contacts that all say hello; launched through the API. */
  async function launchCampaign(n: number, offset: number): Promise<string> {
    const id = await insertDialCampaign(t.db, owner.orgId, "Workers", numbersInHoursNow(n, offset), "say:hello;hangup");
    const res = await t.request("POST", `/api/campaigns/${id}/launch`, { token: owner.token });
    assert.equal(res.status, 200, res.text);
    return id;
  }

  const campaignDone = (id: string) => async () =>
    (await t.db.query<{ status: string }>("select status from campaigns where id = $1", [id]))[0]!.status ===
    "completed";

  /** Every contact reached one final outcome exactly once, and no contact was ever on two calls at once. */
  async function assertEachContactOnce(campaignId: string, n: number) {
    const finals = await t.db.query<{ contact_id: string; finals: number }>(
      `select contact_id, count(*) filter (where outcome = 'interested')::int as finals from call_attempts
        where campaign_id = $1 group by contact_id`,
      [campaignId],
    );
    assert.equal(finals.length, n);
    assert.ok(
      finals.every((f) => f.finals === 1),
      "one final outcome per contact",
    );
    assert.equal(await overlappingCalls(t.db, campaignId), 0, "no contact was dialled twice at the same time");
  }

  /** What became of a campaign's calls, for a failure's message. */
  const callsBy = async (campaignId: string) =>
    JSON.stringify(
      await t.db.query(
        "select status, outcome, summary, count(*)::int as n from calls where campaign_id = $1 group by 1, 2, 3",
        [campaignId],
      ),
    );

  test("three workers dial 30 contacts with no double-dial", async () => {
    const id = await launchCampaign(30, 0);
    workers.push(startWorker(t.url!), startWorker(t.url!), startWorker(t.url!));
    try {
      await until(campaignDone(id), { ms: 150_000, what: "campaign completed", everyMs: 250 });
      await assertEachContactOnce(id, 30);
      const [calls] = await t.db.query<{ n: number }>("select count(*)::int as n from calls where campaign_id = $1", [
        id,
      ]);
      assert.equal(
        calls!.n,
        30,
        `one call per contact; the calls by status, outcome and summary: ${await callsBy(id)}`,
      );
    } finally {
      // Whatever happened, these workers must not dial the next test's campaign.
      for (const w of workers.splice(0)) w.kill("SIGTERM");
    }
  });
  // A worker killed mid-call (its calls dropped and retried, nothing lost): many-processes.int.test.ts.
});
