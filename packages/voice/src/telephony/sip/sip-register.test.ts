import { afterEach, beforeEach, mock, test } from "node:test";
import assert from "node:assert/strict";
import dgram from "node:dgram";
import { header, parseSipMessage, serializeSip, type SipRequest } from "./sip-message.ts";
import { KEEPALIVE_MS, keepRegistered } from "./sip-register.ts";
import { openSipTransport, type HostPort, type SipTransport } from "./sip-transport.ts";

// Registration's keepalive with the clock mocked; the trunk's two servers are bare UDP sockets on loopback.
type Server = { hop: HostPort; heard: string[]; silent: boolean; close(): void };

async function server(): Promise<Server> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((r) => socket.bind(0, "127.0.0.1", r));
  const s: Server = {
    hop: { host: "127.0.0.1", port: socket.address().port },
    heard: [],
    silent: false,
    close: () => socket.close(),
  };
  socket.on("message", (b, from) => {
    const req = parseSipMessage(b) as SipRequest | null;
    if (!req || req.kind !== "request") return;
    s.heard.push(req.method);
    if (s.silent) return;
    const headers = ["via", "from", "to", "call-id", "cseq", "contact"].flatMap(
      (n): Array<[string, string]> => (header(req.headers, n) ? [[n, header(req.headers, n)!]] : []),
    );
    socket.send(
      serializeSip({
        kind: "response",
        status: 200,
        reason: "OK",
        headers: [...headers, ["expires", "300"]],
        body: "",
      }),
      from.port,
      from.address,
    );
  });
  return s;
}

let t: SipTransport;
let a: Server;
let b: Server;
beforeEach(async () => {
  mock.timers.enable({ apis: ["setTimeout", "setInterval", "Date"] });
  [a, b] = [await server(), await server()];
  t = await openSipTransport({ bind: { host: "127.0.0.1", port: 0 }, publicHost: "127.0.0.1", onRequest: () => {} });
});
afterEach(() => {
  t.close();
  a.close();
  b.close();
  mock.timers.reset();
});

/** Lets real socket I/O happen, which the mocked timers do not drive. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000 && !ok(); i++) await new Promise((r) => setImmediate(r));
  assert.ok(ok(), what);
}

test("the server that took the registration is pinged; when it falls silent, registration moves on", async () => {
  const down: HostPort[] = [];
  const results: string[] = [];
  const registration = keepRegistered({
    transport: t,
    registrar: "sip:trunk.test",
    aor: "sip:parley@trunk.test",
    credentials: { username: "parley", password: "x" },
    targets: async () => (down.includes(a.hop) ? [b.hop, a.hop] : [a.hop, b.hop]),
    onSilentTarget: (silent) => down.push(silent),
    onResult: (_ok, message) => results.push(message),
  });
  assert.equal((await registration.first).ok, true);
  assert.deepEqual(a.heard, ["REGISTER"]);

  mock.timers.tick(KEEPALIVE_MS);
  await until(() => a.heard.length === 2, "a keepalive");
  assert.equal(a.heard[1], "OPTIONS");
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(down, [], "an answered keepalive changes nothing");

  a.silent = true;
  mock.timers.tick(KEEPALIVE_MS);
  await until(() => a.heard.length === 3, "the next keepalive");
  mock.timers.tick(4000);
  await until(() => b.heard.includes("REGISTER"), "registered again at the next server");
  assert.deepEqual(down, [a.hop]);
  await until(() => results.length === 2, "the new registration reported");
  registration.stop();
});
