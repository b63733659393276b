import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { CampaignMessages } from "@parley/shared/campaigns";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../../tests/support/test-app.ts";
import { assertOrgIsolation } from "../../../../../tests/support/tenancy.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

/** Per-campaign dialing settings: max_concurrent_calls (null = only the org limit) and retry_backoff. */
for (const kind of await routeDbKinds()) {
  describe(`campaign dialing settings over HTTP (${kind})`, () => {
    let t: TestApp;
    let u: TestUser;
    const create = (body: Record<string, unknown>) =>
      t.request("POST", "/api/create_campaign", { token: u.token, body });
    const settings = (c: { max_concurrent_calls: number | null; retry_backoff: boolean }) => [
      c.max_concurrent_calls,
      c.retry_backoff,
    ];
    before(async () => {
      t = await startTestApp(kind);
      u = await buildUser(t);
    });
    after(() => t.close());

    test("default to the org limit and no back-off; stored, answered and read back", async () => {
      const plain = await create({ name: "Plain", save_as_draft: true });
      assert.equal(plain.status, 201, plain.text);
      assert.deepEqual(settings(plain.body.campaign), [null, false]);
      const set = await create({ name: "Capped", save_as_draft: true, max_concurrent_calls: 5, retry_backoff: true });
      assert.deepEqual(settings(set.body.campaign), [5, true]);
      const got = await t.request("GET", `/api/campaigns/${set.body.campaign.id}`, { token: u.token });
      assert.deepEqual(settings(got.body.campaign), [5, true]);
      const [row] = await t.db.query<{ max_concurrent_calls: number | null; retry_backoff: boolean }>(
        "select max_concurrent_calls, retry_backoff from campaigns where id = $1",
        [set.body.campaign.id],
      );
      assert.deepEqual(settings(row!), [5, true]);
    });

    test("an update changes them, keeps them when not sent; null or empty clears the limit, even running", async () => {
      const running = await create({ name: "Running", max_concurrent_calls: 3 });
      assert.equal(running.body.campaign.status, "active");
      const id = running.body.campaign.id;
      const put = (body: Record<string, unknown>) => t.request("PUT", `/api/campaigns/${id}`, { token: u.token, body });
      assert.deepEqual(settings((await put({ max_concurrent_calls: 7, retry_backoff: true })).body.campaign), [
        7,
        true,
      ]);
      assert.deepEqual(settings((await put({ description: "still capped" })).body.campaign), [7, true]);
      assert.deepEqual(settings((await put({ max_concurrent_calls: null, retry_backoff: false })).body.campaign), [
        null,
        false,
      ]);
      await put({ max_concurrent_calls: 4 });
      assert.deepEqual(settings((await put({ max_concurrent_calls: "" })).body.campaign), [null, false]);
    });

    test("multipart fields and query parameters are read as text", async () => {
      const form = new FormData();
      form.set("name", "From a form");
      form.set("save_as_draft", "true");
      form.set("max_concurrent_calls", "12");
      form.set("retry_backoff", "true");
      const res = await t.request("POST", "/api/create_campaign", { token: u.token, body: form });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(settings(res.body.campaign), [12, true]);
      const query = await t.request("POST", "/api/create_campaign?max_concurrent_calls=2&retry_backoff=1", {
        token: u.token,
        body: (() => {
          const f = new FormData();
          f.set("name", "From the query");
          f.set("save_as_draft", "true");
          return f;
        })(),
      });
      assert.deepEqual(settings(query.body.campaign), [2, true]);
      const cleared = await t.request(
        "PUT",
        `/api/campaigns/${query.body.campaign.id}?max_concurrent_calls=&retry_backoff=false`,
        { token: u.token, body: {} },
      );
      assert.deepEqual(settings(cleared.body.campaign), [null, false]);
    });

    test("out-of-range limits are refused with a clear message and nothing is saved", async () => {
      const before = (await t.request("GET", "/api/campaigns", { token: u.token })).body.total as number;
      for (const bad of [0, 1001, 2.5, -3, "many"]) {
        const res = await create({ name: "Bad", save_as_draft: true, max_concurrent_calls: bad });
        assert.equal(res.status, 400, `${bad} → ${res.text}`);
        assert.equal(res.body.error.message, CampaignMessages.maxConcurrentCalls);
        assert.equal(res.body.error.details[0].path, "max_concurrent_calls");
      }
      const bool = await create({ name: "Bad", save_as_draft: true, retry_backoff: 5 });
      assert.equal(bool.status, 400);
      assert.equal((await t.request("GET", "/api/campaigns", { token: u.token })).body.total, before);
      const kept = await create({ name: "Kept", save_as_draft: true, max_concurrent_calls: 9 });
      const refused = await t.request("PUT", `/api/campaigns/${kept.body.campaign.id}`, {
        token: u.token,
        body: { max_concurrent_calls: 0 },
      });
      assert.equal(refused.status, 400);
      const still = await t.request("GET", `/api/campaigns/${kept.body.campaign.id}`, { token: u.token });
      assert.equal(still.body.campaign.max_concurrent_calls, 9);
    });

    test("another org cannot read or change them", async () => {
      const mine = await create({ name: "Mine", save_as_draft: true, max_concurrent_calls: 6 });
      const path = `/api/campaigns/${mine.body.campaign.id}`;
      await assertOrgIsolation(t, u, { method: "PUT", path, body: { max_concurrent_calls: 6 } });
      const got = await t.request("GET", path, { token: u.token });
      assert.equal(got.body.campaign.max_concurrent_calls, 6);
    });
  });
}
