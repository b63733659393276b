// The SDK warns once per process that its 2027 releases will need Node 22; the tests run on Node 20 on purpose.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
import assert from "node:assert/strict";
import net from "node:net";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

for (const kind of await routeDbKinds()) {
  describe(`GET /api/health and /metrics (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { env: { METRICS_TOKEN: TOKEN } })));
    after(() => t.close());

    test("health answers ready without a token: the database and the file store both answer", async () => {
      const res = await t.request("GET", "/api/health");
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.status, "ok");
      assert.equal(res.body.telephony, "simulated");
      assert.equal(res.body.checks.database.status, "ok");
      assert.equal(res.body.checks.storage.status, "ok");
      assert.equal(typeof res.body.checks.storage.ms, "number");
    });

    test("metrics need the token, then answer Prometheus text with the call, queue and request figures", async () => {
      assert.equal((await fetch(`${t.baseUrl}/metrics`)).status, 401);
      assert.equal((await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: "Bearer wrong" } })).status, 401);
      await t.request("GET", "/api/health");
      const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      assert.match(text, /^parley_calls_in_progress 0$/m);
      assert.match(text, /^parley_dial_queue_depth 0$/m);
      assert.match(text, /^parley_recordings_pending 0$/m);
      assert.match(text, /^# TYPE parley_call_outcomes_total counter$/m);
      assert.match(
        text,
        /^parley_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m,
      );
    });
  });
}

describe("readiness when the file store is down, and no /metrics without a token", () => {
  let t: TestApp;
  before(async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((r) => closed.close(r));
    t = await startTestApp("pglite", {
      env: {
        STORAGE_URL: `s3://parley-down?endpoint=http://127.0.0.1:${port}`,
        AWS_ACCESS_KEY_ID: "k",
        AWS_SECRET_ACCESS_KEY: "s",
      },
    });
  });
  after(() => t.close());

  test("health answers 503 naming the storage check, without its address", async () => {
    const res = await t.request("GET", "/api/health");
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.status, "unavailable");
    assert.equal(res.body.checks.database.status, "ok");
    assert.equal(res.body.checks.storage.status, "unavailable");
    assert.doesNotMatch(res.text, /127\.0\.0\.1|parley-down/);
  });

  test("without METRICS_TOKEN there is no /metrics route", async () => {
    const res = await fetch(`${t.baseUrl}/metrics`);
    assert.equal(res.status, 404);
  });
});
