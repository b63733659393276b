import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { IncomingAnswer, IncomingCall, LegEvent } from "@parley/voice/telephony/call-leg";
import { startTwilioHarness, TWILIO_PUBLIC_URL, TWILIO_SID } from "../../../../../tests/support/twilio-harness.ts";
import { until } from "../../../../../tests/support/until.ts";

const INCOMING = `${TWILIO_PUBLIC_URL}/api/telephony/twilio/incoming`;
const callSid = (n: number) => `CA${String(n).padStart(32, "0")}`;

// Twilio's incoming-call webhook (a number's "A call comes in" URL) against the fake Twilio: signature
// checked, the handler's answer becomes a media stream to the agent, a refusal a polite message.
describe("incoming Twilio calls", () => {
  let h: Awaited<ReturnType<typeof startTwilioHarness>>;
  let decide: (call: IncomingCall) => Promise<IncomingAnswer>;
  const asked: IncomingCall[] = [];

  before(async () => {
    h = await startTwilioHarness({ startTimeoutMs: 1000 });
    h.tel.onIncoming!((call) => {
      asked.push(call);
      return decide(call);
    });
  });
  after(() => h.close());

  test("answered: TwiML connects the caller's stream, the leg answers with audio; hang-up ends it there", async () => {
    const events: LegEvent[] = [];
    let leg: Parameters<Extract<IncomingAnswer, { answer: unknown }>["answer"]>[0] | null = null;
    decide = async () => ({
      answer: (l) => {
        leg = l;
        l.on((e) => events.push(e));
      },
    });
    const res = await h.fake.webhook(INCOMING, {
      CallSid: callSid(1),
      AccountSid: TWILIO_SID,
      From: "+15550102030",
      To: "+15550100200",
      CallStatus: "ringing",
      Direction: "inbound",
    });
    assert.equal(res.status, 200);
    assert.deepEqual(asked.at(-1), { to: "+15550100200", from: "+15550102030" });
    const streamUrl = res.text.match(/<Stream url="([^"]+)">/)?.[1];
    assert.equal(streamUrl, "wss://parley.example/api/telephony/twilio/media");
    const key = res.text.match(/<Parameter name="callId" value="([^"]+)"/)?.[1];
    assert.equal(key, `inbound-${callSid(1)}`);
    const peer = await h.fake.openMedia(streamUrl!);
    peer.send({
      event: "start",
      sequenceNumber: "1",
      streamSid: "MZ9",
      start: {
        streamSid: "MZ9",
        callSid: callSid(1),
        accountSid: TWILIO_SID,
        tracks: ["inbound"],
        customParameters: { callId: key },
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      },
    });
    await until(() => events.some((e) => e.type === "answered"), { what: "answered" });
    peer.send({
      event: "media",
      streamSid: "MZ9",
      media: { track: "inbound", chunk: "1", timestamp: "0", payload: Buffer.alloc(160, 0xff).toString("base64") },
    });
    await until(() => events.some((e) => e.type === "audio"), { what: "the caller's audio" });
    leg!.hangup();
    await until(() => h.fake.rest.some((r) => r.path.endsWith(`/Calls/${callSid(1)}.json`)), { what: "REST hang-up" });
    assert.deepEqual(
      events.find((e) => e.type === "ended"),
      { type: "ended", reason: "completed" },
    );
  });

  test("refused: a polite message, then Twilio hangs up; no leg", async () => {
    for (const [reason, words] of [
      ["busy", /all our lines are busy/],
      ["closed", /not taking calls/],
      ["unknown", /not in service/],
    ] as const) {
      decide = async () => ({ refuse: reason });
      const res = await h.fake.webhook(INCOMING, { CallSid: callSid(2), From: "+15550102030", To: "+15550100299" });
      assert.equal(res.status, 200);
      assert.match(res.text, /<Response><Say>[^<]+<\/Say><Hangup\/><\/Response>/);
      assert.match(res.text, words);
    }
  });

  test("a forged request is refused with 403 before anything is looked up", async () => {
    const before = asked.length;
    const res = await h.fake.webhook(
      INCOMING,
      { CallSid: callSid(3), From: "+15550102030", To: "+15550100200" },
      "wrong-token",
    );
    assert.equal(res.status, 403);
    assert.equal(asked.length, before);
  });
});
