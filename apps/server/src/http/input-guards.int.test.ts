import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../tests/support/test-db.ts";
import { InputMessages } from "./input-errors.ts";

// Input PostgreSQL cannot store or a parser cannot read is the client's error: a 400 in the one error
// shape, never a 500, and nothing half-stored.
for (const kind of await routeDbKinds()) {
  describe(`bad input is a 400 (${kind})`, () => {
    let t: TestApp;
    let user: TestUser;
    before(async () => {
      t = await startTestApp(kind);
      user = await buildUser(t);
    });
    after(() => t.close());

    const send = async (method: string, path: string, body: BodyInit, contentType: string) => {
      const res = await fetch(t.baseUrl + path, {
        method,
        headers: { "content-type": contentType, authorization: `Bearer ${user.token}` },
        body,
      });
      return {
        status: res.status,
        type: res.headers.get("content-type") ?? "",
        body: (await res.json()) as { error: { code: string; message: string } },
      };
    };
    const assertBadRequest = (res: { status: number; body: unknown }, message: string, what: string) => {
      assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body)}`);
      assert.deepEqual(
        (res.body as { error: { code: string; message: string } }).error.code,
        "validation_failed",
        what,
      );
      assert.equal((res.body as { error: { message: string } }).error.message, message, what);
    };

    test("a NUL byte in a JSON field, a search or a path parameter", async () => {
      assertBadRequest(
        await t.request("POST", "/api/dnc", { token: user.token, body: { phone: "+14155550100", reason: "x\u0000" } }),
        InputMessages.nul,
        "dnc reason",
      );
      assertBadRequest(
        await t.request("POST", "/api/create_campaign", { token: user.token, body: { name: "Spring\u0000" } }),
        InputMessages.nul,
        "campaign name",
      );
      assertBadRequest(
        await t.request("GET", "/api/call-history?search=%00", { token: user.token }),
        InputMessages.nul,
        "search",
      );
      assertBadRequest(await t.request("GET", "/api/campaigns/%00", { token: user.token }), InputMessages.nul, "path");
      const dnc = await t.request("GET", "/api/dnc", { token: user.token });
      assert.equal(dnc.body.total, 0, "nothing was stored");
    });

    test("the CSV export's error keeps the JSON error shape", async () => {
      const res = await t.request("GET", "/api/call-history/export?search=%00", { token: user.token });
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      assertBadRequest(res, InputMessages.nul, "export");
    });

    test("invalid UTF-8 in a JSON body or an address", async () => {
      const body = Buffer.concat([
        Buffer.from('{"phone":"+14155550100","reason":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}'),
      ]);
      assertBadRequest(await send("POST", "/api/dnc", body, "application/json"), InputMessages.utf8, "body");
      assertBadRequest(
        await t.request("GET", "/api/call-history?search=%FF", { token: user.token }),
        InputMessages.address,
        "query",
      );
    });

    test("a malformed or cut-off multipart body on every upload route", async () => {
      const cutOff =
        '--XX\r\nContent-Disposition: form-data; name="file"; ' +
        'filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nphone\n+1415';
      for (const path of ["/api/dnc", "/api/create_campaign", "/api/knowledge-base/upload"]) {
        assertBadRequest(
          await send("POST", path, cutOff, "multipart/form-data; boundary=XX"),
          InputMessages.multipart,
          `${path} cut off`,
        );
        assertBadRequest(
          await send("POST", path, "garbage", "multipart/form-data"),
          InputMessages.multipart,
          `${path} without boundary`,
        );
      }
    });

    test("a NUL inside a multipart text field", async () => {
      const form = new FormData();
      form.set("name", "Spring\u0000 push");
      const res = await t.request("POST", "/api/create_campaign", { token: user.token, body: form });
      assertBadRequest(res, InputMessages.nul, "multipart field");
    });

    test("only a do-not-call CSV over 10 MB is too large", async () => {
      const form = new FormData();
      form.set("file", new Blob(["phone\n" + "+14155550100\n".repeat(810_000)], { type: "text/csv" }), "big.csv");
      const res = await t.request("POST", "/api/dnc", { token: user.token, body: form });
      assert.equal(res.status, 413);
      assert.equal(res.body.error.message, "CSV file too large. Maximum size is 10 MB.");
    });
  });
}
