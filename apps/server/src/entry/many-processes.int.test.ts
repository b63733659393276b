import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { CampaignProgress } from "@parley/shared/campaign-progress";
import type { Db } from "../platform/db.ts";
import { numbersInHoursNow } from "../../../../tests/support/in-hours-numbers.ts";
import { startServerProcess, type ServerProcess } from "../../../../tests/support/server-process.ts";
import { sseReader } from "../../../../tests/support/sse-reader.ts";
import { buildUser, httpClient, type TestUser } from "../../../../tests/support/test-app.ts";
import { dbKinds, openTestDb } from "../../../../tests/support/test-db.ts";
import { insertDialCampaign, overlappingCalls } from "../../../../tests/support/dial-campaign.ts";
import { until } from "../../../../tests/support/until.ts";
import { openWebCall } from "../../../../tests/support/web-call-client.ts";
import { insertCampaign } from "../../../../tests/support/seed.ts";

const CONTACTS = 8;
const usePostgres = (await dbKinds()).includes("postgres");

/**
 * Issue 19: several `npm start` and `npm run worker` processes on one PostgreSQL are one product. Two API
 * processes (no dialer) and two workers; every request goes to whichever API the step names, as a load
 * balancer without sticky sessions would send it.
 */
describe("two API processes and two workers on one PostgreSQL", {
  skip: !usePostgres && "PostgreSQL is not reachable",
}, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const procs: ServerProcess[] = [];
  let api1: ServerProcess;
  let api2: ServerProcess;
  let workers: ServerProcess[];
  let owner: TestUser;
  let url: string;
  before(async () => {
    const fresh = await openTestDb("postgres");
    ({ db, drop } = fresh);
    url = fresh.url!;
    const shared = { DATABASE_URL: url, SIMULATED_RING_MS: "300" };
    const worker = { ...shared, DIALER_LEASE_SECONDS: "3" };
    // All four start together (each loads the whole server); the workers idle until the campaign launches.
    const started = await Promise.all([
      startServerProcess("api", { ...shared, DIALER: "0" }),
      startServerProcess("api", { ...shared, DIALER: "0" }),
      startServerProcess("worker", worker),
      startServerProcess("worker", worker),
    ]);
    procs.push(...started);
    [api1, api2, ...workers] = started;
    owner = await buildUser(httpClient(api1!.baseUrl)); // signed up and in on API 1
    await db.query("update org_limits set max_concurrent_calls = 30, minutes_balance = 10000 where org_id = $1", [
      owner.orgId,
    ]);
  });
  after(async () => {
    for (const p of procs) p.child.kill("SIGKILL");
    await Promise.all(procs.map((p) => p.exited));
    await drop?.();
  });

  test("a session from one API works on the other, and so does a test call's ticket", async () => {
    const me = await httpClient(api2.baseUrl).request("GET", "/api/auth/me", { token: owner.token });
    assert.equal(me.status, 200, me.text);
    const campaignId = await insertCampaign(db, owner.orgId, { name: "Test call", status: "draft" });
    const ticket = await httpClient(api1.baseUrl).request("POST", `/api/campaigns/${campaignId}/test-call`, {
      token: owner.token,
    });
    assert.equal(ticket.status, 201, ticket.text);
    // The socket reaches the other process, which never saw the ticket issued.
    const call = await openWebCall(api2.baseUrl.replace("http", "ws") + ticket.body.ws_url);
    call.send({ type: "start" });
    await call.waitFor("ready");
    call.send({ type: "hangup" });
    await call.waitFor("ended");
  });

  test("a campaign launched on API 1, followed and played on API 2; a worker killed mid-call loses none", async () => {
    const id = await insertDialCampaign(
      db,
      owner.orgId,
      "Many processes",
      numbersInHoursNow(CONTACTS, 500),
      "say:hello;wait:1;say:bye;hangup",
      1,
    );
    const launched = await httpClient(api1.baseUrl).request("POST", `/api/campaigns/${id}/launch`, {
      token: owner.token,
    });
    assert.equal(launched.status, 200, launched.text);

    // Follow the campaign on API 2 from its launch to its end (a draft's stream ends at once: it is final).
    const res = await fetch(`${api2.baseUrl}/api/campaigns/${id}/progress`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    assert.equal(res.status, 200);
    const next = sseReader<CampaignProgress>(res.body!);
    const seen: CampaignProgress[] = [];
    const followed = (async () => {
      for (let m = await next(); m; m = await next()) seen.push(m.data);
    })();

    // Kill the worker carrying an answered call (one pass may lease every contact to one of them).
    const liveOwner = async () =>
      (
        await db.query<{ owner: string; call_id: string }>(
          `select a.lease_owner as owner, a.call_id from call_attempts a join calls k on k.id = a.call_id
          where a.campaign_id = $1 and a.status = 'in_progress' and k.answered_at is not null and k.ended_at is null
            limit 1`,
          [id],
        )
      )[0];
    await until(async () => (await liveOwner()) !== undefined, { ms: 30_000, what: "a call under way", everyMs: 50 });
    const live = (await liveOwner())!;
    const leaseOwner = live.owner;
    // Its audio is in the worker: an API process says so plainly rather than open a silent socket.
    const listen = await httpClient(api2.baseUrl).request("POST", `/api/calls/${live.call_id}/listen`, {
      token: owner.token,
    });
    assert.equal(listen.status, 409, listen.text);
    assert.match(listen.body.message ?? listen.text, /not on the line now/);
    const doomed = workers.find((w) => leaseOwner.startsWith(`${w.pid}-`));
    assert.ok(doomed, `a worker leased the call (${leaseOwner})`);
    doomed.child.kill("SIGKILL");
    await doomed.exited;
    const mine = `${doomed.pid}-%`;
    // Its leases still name it (they have not expired): the contacts it was calling when it died.
    const cut = await db.query<{ contact_id: string }>(
      "select contact_id from call_attempts where campaign_id = $1 and status = 'in_progress' and lease_owner like $2",
      [id, mine],
    );
    assert.ok(cut.length >= 1);

    await followed; // the stream ends by itself once the campaign is final
    const last = seen.at(-1)!;
    assert.equal(last.status, "completed", JSON.stringify(last));
    assert.equal(last.done, CONTACTS);
    assert.ok(
      seen.some((p) => p.in_progress > 0 && p.live_calls.length > 0),
      "API 2 streamed calls the workers placed",
    );

    // Nothing lost: every contact has exactly one final outcome; only the killed worker's calls were
    // dropped, each retried once; no contact was ever on two calls at once.
    const perContact = await db.query<{ contact_id: string; finals: number; dropped: number; calls: number }>(
      `select a.contact_id, count(*) filter (where a.outcome <> 'dropped')::int as finals,
              count(*) filter (where a.outcome = 'dropped')::int as dropped,
              (select count(*)::int from calls k where k.contact_id = a.contact_id) as calls
         from call_attempts a where a.campaign_id = $1 group by a.contact_id`,
      [id],
    );
    assert.equal(perContact.length, CONTACTS);
    const killed = new Set(cut.map((r) => r.contact_id));
    for (const p of perContact) {
      assert.equal(p.finals, 1, `one final outcome for ${p.contact_id}`);
      assert.equal(p.dropped, killed.has(p.contact_id) ? 1 : 0, "dropped only where the worker died");
      assert.ok(p.calls <= 1 + p.dropped, "dialled again only after a drop");
    }
    assert.equal(await overlappingCalls(db, id), 0, "no contact on two calls at once");

    // A recording a worker made, listed by API 1, plays from API 2 (shared storage, shared signing key).
    const list = await httpClient(api1.baseUrl).request("GET", `/api/call-history?campaign_id=${id}`, {
      token: owner.token,
    });
    assert.equal(list.status, 200, list.text);
    const played = list.body.call_history.find((r: { status: string }) => r.status !== "dropped");
    const detail = await httpClient(api1.baseUrl).request("GET", `/api/call-history/${played.id}`, {
      token: owner.token,
    });
    assert.ok(detail.body.call.audio_url, JSON.stringify(detail.body.call));
    const audio = await fetch(api2.baseUrl + detail.body.call.audio_url, { headers: { range: "bytes=0-3" } });
    assert.equal(audio.status, 206);
    assert.equal(Buffer.from(await audio.arrayBuffer()).toString(), "RIFF");
  });
});
