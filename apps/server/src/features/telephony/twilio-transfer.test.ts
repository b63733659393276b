import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { decodeMulaw, encodeMulaw } from "@parley/voice/audio/mulaw";
import { tone } from "@parley/voice/audio/beep";
import { createRulesBrain } from "@parley/voice/brain/rules-brain";
import { runCallSession } from "@parley/voice/session/call-session";
import type { TransferRecord } from "@parley/voice/session/session-types";
import type { TwilioTelephony } from "@parley/voice/telephony/twilio/twilio-telephony";
import type { FakeTwilio, MediaPeer } from "../../../../../tests/support/fake-twilio.ts";
import { startTwilioHarness, TWILIO_SID as SID } from "../../../../../tests/support/twilio-harness.ts";
import {
  createScriptedStt,
  fixedToneTts,
  noAgentTools as noTools,
  testContext,
} from "../../../../../tests/support/voice/test-providers.ts";
import { until } from "../../../../../tests/support/until.ts";

const toneTts = fixedToneTts(300, 300);

// A warm transfer on Twilio, against the fake Twilio: the person's leg is a second REST call with its own
// TwiML and Media Stream (keyed `<call>~transfer`), bridged by Parley to the caller's stream.
describe("warm transfer over Twilio (fake Twilio)", () => {
  let h: Awaited<ReturnType<typeof startTwilioHarness>>;
  let fake: FakeTwilio;
  let tel: TwilioTelephony;

  before(async () => {
    h = await startTwilioHarness({ startTimeoutMs: 2000 });
    ({ fake, tel } = h);
  });
  after(() => h.close());

  /** Plays Twilio's part for the n-th call Parley created: TwiML fetched, stream opened and started. */
  async function answer(n: number, streamSid: string): Promise<MediaPeer> {
    const created = fake.rest.filter((r) => r.path.endsWith("/Calls.json"))[n]!;
    const callSid = `CA${String(n + 1).padStart(32, "0")}`;
    const twiml = await fake.webhook(created.form.get("Url")!, {
      CallSid: callSid,
      AccountSid: SID,
      CallStatus: "in-progress",
    });
    const callId = twiml.text.match(/name="callId" value="([^"]+)"/)![1]!;
    const peer = await fake.openMedia(twiml.text.match(/<Stream url="([^"]+)">/)![1]!);
    peer.send({
      event: "start",
      sequenceNumber: "1",
      streamSid,
      start: {
        streamSid,
        callSid,
        accountSid: SID,
        tracks: ["inbound"],
        customParameters: { callId },
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      },
    });
    return peer;
  }
  /** `ms` of 20 ms frames in real time, a tone at `freq` (0: silence, which Twilio streams too). */
  const speak = async (peer: MediaPeer, streamSid: string, ms: number, freq: number) => {
    for (let t = 0; t < ms; t += 20) {
      peer.send({
        event: "media",
        streamSid,
        media: {
          track: "inbound",
          chunk: "1",
          timestamp: "0",
          payload: Buffer.from(encodeMulaw(freq ? tone(8000, freq, 20, 8000) : new Int16Array(160))).toString("base64"),
        },
      });
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** Loud frames at `freq` among what Parley sent on a stream. */
  const heard = (peer: MediaPeer) =>
    peer.received
      .filter((m) => m.event === "media")
      .map((m) => decodeMulaw(Buffer.from((m as { media: { payload: string } }).media.payload, "base64")));

  test("the caller asks for a person: a second Twilio call rings them, briefs them, bridges the streams", async () => {
    const leg = await tel.dial({
      to: "+14155550100",
      callId: "call-t",
      persona: null,
      signal: new AbortController().signal,
    });
    const transfers: TransferRecord[] = [];
    const session = runCallSession({
      leg,
      stt: createScriptedStt(["Can I talk to a real person?"]),
      tts: toneTts,
      voiceId: "tone",
      brain: createRulesBrain,
      context: testContext(),
      tools: noTools,
      vocabulary: [],
      turnTaking: { checkInAfterMs: 60_000 },
      onEvent: (e) => e.type === "transfer" && transfers.push(e.transfer),
      transfer: {
        to: "+15550102000",
        ringLimitMs: 5000,
        dial: (signal) =>
          tel.dial({ to: "+15550102000", callId: "call-t", persona: null, purpose: "transfer", signal }),
      },
    });
    const caller = await answer(0, "MZcaller");
    await new Promise((r) => setTimeout(r, 1500)); // the greeting (three 0.3 s sentences)
    await speak(caller, "MZcaller", 800, 440); // "Can I talk to a real person?"
    void speak(caller, "MZcaller", 2500, 0); // then quiet: the end of the turn is heard as silence
    await until(() => fake.rest.filter((r) => r.path.endsWith("/Calls.json")).length === 2, {
      ms: 10_000,
      what: "the person's call",
    });
    const second = fake.rest.filter((r) => r.path.endsWith("/Calls.json"))[1]!.form;
    assert.equal(second.get("To"), "+15550102000");
    assert.equal(second.get("Url"), "https://parley.example/api/telephony/twilio/twiml?callId=call-t~transfer");
    const person = await answer(1, "MZperson");
    await until(() => transfers.length === 1, { ms: 10_000, what: "bridged after the briefing" });
    assert.equal(transfers[0]!.answered, true);
    assert.ok(heard(person).length >= 10, "the person heard the briefing");
    const before = { caller: heard(caller).length, person: heard(person).length };
    await Promise.all([speak(person, "MZperson", 600, 700), speak(caller, "MZcaller", 600, 500)]);
    await until(() => heard(caller).length >= before.caller + 20 && heard(person).length >= before.person + 20, {
      what: "audio both ways",
    });
    // The person hangs up: the caller's call ends with them.
    assert.equal(
      (
        await fake.webhook(fake.rest.filter((r) => r.path.endsWith("/Calls.json"))[1]!.form.get("StatusCallback")!, {
          CallSid: `CA${"2".padStart(32, "0")}`,
          CallStatus: "completed",
        })
      ).status,
      204,
    );
    const result = await session;
    assert.equal(result.transferred, true);
    assert.equal(result.endReason, "completed");
  });
});
