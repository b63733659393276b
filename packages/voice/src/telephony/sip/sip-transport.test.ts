import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import dgram from "node:dgram";
import { header, parseSipMessage, serializeSip, type SipRequest, type SipResponse } from "./sip-message.ts";
import { buildRequest } from "./sip-requests.ts";
import { openSipTransport, type SipTransport } from "./sip-transport.ts";

// Client transaction timers (RFC 3261 §17.1) with the clock mocked; the peer is a bare UDP socket on loopback.
let far: dgram.Socket;
let t: SipTransport;
let received: SipRequest[];

beforeEach(async () => {
  mock.timers.enable({ apis: ["setTimeout", "Date"] });
  received = [];
  far = dgram.createSocket("udp4");
  far.on("message", (b) => {
    const m = parseSipMessage(b);
    if (m?.kind === "request") received.push(m);
  });
  await new Promise<void>((r) => far.bind(0, "127.0.0.1", r));
  t = await openSipTransport({ bind: { host: "127.0.0.1", port: 0 }, publicHost: "127.0.0.1", onRequest: () => {} });
});
afterEach(() => {
  t.close();
  far.close();
  mock.timers.reset();
});

/** Real socket I/O, which the mocked timers do not drive. */
async function untilReceived(n: number): Promise<void> {
  for (let i = 0; i < 1000 && received.length < n; i++) await new Promise((r) => setImmediate(r));
  assert.ok(received.length >= n, `the peer received ${received.length} of ${n} requests`);
}

function send(method: string, silentMs?: number): Array<SipResponse | "timeout"> {
  const answers: Array<SipResponse | "timeout"> = [];
  const req = buildRequest(t, {
    method,
    uri: "sip:trunk.test",
    from: "<sip:parley@trunk.test>;tag=1",
    to: "<sip:parley@trunk.test>",
    callId: "c1",
    cseq: 1,
  });
  t.request(req, { host: "127.0.0.1", port: far.address().port }, (res) => answers.push(res), { silentMs });
  return answers;
}

function trying(req: SipRequest): void {
  const headers = ["via", "from", "to", "call-id", "cseq"].map((n): [string, string] => [n, header(req.headers, n)!]);
  far.send(serializeSip({ kind: "response", status: 100, reason: "Trying", headers, body: "" }), t.port, "127.0.0.1");
}

async function answersAfterTrying(answers: unknown[]): Promise<void> {
  for (let i = 0; i < 1000 && !answers.length; i++) await new Promise((r) => setImmediate(r));
}

test("a REGISTER only ever answered 100 Trying times out at 64·T1 (Timer F); registration is tried again", async () => {
  const answers = send("REGISTER");
  await untilReceived(1);
  trying(received[0]!);
  await answersAfterTrying(answers);
  assert.equal(answers.length, 1, "the 100 Trying reached the transaction");
  mock.timers.tick(31_000);
  assert.equal(answers.length, 1);
  mock.timers.tick(1_000);
  assert.equal(answers.at(-1), "timeout");
});

test("an INVITE answered 100 Trying waits for its final answer past 64·T1", async () => {
  const answers = send("INVITE");
  await untilReceived(1);
  trying(received[0]!);
  await answersAfterTrying(answers);
  mock.timers.tick(60_000);
  assert.deepEqual(
    answers.map((a) => (a === "timeout" ? a : a.status)),
    [100],
  );
});

test("with another server to try, a silent peer times out at silentMs; one that sent 100 Trying does not", async () => {
  const silent = send("INVITE", 4000);
  await untilReceived(1);
  mock.timers.tick(3_999);
  assert.deepEqual(silent, []);
  mock.timers.tick(1);
  assert.deepEqual(silent, ["timeout"]);

  const answering = send("REGISTER", 4000);
  await untilReceived(2);
  trying(received.at(-1)!);
  await answersAfterTrying(answering);
  mock.timers.tick(10_000);
  assert.deepEqual(
    answering.map((a) => (a === "timeout" ? a : a.status)),
    [100],
  );
});
