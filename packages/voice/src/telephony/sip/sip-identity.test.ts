import { test } from "node:test";
import assert from "node:assert/strict";
import { callParties, uriUser } from "./sip-identity.ts";
import { parseSipMessage, type SipRequest } from "./sip-message.ts";

/** An INVITE as a trunk sends it, with the identity headers given. */
function invite(requestUri: string, extra: string[], from = "<sip:+15550001111@trunk.example.com>;tag=aa"): SipRequest {
  const text = [
    `INVITE ${requestUri} SIP/2.0`,
    "Via: SIP/2.0/UDP 192.0.2.10:5060;branch=z9hG4bKabc",
    `From: ${from}`,
    "To: <sip:+15559990000@parley.example.com>",
    "Call-ID: 1@trunk",
    "CSeq: 1 INVITE",
    ...extra,
    "Content-Length: 0",
    "",
    "",
  ].join("\r\n");
  const m = parseSipMessage(text);
  assert.equal(m?.kind, "request");
  return m as SipRequest;
}

test("the number dialled is the Request-URI's user, else To's; the caller is From's when nothing is asserted", () => {
  assert.deepEqual(callParties(invite("sip:+15550100200@10.0.0.5", [])), { to: "+15550100200", from: "+15550001111" });
  assert.deepEqual(callParties(invite("sip:10.0.0.5", [])).to, "+15559990000");
});

test("P-Asserted-Identity names the caller before From (a trunk's account or anonymous in From)", () => {
  const anonymousFrom = '"Anonymous" <sip:anonymous@anonymous.invalid>;tag=1';
  const asserted = invite(
    "sip:+15550100200@10.0.0.5",
    ['P-Asserted-Identity: "Maya Patel" <sip:+15550102030@carrier.example.net;user=phone>'],
    anonymousFrom,
  );
  assert.equal(callParties(asserted).from, "+15550102030");
  // RFC 3325 §9.1: a sip: and a tel: identity, in one header or two.
  const both = invite("sip:+15550100200@10.0.0.5", [
    "P-Asserted-Identity: <sip:fluffy@cisco.example.com>, <tel:+14083756562>",
  ]);
  assert.equal(callParties(both).from, "+14083756562", "the tel: identity is the number");
  const telOnly = invite("sip:+15550100200@10.0.0.5", [
    "P-Asserted-Identity: <sip:carrier.example.net>",
    "P-Asserted-Identity: <tel:+14083756562;phone-context=+1>",
  ]);
  assert.equal(callParties(telOnly).from, "+14083756562", "an identity with no user part is passed over");
});

test("Remote-Party-ID (party=calling) names the caller when nothing is asserted; the called party's is ignored", () => {
  const rpid = invite("sip:+15550100200@10.0.0.5", [
    'Remote-Party-ID: "Front desk" <sip:+15550100200@10.0.0.5>;party=called;screen=no;privacy=off',
    'Remote-Party-ID: "Maya" <sip:5550102030@10.0.0.9>;party=calling;screen=yes;privacy=off',
  ]);
  assert.equal(callParties(rpid).from, "5550102030");
});

test('a caller who asked for privacy, or is anonymous with nothing asserted, is withheld ("")', () => {
  const privacyId = invite("sip:+15550100200@10.0.0.5", [
    "P-Asserted-Identity: <sip:+15550102030@carrier.example.net>",
    "Privacy: id",
  ]);
  assert.equal(callParties(privacyId).from, "");
  const rpidFull = invite("sip:+15550100200@10.0.0.5", [
    "Remote-Party-ID: <sip:+15550102030@10.0.0.9>;party=calling;privacy=full",
  ]);
  assert.equal(callParties(rpidFull).from, "");
  const anonymous = invite("sip:+15550100200@10.0.0.5", [], '"Anonymous" <sip:anonymous@anonymous.invalid>;tag=1');
  assert.equal(callParties(anonymous).from, "", "RFC 3323's anonymous From, nothing asserted");
  const privacyNone = invite("sip:+15550100200@10.0.0.5", [
    "P-Asserted-Identity: <sip:+15550102030@carrier.example.net>",
    "Privacy: none",
  ]);
  assert.equal(callParties(privacyNone).from, "+15550102030");
});

test("uriUser reads sip:, sips: and tel: URIs, escaped characters decoded", () => {
  assert.equal(uriUser("sip:%2B15550100@pbx"), "+15550100");
  assert.equal(uriUser("sips:alice@example.com;transport=tls"), "alice");
  assert.equal(uriUser("tel:+1-201-555-0123;phone-context=+1"), "+1-201-555-0123");
  assert.equal(uriUser("sip:pbx.example.com"), "");
});
