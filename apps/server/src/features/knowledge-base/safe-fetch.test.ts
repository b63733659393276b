import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { isPublicAddress } from "./address-policy.ts";
import { createSafeFetcher, UrlFetchError } from "./safe-fetch.ts";

let server: http.Server;
let base: string;
let port: number;
const hits: string[] = [];

before(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.socket.localAddress} ${req.url}`);
    if (req.url === "/page")
      return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<p>Hello</p>");
    if (req.url === "/to-loopback") return res.writeHead(302, { location: `http://127.0.0.2:${port}/page` }).end();
    if (req.url === "/to-v6-loopback") return res.writeHead(301, { location: `http://[::1]:${port}/page` }).end();
    if (req.url === "/to-file") return res.writeHead(302, { location: "file:///etc/passwd" }).end();
    if (req.url === "/to-self") return res.writeHead(302, { location: "/page" }).end();
    if (req.url === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/pdf") return res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4");
    if (req.url === "/huge") {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(1024 * 1024, 97);
      for (let i = 0; i < 7; i++) res.write(chunk);
      return res.end();
    }
    if (req.url === "/slow") return; // never answers
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const refuses = async (p: Promise<unknown>, pattern: RegExp) => {
  await assert.rejects(p, (err: unknown) => err instanceof UrlFetchError && pattern.test(err.message));
};
// Pretends only the test server's address (127.0.0.1) is public, to reach the redirect tests' first hop.
const onlyTestServer = createSafeFetcher({
  allowAddress: (a) => a === "127.0.0.1" || isPublicAddress(a),
  timeoutMs: 1000,
});

test("the default policy refuses loopback, private and metadata addresses before connecting", async () => {
  const fetchPage = createSafeFetcher();
  const before = hits.length;
  for (const url of [
    `${base}/page`,
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/",
    "http://0.0.0.0/",
    "http://[::ffff:127.0.0.1]/",
    "http://2130706433/",
  ]) {
    await refuses(fetchPage(url), /^refused: .* private, loopback or reserved address/);
  }
  assert.equal(hits.length, before, "no request reached the server");
});

test("a DNS name resolving to loopback is refused (real resolver and an injected one)", async () => {
  await refuses(createSafeFetcher()(`http://localhost:${port}/page`), /^refused: localhost points to/);
  const resolve = async () => [
    { address: "93.184.216.34", family: 4 },
    { address: "127.0.0.1", family: 4 },
  ];
  await refuses(createSafeFetcher({ resolve })(`http://mixed.example/`), /^refused: mixed.example points to/);
});

test("redirects are checked hop by hop: loopback, ::1 and non-http targets are refused", async () => {
  await refuses(onlyTestServer(`${base}/to-loopback`), /^refused: 127.0.0.2 points to/);
  await refuses(onlyTestServer(`${base}/to-v6-loopback`), /^refused: ::1 points to/);
  await refuses(onlyTestServer(`${base}/to-file`), /only http and https/);
  await refuses(onlyTestServer(`${base}/loop`), /too many redirects/);
  const page = await onlyTestServer(`${base}/to-self`);
  assert.equal(page.finalUrl, `${base}/page`);
  assert.equal(page.body.toString(), "<p>Hello</p>");
  assert.equal(page.charset, "utf-8");
});

test("only http(s), text responses, within size and time limits", async () => {
  await refuses(onlyTestServer("ftp://example.com/file.txt"), /only http and https/);
  await refuses(onlyTestServer("not a url"), /not a valid URL/);
  await refuses(onlyTestServer(`${base}/pdf`), /returned application\/pdf, not a web page or text/);
  await refuses(onlyTestServer(`${base}/huge`), /larger than 5 MB/);
  await refuses(onlyTestServer(`${base}/missing`), /answered HTTP 404/);
  await refuses(
    createSafeFetcher({ allowPrivate: true, timeoutMs: 300 })(`${base}/slow`),
    /did not answer within 0.3 s/,
  );
});
