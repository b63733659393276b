import assert from "node:assert/strict";
import { test } from "node:test";
import { createDigestChallenger, digestAuthorization, parseChallenge } from "./sip-digest.ts";

// A PBX that is not the trunk authenticates its INVITE: our 401 challenge answered as a UAC answers one.
test("an INVITE answering our challenge with the account's password passes; a wrong password, a stale or forged nonce do not", () => {
  let now = 1_800_000_000_000;
  const d = createDigestChallenger({ realm: "parley.example", now: () => now });
  const creds = { username: "parley", password: "s3cret-pw" };
  const challenge = parseChallenge(d.challenge())!;
  const answer = (password: string, c = challenge) => digestAuthorization(c, { username: "parley", password, method: "INVITE", uri: "sip:+15550100@parley.example" });
  assert.equal(d.verify(answer("s3cret-pw"), "INVITE", creds), true);
  assert.equal(d.verify(answer("guess"), "INVITE", creds), false);
  assert.equal(d.verify(answer("s3cret-pw"), "BYE", creds), false, "signed for another method");
  assert.equal(d.verify(answer("s3cret-pw", { ...challenge, nonce: `${now}.${"0".repeat(32)}` }), "INVITE", creds), false, "a nonce we did not issue");
  assert.equal(d.verify(undefined, "INVITE", creds), false);
  const old = answer("s3cret-pw");
  now += 6 * 60_000;
  assert.equal(d.verify(old, "INVITE", creds), false, "a nonce older than five minutes");
});
