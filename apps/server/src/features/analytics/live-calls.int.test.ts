import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LiveCalls } from "@parley/shared/analytics";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { sseReader as readSse } from "../../../../../tests/support/sse-reader.ts";

/** `event: live` messages one at a time. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const next = readSse<LiveCalls>(body);
  return async (): Promise<LiveCalls | null> => {
    const m = await next();
    if (m) assert.equal(m.event, "live");
    return m?.data ?? null;
  };
}

for (const kind of await dbKinds()) {
  describe(`live calls stream on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    async function seedLiveCall(orgId: string) {
      const [k] = await t.db.query<{ id: string }>("insert into campaigns (org_id, name, status) values ($1, 'Live one', 'active') returning id", [orgId]);
      const [ct] = await t.db.query<{ id: string }>(
        "insert into contacts (org_id, campaign_id, line_number, name, phone_e164) values ($1, $2, 2, 'Dana Diaz', '+14155550111') returning id",
        [orgId, k!.id],
      );
      const transcript = [
        { speaker: "agent", text: "Hi Dana, this is Parley.", startMs: 0, endMs: 900 },
        { speaker: "callee", text: "Hello?", startMs: 1000, endMs: 1400 },
        { speaker: "agent", text: "Do you have a minute?", startMs: 1600, endMs: 2500 },
      ];
      const [call] = await t.db.query<{ id: string }>(
        `insert into calls (org_id, campaign_id, contact_id, lead_name, lead_phone, status, answered_at, transcript)
         values ($1, $2, $3, 'Dana', '+14155550111', 'in_progress', now(), $4::jsonb) returning id`,
        [orgId, k!.id, ct!.id, JSON.stringify(transcript)],
      );
      // A call a crashed process left open two hours ago: not live.
      await t.db.query(
        "insert into calls (org_id, campaign_id, lead_phone, status, started_at) values ($1, $2, '+14155550112', 'in_progress', now() - interval '2 hours')",
        [orgId, k!.id],
      );
      return { callId: call!.id, campaignId: k!.id };
    }

    test("streams the org's calls in progress with their last two lines, then the change when one ends", async () => {
      const owner = await buildUser(t);
      const stranger = await buildUser(t);
      const { callId, campaignId } = await seedLiveCall(owner.orgId);

      const controller = new AbortController();
      const res = await fetch(`${t.baseUrl}/api/calls/live`, { headers: { authorization: `Bearer ${owner.token}` }, signal: controller.signal });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
      const next = sseReader(res.body!);
      const first = await next();
      assert.equal(first!.calls.length, 1);
      const [call] = first!.calls;
      assert.deepEqual(
        { ...call, started_at: undefined, answered_at: undefined },
        {
          call_id: callId, contact_name: "Dana Diaz", phone: "+14155550111", campaign_id: campaignId, campaign_name: "Live one", status: "in_progress",
          started_at: undefined, answered_at: undefined,
          last_lines: [{ speaker: "callee", text: "Hello?" }, { speaker: "agent", text: "Do you have a minute?" }],
        },
      );

      await t.db.query("update calls set transcript = transcript || $2::jsonb where id = $1", [callId, JSON.stringify([{ speaker: "callee", text: "Sure.", startMs: 3000, endMs: 3300 }])]);
      const second = await next();
      assert.deepEqual(second!.calls[0]!.last_lines.map((l) => l.text), ["Do you have a minute?", "Sure."]);

      // Another organisation's stream does not show the call while it is live.
      const c2 = new AbortController();
      const theirs = await fetch(`${t.baseUrl}/api/calls/live`, { headers: { authorization: `Bearer ${stranger.token}` }, signal: c2.signal });
      assert.deepEqual(await sseReader(theirs.body!)(), { calls: [] });
      c2.abort();

      await t.db.query("update calls set status = 'completed', ended_at = now() where id = $1", [callId]);
      assert.deepEqual(await next(), { calls: [] });
      controller.abort();
    });

    test("needs a token", async () => {
      const res = await t.request("GET", "/api/calls/live");
      assert.equal(res.status, 401);
    });
  });
}
