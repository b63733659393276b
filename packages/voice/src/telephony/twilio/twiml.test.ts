import { test } from "node:test";
import assert from "node:assert/strict";
import { connectStreamTwiml, hangupTwiml } from "./twiml.ts";
import { amdResult } from "./twilio-telephony.ts";

test("the Connect/Stream TwiML carries the call id and escapes XML", () => {
  const xml = connectStreamTwiml("wss://h.example/api/telephony/twilio/media", { callId: `a&b<"c'>` });
  assert.equal(
    xml,
    '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream ' +
      'url="wss://h.example/api/telephony/twilio/media">' +
      `<Parameter name="callId" value="a&amp;b&lt;&quot;c&apos;&gt;"/></Stream></Connect></Response>`,
  );
  assert.match(hangupTwiml(), /<Response><Hangup\/><\/Response>$/);
});

test("Twilio's AnsweredBy values map to the leg's three verdicts", () => {
  assert.equal(amdResult("human"), "human");
  for (const m of ["machine_start", "machine_end_beep", "machine_end_silence", "machine_end_other", "fax"])
    assert.equal(amdResult(m), "machine");
  assert.equal(amdResult("unknown"), "unknown");
  assert.equal(amdResult(undefined), "unknown");
});
