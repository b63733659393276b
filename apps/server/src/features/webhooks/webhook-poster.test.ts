import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createWebhookPoster } from "./webhook-poster.ts";

let server: http.Server;
let base: string;
const bodies: string[] = [];
before(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      bodies.push(body);
      if (req.url === "/hang") return; // never answers
      if (req.url === "/moved") return res.writeHead(302, { location: "/ok" }).end();
      res.writeHead(200).end("x".repeat(2000));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

test("a 2xx answer is kept as a 500-character excerpt", async () => {
  const r = await createWebhookPoster({ allowPrivate: true, timeoutMs: 5000 })(
    `${base}/ok`,
    { "webhook-id": "msg_1" },
    '{"a":1}',
  );
  assert.deepEqual([r.statusCode, r.response?.length, r.error], [200, 500, null]);
  assert.equal(bodies.at(-1), '{"a":1}');
});

test("a redirect is an answer that is not 2xx, not followed", async () => {
  const r = await createWebhookPoster({ allowPrivate: true, timeoutMs: 5000 })(`${base}/moved`, {}, "{}");
  assert.equal(r.statusCode, 302);
});

test("a receiver that does not answer in time is a failed attempt saying so", async () => {
  const r = await createWebhookPoster({ allowPrivate: true, timeoutMs: 300 })(`${base}/hang`, {}, "{}");
  assert.deepEqual([r.statusCode, r.error], [null, "no answer within 0.3 s"]);
});

test("without the tests-only switch a loopback receiver is refused before any connection", async () => {
  const before = bodies.length;
  const r = await createWebhookPoster({ allowPrivate: false, timeoutMs: 5000 })(`${base}/ok`, {}, "{}");
  assert.equal(r.statusCode, null);
  assert.match(r.error!, /refused: 127\.0\.0\.1 points to a private, loopback or reserved address/);
  assert.equal(bodies.length, before);
});
