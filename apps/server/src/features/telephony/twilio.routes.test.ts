import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { decodeMulaw, encodeMulaw } from "@parley/voice/audio/mulaw";
import type { CallLeg, LegEvent } from "@parley/voice/telephony/call-leg";
import { createTwilioTelephony, type TwilioTelephony } from "@parley/voice/telephony/twilio/twilio-telephony";
import type { FakeTwilio } from "../../../../../tests/support/fake-twilio.ts";
import {
  startTwilioHarness,
  TWILIO_PUBLIC_URL,
  TWILIO_SID,
  TWILIO_TOKEN,
} from "../../../../../tests/support/twilio-harness.ts";
import { until } from "../../../../../tests/support/until.ts";

const SID = TWILIO_SID;
const TOKEN = TWILIO_TOKEN;
const PUBLIC_URL = TWILIO_PUBLIC_URL;
const HOOKS = `${PUBLIC_URL}/api/telephony/twilio`;

const tone = (n: number, offset = 0) =>
  Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * (i + offset)) / 8000)));
const closeTo = (got: Int16Array, want: Int16Array) => {
  assert.equal(got.length, want.length);
  for (let i = 0; i < want.length; i++)
    assert.ok(Math.abs(got[i]! - want[i]!) <= 300, `sample ${i}: ${got[i]} vs ${want[i]}`);
};
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("Twilio telephony over a fake Twilio", () => {
  let h: Awaited<ReturnType<typeof startTwilioHarness>>;
  let fake: FakeTwilio;
  let tel: TwilioTelephony;

  before(async () => {
    h = await startTwilioHarness({ startTimeoutMs: 1000 });
    ({ fake, tel } = h);
  });
  after(() => h.close());

  async function dial(callId: string, signal = new AbortController().signal) {
    const leg: CallLeg = await tel.dial({ to: "+14155550100", callId, persona: null, signal });
    const events: LegEvent[] = [];
    leg.on((e) => events.push(e));
    const created = fake.rest.at(-1)!;
    return {
      leg,
      events,
      created,
      callSid: `CA${String(fake.rest.filter((r) => r.path.endsWith("/Calls.json")).length).padStart(32, "0")}`,
    };
  }
  const ended = (events: LegEvent[]) => events.find((e) => e.type === "ended");

  test("a whole call: REST create, signed TwiML, media both ways, AMD, DTMF, clear and hang-up", async () => {
    const { leg, events, created, callSid } = await dial("call-1");
    assert.equal(created.auth, `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    assert.equal(created.path, `/2010-04-01/Accounts/${SID}/Calls.json`);
    const f = created.form;
    assert.equal(f.get("To"), "+14155550100");
    assert.equal(f.get("From"), "+15005550006");
    assert.equal(f.get("Url"), `${HOOKS}/twiml?callId=call-1`);
    assert.equal(f.get("StatusCallback"), `${HOOKS}/status?callId=call-1`);
    assert.deepEqual(f.getAll("StatusCallbackEvent"), ["initiated", "ringing", "answered", "completed"]);
    assert.equal(f.get("MachineDetection"), "DetectMessageEnd");
    assert.equal(f.get("AsyncAmd"), "true");
    assert.equal(f.get("AsyncAmdStatusCallback"), `${HOOKS}/amd?callId=call-1`);
    assert.equal(leg.sampleRate, 8000);

    await fake.webhook(f.get("StatusCallback")!, { CallSid: callSid, CallStatus: "ringing" });
    const twiml = await fake.webhook(f.get("Url")!, { CallSid: callSid, AccountSid: SID, CallStatus: "in-progress" });
    assert.equal(twiml.status, 200);
    const streamUrl = twiml.text.match(/<Stream url="([^"]+)">/)?.[1];
    assert.equal(streamUrl, "wss://parley.example/api/telephony/twilio/media");
    assert.match(
      twiml.text,
      /<Connect><Stream url="[^"]+"><Parameter name="callId" value="call-1"\/><\/Stream><\/Connect>/,
    );

    const peer = await fake.openMedia(streamUrl!);
    peer.send({ event: "connected", protocol: "Call", version: "1.0.0" });
    peer.send({
      event: "start",
      sequenceNumber: "1",
      streamSid: "MZ1",
      start: {
        streamSid: "MZ1",
        callSid,
        accountSid: SID,
        tracks: ["inbound"],
        customParameters: { callId: "call-1" },
        mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      },
    });
    await until(() => events.some((e) => e.type === "answered"), { what: "answered" });
    // 25 ms packets: the leg re-cuts them into 20 ms frames.
    const sent = tone(200 * 8);
    for (let at = 0; at < sent.length; at += 200)
      peer.send({
        event: "media",
        streamSid: "MZ1",
        media: {
          track: "inbound",
          chunk: "1",
          timestamp: "0",
          payload: Buffer.from(encodeMulaw(sent.subarray(at, at + 200))).toString("base64"),
        },
      });
    const audio = () => events.flatMap((e) => (e.type === "audio" ? [e.frame] : []));
    await until(() => audio().length === 10, { what: "10 frames" });
    assert.ok(audio().every((fr) => fr.length === 160));
    closeTo(Int16Array.from(audio().flatMap((fr) => [...fr])), sent);

    peer.send({ event: "dtmf", streamSid: "MZ1", dtmf: { track: "inbound_track", digit: "7" } });
    await until(() => events.some((e) => e.type === "dtmf" && e.digit === "7"), { what: "dtmf" });
    assert.equal(
      (
        await fake.webhook(f.get("AsyncAmdStatusCallback")!, {
          CallSid: callSid,
          AnsweredBy: "machine_end_beep",
          MachineDetectionDuration: "4200",
        })
      ).status,
      204,
    );
    await until(() => events.some((e) => e.type === "amd" && e.result === "machine"), { what: "amd" });

    const out = tone(160, 3);
    leg.send(out);
    leg.clear();
    await until(() => peer.received.length === 2, { what: "media and clear" });
    const [media, clear] = peer.received as [{ event: string; streamSid: string; media: { payload: string } }, object];
    assert.equal(media.event, "media");
    assert.equal(media.streamSid, "MZ1");
    closeTo(decodeMulaw(Buffer.from(media.media.payload, "base64")), out);
    assert.deepEqual(clear, { event: "clear", streamSid: "MZ1" });

    leg.hangup();
    await until(() => fake.rest.some((r) => r.path.endsWith(`/Calls/${callSid}.json`)), { what: "REST hang-up" });
    assert.equal(fake.rest.find((r) => r.path.endsWith(`/Calls/${callSid}.json`))!.form.get("Status"), "completed");
    assert.deepEqual(ended(events), { type: "ended", reason: "completed" });
    assert.equal(await peer.closed, 1000);
  });

  test("a bad signature is refused with 403 and changes nothing", async () => {
    const { events, created, callSid } = await dial("call-forged");
    const f = created.form;
    assert.equal((await fake.webhook(f.get("Url")!, { CallSid: callSid }, "wrong-token")).status, 403);
    assert.equal(
      (await fake.webhook(f.get("StatusCallback")!, { CallSid: callSid, CallStatus: "busy" }, "wrong-token")).status,
      403,
    );
    assert.equal(
      (await fake.webhook(f.get("AsyncAmdStatusCallback")!, { CallSid: callSid, AnsweredBy: "human" }, "wrong-token"))
        .status,
      403,
    );
    await assert.rejects(
      fake.openMedia(`${PUBLIC_URL.replace("https", "wss")}/api/telephony/twilio/media`, "wrong-token"),
      /403/,
    );
    // Signed for one call, replayed for another: the query is part of what is signed.
    const signedElsewhere = await fake.webhook(`${HOOKS}/status?callId=other`, {
      CallSid: callSid,
      CallStatus: "busy",
    });
    assert.equal(signedElsewhere.status, 204);
    await settle();
    assert.deepEqual(events, []);
    // The genuine callback still works afterwards.
    assert.equal((await fake.webhook(f.get("StatusCallback")!, { CallSid: callSid, CallStatus: "busy" })).status, 204);
    await until(() => ended(events) !== undefined, { what: "busy" });
  });

  for (const [status, reason] of [
    ["busy", "busy"],
    ["no-answer", "no_answer"],
    ["failed", "failed"],
    ["canceled", "cancelled"],
  ] as const) {
    test(`status callback ${status} ends the leg with ${reason}`, async () => {
      const { events, created, callSid } = await dial(`call-${status}`);
      await fake.webhook(created.form.get("StatusCallback")!, { CallSid: callSid, CallStatus: "ringing" });
      assert.deepEqual(events, []);
      await fake.webhook(created.form.get("StatusCallback")!, {
        CallSid: callSid,
        CallStatus: status,
        SipResponseCode: "486",
      });
      await until(() => ended(events) !== undefined, { what: reason });
      assert.deepEqual(ended(events), { type: "ended", reason, detail: `Twilio: ${status} (SIP 486)` });
      // The call is forgotten: a late TwiML fetch is told to hang up.
      assert.match((await fake.webhook(created.form.get("Url")!, { CallSid: callSid })).text, /<Hangup\/>/);
    });
  }

  test("aborting the dial's signal hangs the call up over REST", async () => {
    const ac = new AbortController();
    const { events, callSid } = await dial("call-abort", ac.signal);
    ac.abort();
    await until(() => fake.rest.some((r) => r.path.endsWith(`/Calls/${callSid}.json`)), { what: "REST hang-up" });
    assert.deepEqual(ended(events), { type: "ended", reason: "cancelled" });
  });

  test("an abort while Twilio is creating the call still hangs it up, and a late listener hears why", async () => {
    const ac = new AbortController();
    const dialing = tel.dial({ to: "+14155550100", callId: "call-early-abort", persona: null, signal: ac.signal });
    ac.abort();
    const leg = await dialing;
    const callSid = `CA${String(fake.rest.filter((r) => r.path.endsWith("/Calls.json")).length).padStart(32, "0")}`;
    await until(() => fake.rest.some((r) => r.path.endsWith(`/Calls/${callSid}.json`)), { what: "REST hang-up" });
    const events: LegEvent[] = [];
    leg.on((e) => events.push(e));
    assert.deepEqual(events, [{ type: "ended", reason: "cancelled" }]);
  });

  test("Twilio's `stop` ends the leg; a socket for an unknown call is closed", async () => {
    const { events, created } = await dial("call-stop");
    const twiml = await fake.webhook(created.form.get("Url")!, { CallSid: "CAx" });
    const streamUrl = twiml.text.match(/<Stream url="([^"]+)">/)![1]!;
    const stranger = await fake.openMedia(streamUrl);
    stranger.send({ event: "start", start: { streamSid: "MZ9", customParameters: { callId: "nobody" } } });
    assert.equal(await stranger.closed, 1008);
    const peer = await fake.openMedia(streamUrl);
    peer.send({ event: "start", start: { streamSid: "MZ2", customParameters: { callId: "call-stop" } } });
    await until(() => events.some((e) => e.type === "answered"), { what: "answered" });
    peer.send({ event: "stop", streamSid: "MZ2", stop: { callSid: "CAx" } });
    await until(() => ended(events) !== undefined, { what: "ended" });
    assert.deepEqual(ended(events), { type: "ended", reason: "completed" });
  });

  test("Twilio's refusal surfaces as a clear error", async () => {
    const bad = createTwilioTelephony({
      accountSid: SID,
      authToken: "not-the-token",
      apiBase: fake.apiBase,
      from: "+15005550006",
      publicUrl: PUBLIC_URL,
    });
    await assert.rejects(
      bad.dial({ to: "+14155550100", callId: "call-401", persona: null, signal: new AbortController().signal }),
      /Twilio refused the request: Authenticate \[code 20003\].*TWILIO_AUTH_TOKEN/,
    );
  });
});
