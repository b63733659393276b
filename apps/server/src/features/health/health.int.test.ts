import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

for (const kind of await dbKinds()) {
  describe(`GET /api/health (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    test("answers ok without a token, with the carrier calls go out through", async () => {
      const res = await t.request("GET", "/api/health");
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, { status: "ok", telephony: "simulated" });
    });
  });
}
