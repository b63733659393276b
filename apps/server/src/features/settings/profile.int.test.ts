import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";

const login = (t: TestApp, who: string, password: string) =>
  t.request("POST", "/api/auth/login", { body: { email_or_username: who, password, refresh: true } });

for (const kind of await routeDbKinds()) {
  describe(`profile and password over HTTP (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("reads and updates the signed-in user's own name and email", async () => {
      const u = await buildUser(t);
      const got = await t.request("GET", "/api/settings/profile", { token: u.token });
      assert.equal(got.status, 200, got.text);
      assert.deepEqual(got.body.profile, {
        id: u.userId,
        first_name: "Ada",
        last_name: "Lovelace",
        email: u.email,
        username: u.username,
        has_password: true,
      });
      const put = await t.request("PUT", "/api/settings/profile", {
        token: u.token,
        body: { first_name: " Grace ", email: `Grace.${u.username}@Example.com` },
      });
      assert.equal(put.status, 200, put.text);
      assert.deepEqual(
        [put.body.profile.first_name, put.body.profile.last_name, put.body.profile.email],
        ["Grace", "Lovelace", `grace.${u.username}@example.com`],
      );
      assert.equal((await login(t, put.body.profile.email, u.password)).status, 200, "signs in with the new email");
      assert.equal((await t.request("GET", "/api/settings/profile")).status, 401);
    });

    test("a bad or taken email is refused with a clear message", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      const bad = await t.request("PUT", "/api/settings/profile", { token: a.token, body: { email: "not-an-email" } });
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error.message, "Please enter a valid email address.");
      const empty = await t.request("PUT", "/api/settings/profile", { token: a.token, body: { last_name: "" } });
      assert.equal(empty.body.error.message, "Last name is required.");
      const taken = await t.request("PUT", "/api/settings/profile", {
        token: a.token,
        body: { email: b.email.toUpperCase() },
      });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.error.message, "An account with this email already exists.");
      assert.equal((await t.request("GET", "/api/settings/profile", { token: a.token })).body.profile.email, a.email);
    });

    test("tenancy: a profile is the token's own user; another user's change never shows", async () => {
      const a = await buildUser(t);
      const b = await buildUser(t);
      await t.request("PUT", "/api/settings/profile", { token: b.token, body: { first_name: "Mallory" } });
      const mine = await t.request("GET", "/api/settings/profile", { token: a.token });
      assert.deepEqual([mine.body.profile.id, mine.body.profile.first_name], [a.userId, "Ada"]);
    });

    test("changing the password asks for the current one; a wrong one is a 400 with a clear message", async () => {
      const u = await buildUser(t);
      const wrong = await t.request("POST", "/api/settings/profile/password", {
        token: u.token,
        body: { current_password: "nope nope", new_password: "a brand new secret" },
      });
      assert.equal(wrong.status, 400, "not 401: the web app would sign the user out");
      assert.deepEqual(wrong.body.error.details, [
        { path: "current_password", message: "Your current password is not correct." },
      ]);
      const short = await t.request("POST", "/api/settings/profile/password", {
        token: u.token,
        body: { current_password: u.password, new_password: "short" },
      });
      assert.equal(short.body.error.message, "Password must be at least 8 characters.");
      const differ = await t.request("POST", "/api/settings/profile/password", {
        token: u.token,
        body: { current_password: u.password, new_password: "a brand new secret", confirm_password: "something else" },
      });
      assert.equal(differ.body.error.message, "Passwords do not match.");
      assert.equal((await login(t, u.username, u.password)).status, 200, "the old password still works after refusals");
    });

    test("a changed password signs in, the old one does not, and other sessions end while this one stays", async () => {
      const u = await buildUser(t);
      const other = (await login(t, u.username, u.password)).body.refresh_token as string;
      const res = await t.request("POST", "/api/settings/profile/password", {
        token: u.token,
        body: {
          current_password: u.password,
          new_password: "a brand new secret",
          confirm_password: "a brand new secret",
          refresh_token: u.refreshToken,
        },
      });
      assert.equal(res.status, 204, res.text);
      assert.equal((await login(t, u.username, u.password)).status, 401);
      assert.equal((await login(t, u.username, "a brand new secret")).status, 200);
      assert.equal(
        (await t.request("POST", "/api/auth/refresh", { body: { refresh_token: other } })).status,
        401,
        "the other session ended",
      );
      assert.equal(
        (await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } })).status,
        200,
        "this session stays",
      );
    });
  });
}
