import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startFakeTwilio, type FakeTwilio } from "../../../../../tests/support/fake-twilio.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";
import { TWILIO_PUBLIC_URL, TWILIO_SID, TWILIO_TOKEN } from "../../../../../tests/support/twilio-harness.ts";
import { until } from "../../../../../tests/support/until.ts";
import { insertCampaign, insertContact } from "../../../../../tests/support/seed.ts";

// A Twilio number pointed at Parley (TELEPHONY=twilio): the fake Twilio posts the signed "A call comes in"
// webhook to the whole server, which finds the inbound campaign, admits the call under its limit, matches or
// creates the caller's contact, and answers with TwiML connecting the caller's media stream to the agent.
const INCOMING = `${TWILIO_PUBLIC_URL}/api/telephony/twilio/incoming`;
const NUMBER = "+15550100200";
const KNOWN = "+15550102030";
const NEW = "+15550102031";
const callSid = (n: number) => `CA${String(n).padStart(32, "0")}`;
const ring = (fake: FakeTwilio, n: number, from: string, to = NUMBER) =>
  fake.webhook(INCOMING, {
    CallSid: callSid(n),
    AccountSid: TWILIO_SID,
    From: from,
    To: to,
    CallStatus: "ringing",
    Direction: "inbound",
  });

type Row = {
  id: string;
  direction: string;
  status: string;
  contact_id: string | null;
  lead_phone: string;
  answered_at: Date | null;
  ended_at: Date | null;
};

for (const kind of await dbKinds()) {
  describe(`inbound calls over Twilio through the server (${kind})`, () => {
    let fake: FakeTwilio;
    let t: TestApp;
    let owner: TestUser;
    let campaignId: string;
    let mayaId: string;

    before(async () => {
      fake = await startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN });
      t = await startTestApp(kind, {
        env: {
          TELEPHONY: "twilio",
          TWILIO_ACCOUNT_SID: TWILIO_SID,
          TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
          TWILIO_FROM: "+15005550006",
          PUBLIC_URL: TWILIO_PUBLIC_URL,
          TWILIO_API_BASE: fake.apiBase,
        },
      });
      fake.routeTo(t.baseUrl);
      owner = await buildUser(t);
      const created = await t.request("POST", "/api/create_campaign", {
        token: owner.token,
        body: {
          name: "Front desk",
          direction: "inbound",
          inbound_number: NUMBER,
          service: "dental cleaning",
          max_concurrent_calls: 1,
          start_immediately: true,
        },
      });
      assert.equal(created.status, 201, created.text);
      campaignId = created.body.campaign.id;
      // Maya is on an outbound campaign's list of the same organisation: her call is matched to her.
      const oldList = await insertCampaign(t.db, owner.orgId, { name: "Old list", status: "completed" });
      const maya = { line_number: 1, name: "Maya Patel", phone_e164: KNOWN };
      mayaId = await insertContact(t.db, owner.orgId, oldList, maya);
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    const calls = () =>
      t.db.query<Row>(
        `select id, direction, status, contact_id, lead_phone, answered_at, ended_at from calls where campaign_id = $1
          order by started_at`,
        [campaignId],
      );

    test("a known caller: TwiML streams the call, the row is INBOUND, hers; over the limit: busy", async () => {
      const res = await ring(fake, 1, KNOWN);
      assert.equal(res.status, 200);
      assert.match(
        res.text,
        /^<\?xml[^>]*\?><Response><Connect><Stream url="wss:\/\/parley\.example\/api\/telephony\/twilio\/media">/,
      );
      assert.match(res.text, new RegExp(`<Parameter name="callId" value="inbound-${callSid(1)}"`));
      const [row] = await calls();
      assert.deepEqual(
        [row!.direction, row!.contact_id, row!.lead_phone, row!.ended_at],
        ["INBOUND", mayaId, KNOWN, null],
      );

      // Twilio opens the caller's stream: the agent answers on it (the row says answered) and speaks.
      const peer = await fake.openMedia(`wss://parley.example/api/telephony/twilio/media`);
      peer.send({
        event: "start",
        sequenceNumber: "1",
        streamSid: "MZ1",
        start: {
          streamSid: "MZ1",
          callSid: callSid(1),
          accountSid: TWILIO_SID,
          tracks: ["inbound"],
          customParameters: { callId: `inbound-${callSid(1)}` },
          mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        },
      });
      await until(async () => (await calls())[0]!.answered_at !== null, { ms: 15_000, what: "the call answered" });
      await until(() => peer.received.some((m) => m.event === "media"), {
        ms: 15_000,
        what: "the agent's audio on the stream",
      });

      const busy = await ring(fake, 2, NEW);
      assert.equal(busy.status, 200);
      assert.match(
        busy.text,
        /<Response><Say>Sorry, all our lines are busy right now\.[^<]*<\/Say><Hangup\/><\/Response>/,
      );
      assert.equal((await calls()).length, 1, "a refused call leaves no row");

      // The caller hangs up: Twilio stops the stream and the call is closed by its agent.
      peer.send({ event: "stop", streamSid: "MZ1" });
      await until(async () => (await calls())[0]!.ended_at !== null, { ms: 15_000, what: "the call closed" });
      assert.equal((await calls())[0]!.status, "completed");
    });

    test("an unknown number is not in service; a new caller becomes a contact of the inbound campaign", async () => {
      const unknown = await ring(fake, 3, NEW, "+15550100299");
      assert.match(
        unknown.text,
        /<Response><Say>Sorry, this number is not in service\. Goodbye\.<\/Say><Hangup\/><\/Response>/,
      );
      assert.equal((await calls()).length, 1);

      const res = await ring(fake, 4, NEW);
      assert.match(res.text, /<Connect><Stream /);
      const row = (await calls()).find((c) => c.lead_phone === NEW)!;
      const [ct] = await t.db.query<{ campaign_id: string; phone_e164: string }>(
        "select campaign_id, phone_e164 from contacts where id = $1",
        [row.contact_id],
      );
      assert.deepEqual(ct, { campaign_id: campaignId, phone_e164: NEW });
    });

    test("a webhook not signed with the account's token is refused before any campaign is looked up", async () => {
      const before = (await calls()).length;
      const forged = await fake.webhook(
        INCOMING,
        { CallSid: callSid(5), AccountSid: TWILIO_SID, From: KNOWN, To: NUMBER },
        "wrong-token",
      );
      assert.equal(forged.status, 403);
      assert.equal((await calls()).length, before);
    });
  });
}
