import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { numbersInHoursNow } from "../../../../../tests/support/in-hours-numbers.ts";
import { startTcpProxy, type TcpProxy } from "../../../../../tests/support/tcp-proxy.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { insertDialCampaign, overlappingCalls } from "../../../../../tests/support/dial-campaign.ts";
import { until } from "../../../../../tests/support/until.ts";

const WORKER = new URL("../../entry/worker.ts", import.meta.url).pathname;
const usePostgres = (await dbKinds()).includes("postgres");

describe("a worker whose database goes away", { skip: !usePostgres && "PostgreSQL is not reachable" }, () => {
  let t: TestApp;
  let owner: TestUser;
  let proxy: TcpProxy;
  let worker: ChildProcess;
  let exited: number | null | undefined;
  const messages: string[] = [];
  before(async () => {
    t = await startTestApp("postgres");
    owner = await buildUser(t);
    await t.db.query("update org_limits set max_concurrent_calls = 30, minutes_balance = 10000 where org_id = $1", [
      owner.orgId,
    ]);
    const url = new URL(t.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    // The worker reaches PostgreSQL only through the proxy, which the test cuts and mends.
    worker = spawn(process.execPath, ["--import", "tsx", WORKER], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parley-worker-")),
        VOICE_MODE: "instant",
        SIMULATED_RING_MS: "1500",
        DIALER_LEASE_SECONDS: "3",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    worker.on("exit", (code) => (exited = code));
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) {
        try {
          messages.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? line));
        } catch {
          messages.push(line);
        }
      }
    };
    worker.stdout!.on("data", collect);
    worker.stderr!.on("data", collect);
  });
  after(async () => {
    worker?.kill("SIGKILL");
    await proxy?.close();
    await t?.close();
  });

  test("stops dialling and says why once, does not exit, then resumes and finishes each contact once", async () => {
    const id = await insertDialCampaign(t.db, owner.orgId, "Outage", numbersInHoursNow(4, 300), "say:hello;hangup", 1);
    assert.equal((await t.request("POST", `/api/campaigns/${id}/launch`, { token: owner.token })).status, 200);

    // Cut the database while calls are ringing.
    const ringing = async () =>
      (await t.db.query("select 1 from calls where campaign_id = $1 and ended_at is null", [id])).length > 0;
    await until(ringing, { ms: 30_000, what: "a call under way", everyMs: 100 });
    await proxy.cut();
    // A query the worker wrote just before the cut may still reach PostgreSQL from the socket's buffer and run a moment
    // later on a loaded machine, so the calls started are counted once that has settled, and again 5 s on.
    const started = async () =>
      (
        await t.db.query<{ n: number }>(
          "select count(*)::int as n from calls where campaign_id = $1 and started_at is not null",
          [id],
        )
      )[0]!.n;
    await new Promise((r) => setTimeout(r, 1000));
    const atCut = await started();
    await new Promise((r) => setTimeout(r, 5000));
    assert.equal(exited, undefined, `the worker is still running:\n${messages.join("\n")}`);
    const paused = messages.filter((m) => m.startsWith("Dialling paused: the database cannot be reached"));
    assert.equal(paused.length, 1, `said once why dialling stopped:\n${messages.join("\n")}`);
    assert.equal(await started(), atCut, "nothing dialled while the database was out of reach");

    await proxy.mend();
    const done = async () =>
      (await t.db.query<{ status: string }>("select status from campaigns where id = $1", [id]))[0]!.status ===
      "completed";
    await until(done, { ms: 40_000, what: "campaign completed after the database came back", everyMs: 250 });
    assert.ok(
      messages.some((m) => m.startsWith("Dialling resumed")),
      `said it resumed:\n${messages.join("\n")}`,
    );
    const finals = await t.db.query<{ n: number }>(
      `select count(*) filter (where outcome = 'interested')::int as n from call_attempts where campaign_id = $1
        group by contact_id`,
      [id],
    );
    assert.deepEqual(
      finals.map((f) => f.n),
      [1, 1, 1, 1],
      "each contact reached once, none lost",
    );
    assert.equal(await overlappingCalls(t.db, id), 0, "no contact on two calls at once");
    assert.equal(exited, undefined, "the worker never exited");
  });
});
