import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../tests/support/test-db.ts";

for (const kind of await routeDbKinds()) {
  describe(`the web app's single page answers only its own addresses (${kind})`, () => {
    let t: TestApp;
    let web: string;
    before(async () => {
      web = fs.mkdtempSync(path.join(os.tmpdir(), "parley-web-"));
      fs.writeFileSync(path.join(web, "index.html"), "<!doctype html><title>Parley</title>");
      fs.mkdirSync(path.join(web, "assets"));
      fs.writeFileSync(path.join(web, "assets", "index-Ab12Cd34.js"), "console.log(1)");
      fs.writeFileSync(path.join(web, "pcm-worklet.js"), "console.log(2)");
      t = await startTestApp(kind, { env: { WEB_DIST: web } });
    });
    after(async () => {
      await t.close();
      fs.rmSync(web, { recursive: true, force: true });
    });

    const expectJson404 = async (method: string, url: string) => {
      const res = await fetch(t.baseUrl + url, { method });
      const text = await res.text();
      assert.equal(res.status, 404, `${method} ${url}: ${text}`);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/, `${method} ${url}`);
      const body = JSON.parse(text);
      assert.equal(body.error.code, "not_found");
      assert.equal(typeof body.error.message, "string");
      assert.equal(typeof body.error.requestId, "string");
    };

    test("an unknown /api address answers the API's JSON 404 whatever the method, never the page", async () => {
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE"]) {
        if (method === "HEAD") {
          const res = await fetch(`${t.baseUrl}/api/no-such-thing`, { method });
          assert.equal(res.status, 404);
          continue;
        }
        await expectJson404(method, "/api/no-such-thing");
      }
      await expectJson404("GET", "/api");
      await expectJson404("GET", "/api/campaigns/extra/segments?x=1");
    });

    test("/metrics without METRICS_TOKEN answers the JSON 404, never the page", async () => {
      await expectJson404("GET", "/metrics");
    });

    test("the web app's own addresses still answer its page", async () => {
      for (const url of ["/", "/campaigns", "/settings/api-keys", "/apiary"]) {
        const res = await fetch(t.baseUrl + url);
        assert.equal(res.status, 200, url);
        assert.match(await res.text(), /<title>Parley<\/title>/, url);
      }
    });

    test("hashed assets are kept for good; the page and unhashed files are asked for again", async () => {
      const cache = async (url: string) => (await fetch(t.baseUrl + url)).headers.get("cache-control");
      assert.equal(await cache("/assets/index-Ab12Cd34.js"), "public, max-age=31536000, immutable");
      assert.equal(await cache("/pcm-worklet.js"), "public, max-age=0");
      assert.equal(await cache("/campaigns"), "no-cache");
    });
  });
}
