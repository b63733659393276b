import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { LiveCalls } from "@parley/shared/analytics";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { sseReader as readSse } from "../../../../../tests/support/sse-reader.ts";
import { insertCall, insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

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
      const campaignId = await insertCampaign(t.db, orgId, { name: "Live one", status: "active" });
      const contactId = await insertContact(t.db, orgId, campaignId, { name: "Dana Diaz", phone_e164: "+14155550111" });
      const transcript = [
        { speaker: "agent", text: "Hi Dana, this is Parley.", startMs: 0, endMs: 900 },
        { speaker: "callee", text: "Hello?", startMs: 1000, endMs: 1400 },
        { speaker: "agent", text: "Do you have a minute?", startMs: 1600, endMs: 2500 },
      ];
      const callId = await insertCall(t.db, orgId, {
        campaign_id: campaignId,
        contact_id: contactId,
        lead_name: "Dana",
        lead_phone: "+14155550111",
        answered_at: new Date(),
        transcript,
      });
      // A call a crashed process left open two hours ago: not live.
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
      await insertCall(t.db, orgId, { campaign_id: campaignId, lead_phone: "+14155550112", started_at: twoHoursAgo });
      return { callId, campaignId };
    }

    test("streams the org's calls in progress with their last two lines, then the change when one ends", async () => {
      const owner = await buildUser(t);
      const stranger = await buildUser(t);
      const { callId, campaignId } = await seedLiveCall(owner.orgId);

      const controller = new AbortController();
      const res = await fetch(`${t.baseUrl}/api/calls/live`, {
        headers: { authorization: `Bearer ${owner.token}` },
        signal: controller.signal,
      });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /text\/event-stream/);
      const next = sseReader(res.body!);
      const first = await next();
      assert.equal(first!.calls.length, 1);
      const [call] = first!.calls;
      assert.deepEqual(
        { ...call, started_at: undefined, answered_at: undefined },
        {
          call_id: callId,
          contact_name: "Dana Diaz",
          phone: "+14155550111",
          campaign_id: campaignId,
          campaign_name: "Live one",
          status: "in_progress",
          started_at: undefined,
          answered_at: undefined,
          last_lines: [
            { speaker: "callee", text: "Hello?" },
            { speaker: "agent", text: "Do you have a minute?" },
          ],
        },
      );

      await t.db.query("update calls set transcript = transcript || $2::jsonb where id = $1", [
        callId,
        JSON.stringify([{ speaker: "callee", text: "Sure.", startMs: 3000, endMs: 3300 }]),
      ]);
      const second = await next();
      assert.deepEqual(
        second!.calls[0]!.last_lines.map((l) => l.text),
        ["Do you have a minute?", "Sure."],
      );

      // Another organisation's stream does not show the call while it is live.
      const c2 = new AbortController();
      const theirs = await fetch(`${t.baseUrl}/api/calls/live`, {
        headers: { authorization: `Bearer ${stranger.token}` },
        signal: c2.signal,
      });
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
