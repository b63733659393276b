import { test } from "node:test";
import assert from "node:assert/strict";
import dgram from "node:dgram";
import type { CallLeg, LegEvent } from "../call-leg.ts";
import { buildRtp } from "./rtp.ts";
import { until } from "../../../../../tests/support/until.ts";
import { header, parseSipMessage, serializeSip, type SipMessage, type SipRequest } from "./sip-message.ts";
import { createSipTelephony } from "./sip-telephony.ts";

// The far end's requests inside an answered call, which baresip 1.0 cannot be made to send: a re-INVITE
// moving the media (a PBX), DTMF as SIP INFO, and its BYE. The far end here is a bare UDP socket.
test("in-dialog re-INVITE is answered with our SDP, INFO digits reach the leg, BYE ends it", async () => {
  const far = dgram.createSocket("udp4");
  await new Promise<void>((r) => far.bind(0, "127.0.0.1", r));
  const inbox: SipMessage[] = [];
  far.on("message", (b) => {
    const m = parseSipMessage(b);
    if (m) inbox.push(m);
  });
  const sip = createSipTelephony({
    trunk: { host: "127.0.0.1", port: far.address().port },
    username: null,
    password: null,
    register: false,
    bind: { host: "127.0.0.1", port: 0 },
    publicHost: "127.0.0.1",
    rtpPorts: { min: 42200, max: 42299 },
    from: null,
  });
  await sip.start();
  const events: LegEvent[] = [];
  const leg = await sip.dial({ to: "+15551230000", callId: "x", persona: null, signal: new AbortController().signal });
  leg.on((e) => events.push(e));
  await until(() => inbox.some((m) => m.kind === "request" && m.method === "INVITE"), { what: "INVITE" });
  const invite = inbox.find((m) => m.kind === "request" && m.method === "INVITE") as SipRequest;
  assert.match(invite.body, /m=audio \d+ RTP\/AVP 0 8 101/);
  const sdp = (port: number) =>
    "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 " +
    `0\r\nm=audio ${port} RTP/AVP 8 101\r\na=rtpmap:101 telephone-event/8000\r\n`;
  const to = `${header(invite.headers, "to")};tag=far`;
  const send = (m: SipMessage) => far.send(serializeSip(m), sip.port, "127.0.0.1");
  const copy = ["via", "from", "call-id", "cseq"].map((n): [string, string] => [n, header(invite.headers, n)!]);
  send({
    kind: "response",
    status: 200,
    reason: "OK",
    headers: [
      ...copy,
      ["to", to],
      ["contact", `<sip:far@127.0.0.1:${far.address().port}>`],
      ["content-type", "application/sdp"],
    ],
    body: sdp(40000),
  });
  await until(
    () => events.some((e) => e.type === "answered") && inbox.some((m) => m.kind === "request" && m.method === "ACK"),
    { what: "answered and ACKed" },
  );

  // Requests from the far end: its From is our To and the other way round.
  let cseq = 1;
  const request = (method: string, body = "", extra: Array<[string, string]> = []): SipRequest => ({
    kind: "request",
    method,
    uri: `sip:parley@127.0.0.1:${sip.port}`,
    body,
    headers: [
      ["via", `SIP/2.0/UDP 127.0.0.1:${far.address().port};branch=z9hG4bKfar${cseq}`],
      ["from", to],
      ["to", header(invite.headers, "from")!],
      ["call-id", header(invite.headers, "call-id")!],
      ["cseq", `${cseq++} ${method}`],
      ...extra,
    ],
  });
  const answerTo = (method: string) =>
    inbox.find((m) => m.kind === "response" && header(m.headers, "cseq")!.endsWith(` ${method}`));
  send(request("INVITE", sdp(40002), [["content-type", "application/sdp"]]));
  await until(() => answerTo("INVITE") !== undefined, { what: "re-INVITE answered" });
  const ok = answerTo("INVITE")!;
  assert.equal(ok.kind === "response" && ok.status, 200);
  assert.match(ok.body, /m=audio \d+ RTP\/AVP 8 101\r\n/);
  send(request("INFO", "Signal=5\r\nDuration=160\r\n", [["content-type", "application/dtmf-relay"]]));
  await until(() => events.some((e) => e.type === "dtmf" && e.digit === "5"), { what: "INFO digit" });
  send(request("BYE"));
  await until(() => events.some((e) => e.type === "ended"), { what: "BYE" });
  assert.deepEqual(
    events.find((e) => e.type === "ended"),
    { type: "ended", reason: "completed" },
  );
  sip.close();
  far.close();
});

