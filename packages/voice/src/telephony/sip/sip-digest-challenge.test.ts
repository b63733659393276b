import assert from "node:assert/strict";
import { test } from "node:test";
import { digestAuthorization, parseChallenge } from "./sip-digest.ts";
import { createDigestChallenger, NONCE_LIFE_MS } from "./sip-digest-challenger.ts";

const creds = { username: "parley", password: "s3cret-pw" };
const PBX = "198.51.100.7";

// A PBX that is not the trunk authenticates its INVITE: our 401 challenge answered as a UAC answers one.
test("an INVITE answering our challenge with the right password passes; a wrong password or forged nonce not", () => {
  const now = 1_800_000_000_000;
  const d = createDigestChallenger({ realm: "parley.example", now: () => now });
  const challenge = parseChallenge(d.challenge(PBX))!;
  const answer = (password: string, c = challenge) =>
    digestAuthorization(c, { username: "parley", password, method: "INVITE", uri: "sip:+15550100@parley.example" });
  assert.equal(d.verify(answer("guess"), "INVITE", creds, PBX), "wrong");
  assert.equal(d.verify(answer("s3cret-pw"), "BYE", creds, PBX), "wrong", "signed for another method");
  assert.equal(
    d.verify(answer("s3cret-pw", { ...challenge, nonce: `${now}.${"0".repeat(32)}` }), "INVITE", creds, PBX),
    "wrong",
    "a nonce we did not issue",
  );
  assert.equal(d.verify(undefined, "INVITE", creds, PBX), "wrong");
  assert.equal(d.verify(answer("s3cret-pw"), "INVITE", creds, PBX), "ok");
});

test("an answer is accepted once: the same (nonce, nc) again is refused, from its address or any other", () => {
  const d = createDigestChallenger({ realm: "parley.example" });
  const challenge = parseChallenge(d.challenge(PBX))!;
  const signed = (nc: number) =>
    digestAuthorization(challenge, { ...creds, method: "INVITE", uri: "sip:+15550100@parley.example", nc });
  const first = signed(1);
  assert.equal(d.verify(first, "INVITE", creds, "203.0.113.9"), "wrong", "the nonce was issued to another address");
  assert.equal(d.verify(first, "INVITE", creds, PBX), "ok");
  assert.equal(d.verify(first, "INVITE", creds, PBX), "wrong", "replayed");
  assert.equal(d.verify(signed(2), "INVITE", creds, PBX), "ok", "the next nc on the same nonce");
  assert.equal(d.verify(signed(2), "INVITE", creds, PBX), "wrong");
  // Without qop (RFC 2069) the nonce itself is single-use.
  const plain = { ...challenge, qop: undefined };
  const old = digestAuthorization(plain, { ...creds, method: "INVITE", uri: "sip:x@parley.example" });
  assert.equal(d.verify(old, "INVITE", creds, PBX), "ok");
  assert.equal(d.verify(old, "INVITE", creds, PBX), "wrong");
});

test("a nonce lives a short while: after, the right password is told stale (no failure), a wrong one is wrong", () => {
  let now = 1_800_000_000_000;
  const d = createDigestChallenger({ realm: "parley.example", now: () => now });
  const challenge = parseChallenge(d.challenge(PBX))!;
  const answer = (password: string) =>
    digestAuthorization(challenge, { username: "parley", password, method: "INVITE", uri: "sip:1@parley.example" });
  now += NONCE_LIFE_MS;
  assert.ok(NONCE_LIFE_MS <= 60_000, "a minute at most");
  assert.equal(d.verify(answer("s3cret-pw"), "INVITE", creds, PBX), "stale");
  assert.equal(d.verify(answer("guess"), "INVITE", creds, PBX), "wrong");
  assert.match(d.challenge(PBX, true), /stale=true/);
});
