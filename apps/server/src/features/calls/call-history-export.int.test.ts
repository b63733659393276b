import assert from "node:assert/strict";
import crypto from "node:crypto";
import { after, before, describe, test } from "node:test";
import { parse } from "csv-parse/sync";
import { encodeWav } from "@parley/voice/audio/wav";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { insertCalls } from "../../../../../tests/support/call-history-data.ts";

const SECRET = "test-secret-for-recording-links-0123456789";

/** What the server's signer would answer, made here from the configured secret to forge expired links. */
function signed(orgId: string, callId: string, exp: number) {
  const key = crypto.createHmac("sha256", SECRET).update("parley:recording-links:v1").digest();
  const sig = crypto.createHmac("sha256", key).update(`${orgId}:${callId}:${exp}`).digest("base64url");
  return `/api/recordings/${callId}?exp=${exp}&sig=${sig}`;
}

for (const kind of await routeDbKinds()) {
  describe(`call history export and recordings on ${kind}`, () => {
    let t: TestApp;
    let owner: TestUser;
    let wav: Buffer;
    let recordedId: string;

    before(async () => {
      t = await startTestApp(kind, { env: { JWT_SECRET: SECRET } });
      owner = await buildUser(t);
      const samples = new Int16Array(8000 * 2).map((_, i) => Math.round(8000 * Math.sin(i / 5)));
      wav = encodeWav(samples, 8000, 2);
      const [id] = await insertCalls(t.db, owner.orgId, [
        {
          lead_name: "Rec Orded",
          recording_key: `recordings/${owner.orgId}/r1.wav`,
          started_at: "2026-04-01T10:00:00Z",
        },
      ]);
      recordedId = id!;
      await t.services.storage.put(`recordings/${owner.orgId}/r1.wav`, wav);
    });
    after(() => t.close());

    test("export escapes formula cells and sends an attachment", async () => {
      await insertCalls(t.db, owner.orgId, [
        {
          lead_name: '=HYPERLINK("http://evil")',
          lead_email: "@sum",
          budget: "-5",
          summary: '\tTabbed, "quoted"\nnext line',
          started_at: "2026-04-02T10:00:00Z",
        },
      ]);
      const res = await fetch(`${t.baseUrl}/api/call-history/export?search=hyperlink`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      assert.equal(res.status, 200);
      assert.match(
        res.headers.get("content-disposition") ?? "",
        /^attachment; filename="call-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
      const rows: string[][] = parse((await res.text()).replace(/^\uFEFF/, ""));
      assert.equal(rows.length, 2);
      assert.deepEqual(rows[0]!.slice(0, 3), ["Name", "Phone", "Email"]);
      const [name, phone, email, , budget, when, , status, , , summary] = rows[1]!;
      assert.deepEqual(
        [name, phone, email, budget, when, status],
        ['\'=HYPERLINK("http://evil")', "'+14155550100", "'@sum", "'-5", "2026-04-02 10:00", "interested"],
      );
      assert.equal(summary, '\'\tTabbed, "quoted"\nnext line');
    });

    test("export streams every match across keyset batches, ties included, with the list's filters", async () => {
      const stranger = await buildUser(t);
      // 4,500 calls sharing only 90 start times: batches of 2,000 must break ties by id and skip nothing
      // (one generate_series statement: a helper's row-by-row inserts would take most of the test's time).
      for (const org of [owner.orgId, stranger.orgId]) {
        await t.db.query(
          `insert into calls (org_id, lead_name, lead_phone, status, outcome, started_at, ended_at)
           select $1, 'Bulk ' || g, '+1555' || lpad(g::text, 7, '0'), 'completed', case when g % 3 = 0
             then 'follow_up' else 'not_interested' end,
                  timestamptz '2025-01-01' + (g % 90) * interval '1 minute', timestamptz '2025-01-01 01:00'
             from generate_series(1, 4500) g`,
          [org],
        );
      }
      // Searches count exactly up to 1,000 matches, date ranges up to 10,000; past that the total says "more".
      const capped = await t.request("GET", "/api/call-history?search=bulk", { token: owner.token });
      assert.deepEqual(
        [capped.body.total, capped.body.total_capped, capped.body.call_history.length],
        [1000, true, 10],
      );
      const day = await t.request("GET", "/api/call-history?from=2025-01-01&to=2025-01-01", { token: owner.token });
      assert.deepEqual([day.body.total, day.body.total_capped], [4500, false]);
      const res = await fetch(`${t.baseUrl}/api/call-history/export?search=bulk`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const rows: string[][] = parse((await res.text()).replace(/^\uFEFF/, ""), { from_line: 2 });
      assert.equal(rows.length, 4500);
      assert.equal(new Set(rows.map((r) => r[0])).size, 4500, "no row twice");
      const times = rows.map((r) => r[5]!);
      assert.deepEqual(times, [...times].sort().reverse(), "newest first");
      const followUps = await fetch(`${t.baseUrl}/api/call-history/export?status=follow_up`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      assert.equal(parse(await followUps.text(), { from_line: 2 }).length, 1500);
      const theirs = await fetch(`${t.baseUrl}/api/call-history/export?search=rec%20orded`, {
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      assert.equal(parse(await theirs.text(), { from_line: 2 }).length, 0, "another org's export holds none of ours");
      assert.equal((await t.request("GET", "/api/call-history/export")).status, 401);
    });

    test("audio_url is a signed link that serves the WAV with ranges", async () => {
      const list = await t.request("GET", "/api/call-history?search=rec%20orded", { token: owner.token });
      const url: string = list.body.call_history[0].audio_url;
      assert.match(url, new RegExp(`^/api/recordings/${recordedId}\\?exp=\\d+&sig=[\\w-]+$`));
      const whole = await fetch(t.baseUrl + url);
      assert.equal(whole.status, 200);
      assert.equal(whole.headers.get("accept-ranges"), "bytes");
      assert.equal(whole.headers.get("content-type"), "audio/wav");
      assert.ok(Buffer.from(await whole.arrayBuffer()).equals(wav));
      const part = await fetch(t.baseUrl + url, { headers: { range: "bytes=100-1099" } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get("content-range"), `bytes 100-1099/${wav.length}`);
      assert.ok(Buffer.from(await part.arrayBuffer()).equals(wav.subarray(100, 1100)));
      const tail = await fetch(t.baseUrl + url, { headers: { range: "bytes=-10" } });
      assert.ok(Buffer.from(await tail.arrayBuffer()).equals(wav.subarray(wav.length - 10)));
      const open = await fetch(t.baseUrl + url, { headers: { range: `bytes=${wav.length - 5}-` } });
      assert.equal(open.headers.get("content-range"), `bytes ${wav.length - 5}-${wav.length - 1}/${wav.length}`);
      const beyond = await fetch(t.baseUrl + url, { headers: { range: `bytes=${wav.length}-` } });
      assert.equal(beyond.status, 416);
      assert.equal(beyond.headers.get("content-range"), `bytes */${wav.length}`);
    });

    test("a bad, expired or other-org signature is 404", async () => {
      const future = Math.floor(Date.now() / 1000) + 600;
      assert.equal(
        (await fetch(t.baseUrl + signed(owner.orgId, recordedId, future))).status,
        200,
        "the forged-from-secret link is right",
      );
      const expired = await fetch(t.baseUrl + signed(owner.orgId, recordedId, Math.floor(Date.now() / 1000) - 1));
      assert.equal(expired.status, 404);
      const stranger = await buildUser(t);
      assert.equal(
        (await fetch(t.baseUrl + signed(stranger.orgId, recordedId, future))).status,
        404,
        "signed for another org",
      );
      const tampered = signed(owner.orgId, recordedId, future).replace(/sig=./, "sig=A");
      assert.equal((await fetch(t.baseUrl + tampered)).status, 404);
      assert.equal((await fetch(`${t.baseUrl}/api/recordings/${recordedId}`)).status, 404, "no signature");
      const [plain] = await insertCalls(t.db, owner.orgId, [
        { lead_name: "No Rec", started_at: "2026-04-03T10:00:00Z" },
      ]);
      assert.equal(
        (await fetch(t.baseUrl + signed(owner.orgId, plain!, future))).status,
        404,
        "a call without a recording",
      );
      const body = await (await fetch(t.baseUrl + tampered)).json();
      assert.equal(body.error.code, "not_found");
    });

    test("details of the recorded call are the owner's alone", async () => {
      await assertOrgIsolation(t, owner, { method: "GET", path: `/api/call-history/${recordedId}` });
    });
  });
}
