import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createToneTts, echoBrain } from "@parley/voice/providers/instant-providers";
import { createSimulatedTelephony } from "@parley/voice/telephony/simulated/simulated-telephony";
import { createScriptedStt } from "../../../../../tests/support/voice/test-providers.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { seedCampaign } from "../../../../../tests/support/call-campaign.ts";
import { addTeamMember } from "../../../../../tests/support/team-members.ts";
import { openListen } from "../../../../../tests/support/listen-client.ts";
import { handshakeStatus } from "../../../../../tests/support/web-call-client.ts";
import { until } from "../../../../../tests/support/until.ts";

// One engine is enough: the audio never touches the database; the interventions are plain rows.
const [kind] = await dbKinds();

describe(`listening in on a live call and taking it over (${kind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  const ws = (path: string) => t.baseUrl.replace(/^http/, "ws") + path;
  before(async () => {
    t = await startTestApp(kind!, {
      warmRecognizers: true,
      voice: {
        telephony: createSimulatedTelephony({ tts: createToneTts(200), ringMs: 100 }),
        stt: createScriptedStt(["hello there", "ok bye"]),
        tts: createToneTts(300),
        brain: echoBrain,
        defaultVoiceId: "tone",
        recording: true,
      },
    });
    owner = await buildUser(t);
  });
  after(() => t.close());

  test("an admin hears both sides, takes over, hands back; members, other orgs refused; the log says who", async () => {
    const { campaignId, contacts } = await seedCampaign(t, owner.orgId, ["say:Hello there;wait:4;say:ok bye"]);
    const placed = await t.request("POST", "/api/calls", {
      token: owner.token,
      body: { campaign_id: campaignId, contact_id: contacts[0] },
    });
    const callId: string = placed.body.call.id;
    await until(
      async () =>
        (await t.request("GET", `/api/calls/${callId}`, { token: owner.token })).body.call.answered_at !== null,
      { ms: 20_000, what: "the call is answered" },
    );

    const member = await addTeamMember(t, owner, "member");
    assert.equal((await t.request("POST", `/api/calls/${callId}/listen`, { token: member.token })).status, 403);
    const stranger = await buildUser(t);
    assert.equal((await t.request("POST", `/api/calls/${callId}/listen`, { token: stranger.token })).status, 404);
    assert.equal(await handshakeStatus(ws(`/api/media/listen?call_id=${callId}&ticket=nope`)), 401);

    const ticket = await t.request("POST", `/api/calls/${callId}/listen`, { token: owner.token });
    assert.equal(ticket.status, 201);
    const listen = await openListen(ws(ticket.body.ws_url));
    await listen.waitFor((m) => m.type === "state" && m.held_by === null, "the first state");
    await until(() => listen.bytes.agent > 0 && listen.bytes.callee > 0, { ms: 10_000, what: "audio of both sides" });

    listen.send({ type: "take_over" });
    await listen.waitFor((m) => m.type === "state" && m.you, "the take-over");
    await listen.talk(300);
    listen.send({ type: "hand_back" });
    await listen.waitFor(
      (m) => m.type === "state" && m.held_by === null && listen.messages.some((x) => x.type === "state" && x.you),
      "the hand-back",
    );

    await listen.waitFor((m) => m.type === "ended", "the end of the call");
    assert.equal(await listen.closed, 1000);
    const late = await t.request("POST", `/api/calls/${callId}/listen`, { token: owner.token });
    assert.equal(late.status, 409);
    assert.equal(late.body.error.message, "This call is not on the line now.");

    const detail = await t.request("GET", `/api/call-history/${callId}`, { token: owner.token });
    const [me] = await t.db.query<{ name: string }>(
      "select first_name || ' ' || last_name as name from users where id = $1",
      [owner.userId],
    );
    assert.deepEqual(
      detail.body.call.interventions.map((i: { kind: string; by_name: string }) => `${i.kind} by ${i.by_name}`),
      ["listen", "take_over", "hand_back"].map((k) => `${k} by ${me!.name}`),
    );
  });
});