// A softphone behind a home router: its Contact and SDP name its private address, its packets come from the
// router's public one (here loopback). The agent's audio and BYE must go where its packets come from.
test("a caller behind NAT hears the agent and gets its BYE where its packets come from, not its LAN IP", async () => {
  const far = dgram.createSocket("udp4");
  const media = dgram.createSocket("udp4");
  await Promise.all([far, media].map((s) => new Promise<void>((r) => s.bind(0, "127.0.0.1", r))));
  const inbox: SipMessage[] = [];
  far.on("message", (b) => {
    const m = parseSipMessage(b);
    if (m) inbox.push(m);
  });
  const heard: Buffer[] = [];
  media.on("message", (b) => heard.push(b));
  const sip = createSipTelephony({
    trunk: { host: "127.0.0.1", port: 5060 },
    trustTrunk: true,
    username: null,
    password: null,
    register: false,
    bind: { host: "127.0.0.1", port: 0 },
    publicHost: "127.0.0.1",
    rtpPorts: { min: 42300, max: 42399 },
    from: null,
  });
  let leg: CallLeg | null = null;
  sip.onIncoming!(async () => ({
    answer: (l) => {
      leg = l;
    },
  }));
  await sip.start();
  const send = (m: SipMessage) => far.send(serializeSip(m), sip.port, "127.0.0.1");
  const headers: Array<[string, string]> = [
    ["via", `SIP/2.0/UDP 192.168.1.50:5060;branch=z9hG4bKnat1;rport`],
    ["from", "<sip:+15550102030@192.168.1.50>;tag=nat"],
    ["to", "<sip:+15550100200@127.0.0.1>"],
    ["call-id", "nat-1@softphone"],
    ["cseq", "1 INVITE"],
    ["contact", "<sip:caller@192.168.1.50:5060>"],
  ];
  const sdp =
    "v=0\r\no=- 1 1 IN IP4 192.168.1.50\r\ns=-\r\nc=IN IP4 192.168.1.50\r\nt=0 0\r\nm=audio 4000 RTP/AVP 0\r\n";
  send({
    kind: "request",
    method: "INVITE",
    uri: `sip:+15550100200@127.0.0.1:${sip.port}`,
    headers: [...headers, ["content-type", "application/sdp"]],
    body: sdp,
  });
  await until(() => inbox.some((m) => m.kind === "response" && m.status === 200), {
    what: "the 200 OK, sent where the INVITE came from",
  });
  const ok = inbox.find((m) => m.kind === "response" && m.status === 200)!;
  send({
    kind: "request",
    method: "ACK",
    uri: "sip:parley@127.0.0.1",
    headers: [
      ...headers.filter(([n]) => n !== "to" && n !== "cseq"),
      ["to", header(ok.headers, "to")!],
      ["cseq", "1 ACK"],
    ],
    body: "",
  });
  await until(() => leg !== null, { what: "the leg" });
  const ourRtpPort = Number(/m=audio (\d+)/.exec(ok.body)![1]);
  media.send(
    buildRtp({ payloadType: 0, marker: false, seq: 1, timestamp: 160, ssrc: 5 }, new Uint8Array(160).fill(0xff)),
    ourRtpPort,
    "127.0.0.1",
  );
  await new Promise((r) => setTimeout(r, 100));
  for (let i = 0; i < 5; i++) leg!.send(new Int16Array(160).fill(1000));
  await until(() => heard.length >= 5, { what: "the agent's audio at the address its RTP came from" });
  leg!.hangup();
  await until(() => inbox.some((m) => m.kind === "request" && m.method === "BYE"), {
    what: "our BYE where its INVITE came from",
  });
  const bye = inbox.find((m) => m.kind === "request" && m.method === "BYE") as SipRequest;
  assert.equal(bye.uri, "sip:caller@192.168.1.50:5060", "the Request-URI is still its Contact");
  sip.close();
  far.close();
  media.close();
});
