import { test } from "node:test";
import assert from "node:assert/strict";
import { computeTwilioSignature, verifyTwilioSignature } from "./twilio-signature.ts";

// Twilio's published request-validation example (the same vector their helper libraries test against).
const TOKEN = "12345";
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const PARAMS = {
  CallSid: "CA1234567890ABCDE",
  Caller: "+14158675309",
  Digits: "1234",
  From: "+14158675309",
  To: "+18005551212",
};
const SIGNATURE = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";

test("reproduces Twilio's documented signature", () => {
  assert.equal(computeTwilioSignature(TOKEN, URL, PARAMS), SIGNATURE);
  assert.ok(verifyTwilioSignature(TOKEN, URL, PARAMS, SIGNATURE));
});

test("parameter order on the wire does not matter", () => {
  const shuffled = {
    To: PARAMS.To,
    Digits: PARAMS.Digits,
    CallSid: PARAMS.CallSid,
    From: PARAMS.From,
    Caller: PARAMS.Caller,
  };
  assert.ok(verifyTwilioSignature(TOKEN, URL, shuffled, SIGNATURE));
});

test("any tampering fails", () => {
  assert.equal(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: "9999" }, SIGNATURE), false);
  assert.equal(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Extra: "1" }, SIGNATURE), false);
  assert.equal(verifyTwilioSignature(TOKEN, `${URL}&baz=3`, PARAMS, SIGNATURE), false);
  assert.equal(verifyTwilioSignature("54321", URL, PARAMS, SIGNATURE), false);
  assert.equal(verifyTwilioSignature(TOKEN, URL, PARAMS, "RSOYDt4T1cUTdK1PDd93/VVr8B8"), false);
  assert.equal(verifyTwilioSignature(TOKEN, URL, PARAMS, undefined), false);
  assert.equal(verifyTwilioSignature(TOKEN, URL, PARAMS, ""), false);
});
