import { test } from "node:test";
import assert from "node:assert/strict";
import { header, headerList, parseNameAddr, parseSipMessage, serializeSip, uriHostPort } from "./sip-message.ts";
import { parseChallenge, digestAuthorization } from "./sip-digest.ts";

const INVITE_200 = [
  "SIP/2.0 200 OK",
  "v: SIP/2.0/UDP 127.0.0.1:5070;branch=z9hG4bKabc;rport=5070",
  "Record-Route: <sip:p1.example.com;lr>, <sip:p2.example.com;lr>",
  "From: <sip:+15550001111@trunk.example.com>;tag=aa",
  'To: "Sam, Callee" <sip:+15551234567@trunk.example.com>;tag=bb',
  "i: 1234@parley",
  "CSeq: 1 INVITE",
  "Contact: <sip:sam@192.0.2.7:5062;transport=udp>",
  "Content-Type: application/sdp",
  "Content-Length: 4",
  "",
  "v=0\r\nEXTRA",
].join("\r\n");

test("a response parses with compact headers, lists and a body cut at Content-Length", () => {
  const m = parseSipMessage(Buffer.from(INVITE_200));
  assert.ok(m && m.kind === "response");
  assert.equal(m.status, 200);
  assert.equal(header(m.headers, "call-id"), "1234@parley");
  assert.deepEqual(headerList(m.headers, "record-route"), ["<sip:p1.example.com;lr>", "<sip:p2.example.com;lr>"]);
  assert.equal(parseNameAddr(header(m.headers, "to")!).params.tag, "bb");
  assert.equal(parseNameAddr(header(m.headers, "to")!).uri, "sip:+15551234567@trunk.example.com");
  assert.deepEqual(uriHostPort(parseNameAddr(header(m.headers, "contact")!).uri), { host: "192.0.2.7", port: 5062 });
  assert.equal(m.body, "v=0\r");
  const again = parseSipMessage(serializeSip(m));
  assert.deepEqual(again, m);
});

test("malformed messages parse to null instead of throwing", () => {
  for (const bad of [
    "",
    "garbage",
    "SIP/2.0 200 OK\r\n\r\n",
    INVITE_200.replace("CSeq: 1 INVITE", "CSeq: one"),
    INVITE_200.replace("Content-Length: 4", "Content-Length: 99"),
    "\u0000\u0001\r\n\r\n",
    INVITE_200.replace("i: 1234", ": 1234"),
  ]) {
    assert.equal(parseSipMessage(Buffer.from(bad)), null, JSON.stringify(bad.slice(0, 40)));
  }
  for (let i = 0; i < 500; i++)
    parseSipMessage(
      Buffer.from(
        INVITE_200.split("")
          .map((c) => (Math.random() < 0.05 ? String.fromCharCode(Math.random() * 256) : c))
          .join(""),
      ),
    );
});

test("digest answers RFC 2617's own example (MD5, qop=auth)", () => {
  const c = parseChallenge(
    'Digest realm="testrealm@host.com", qop="auth,auth-int", ' +
      'nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", ' +
      'opaque="5ccc069c403ebaf9f0171e9517f40e41"',
  )!;
  const auth = digestAuthorization(c, {
    username: "Mufasa",
    password: "Circle Of Life",
    method: "GET",
    uri: "/dir/index.html",
    nc: 1,
    cnonce: "0a4f113b",
  });
  assert.match(auth, /response="6629fae49393a05397450978507c4ef1"/);
  assert.match(auth, /qop=auth, nc=00000001, cnonce="0a4f113b"/);
  assert.match(auth, /opaque="5ccc069c403ebaf9f0171e9517f40e41"/);
  assert.equal(parseChallenge('Basic realm="x"'), null);
  assert.equal(parseChallenge('Digest realm="x", nonce="n", algorithm=MD5-sess-unknown'), null);
});
