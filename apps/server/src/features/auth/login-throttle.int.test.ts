import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../../tests/support/test-db.ts";

// The test client is 127.0.0.1; trusting it as a proxy lets X-Forwarded-For play clients at other addresses.
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

for (const kind of await dbKinds()) {
  describe(`sign-in throttling (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { env: { TRUST_PROXY: "127.0.0.1" } });
    });
    after(() => t.close());

    const login = (from: string, email_or_username: string, password: string) =>
      t.request("POST", "/api/auth/login", {
        headers: { "x-forwarded-for": from },
        body: { email_or_username, password, refresh: true },
      });

    test("40 simultaneous sign-ins (39 wrong, 1 right): past the limit they are refused unchecked", async () => {
      const u = await buildUser(t);
      const from = newAddress();
      const right = Math.floor(Math.random() * 40);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(from, u.username, i === right ? u.password : `wrong-${i}`)),
      );
      const count = (status: number) => answers.filter((a) => a.status === status).length;
      // 401 = a wrong password was checked: never more than the account's limit of 5, unless the right one got
      // in first: it forgives the (at most 4) failures counted before it, and only those (auth.repo refundAttempt).
      // On a busy machine the requests arrive spread out, and it may.
      const limit = count(200) ? 9 : 5;
      assert.ok(count(401) <= limit, `${count(401)} wrong passwords were checked`);
      assert.ok(count(429) >= 40 - limit - 1, `only ${count(429)} refused`);
      assert.equal(count(401) + count(429) + count(200), 40);
      for (const a of answers.filter((x) => x.status === 429)) {
        assert.equal(a.body.error.code, "rate_limited");
        assert.ok(Number(a.headers.get("retry-after")) > 0);
      }
    });

    test("the username locked means the email is locked too: they are one account", async () => {
      const u = await buildUser(t);
      const from = newAddress();
      for (let i = 0; i < 5; i++) assert.equal((await login(from, u.username, `wrong${i}`)).status, 401);
      const byEmail = await login(from, u.email.toUpperCase(), u.password);
      assert.equal(byEmail.status, 429);
      assert.match(
        byEmail.body.error.message,
        /Too many failed sign-in attempts\. Please wait 1 minute and try again\./,
      );
    });

    test("a lock earned at address A keeps the owner out at address B for a few seconds at most", async () => {
      const u = await buildUser(t);
      const attacker = newAddress();
      const owner = newAddress();
      for (let i = 0; i < 5; i++) assert.equal((await login(attacker, u.email, `guess${i}`)).status, 401);
      // The attacker's address is locked out of the account for the full minute, right password or not…
      const still = await login(attacker, u.email, u.password);
      assert.equal(still.status, 429);
      assert.ok(Number(still.headers.get("retry-after")) >= 55);
      for (let i = 0; i < 3; i++) assert.equal((await login(attacker, u.email, `more${i}`)).status, 429);
      // …while the owner elsewhere waits at most the short, growing delay.
      let res = await login(owner, u.email, u.password);
      if (res.status === 429) {
        const wait = Number(res.headers.get("retry-after"));
        assert.ok(wait >= 1 && wait <= 2, `owner told to wait ${wait}s`);
        assert.match(res.body.error.message, /Please wait \d seconds? and try again\./);
        await new Promise((r) => setTimeout(r, wait * 1000 + 100));
        res = await login(owner, u.email, u.password);
      }
      assert.equal(res.status, 200);
      // The owner's success does not lift the attacker's lock.
      assert.equal((await login(attacker, u.email, u.password)).status, 429);
    });

    test("a correct password forgets earlier typos of that account at that address", async () => {
      const u = await buildUser(t);
      const from = newAddress();
      for (let i = 0; i < 4; i++) assert.equal((await login(from, u.username, `typo${i}`)).status, 401);
      assert.equal((await login(from, u.username, u.password)).status, 200);
      for (let i = 0; i < 4; i++) assert.equal((await login(from, u.username, `typo${i}`)).status, 401);
      assert.equal((await login(from, u.username, u.password)).status, 200);
    });

    test("wrong current passwords on the password change are throttled like sign-ins, on the same count", async () => {
      const u = await buildUser(t);
      const from = newAddress();
      const hash = async () =>
        (await t.db.query<{ h: string }>("select password_hash as h from users where id = $1", [u.userId]))[0]!.h;
      const before = await hash();
      const change = (current_password: string) =>
        t.request("POST", "/api/settings/profile/password", {
          token: u.token,
          headers: { "x-forwarded-for": from },
          body: { current_password, new_password: "a new strong password", confirm_password: "a new strong password" },
        });
      for (let i = 0; i < 5; i++) {
        const wrong = await change(`guess${i}`);
        assert.equal(wrong.status, 400, wrong.text);
        assert.equal(wrong.body.error.details[0].path, "current_password");
      }
      const locked = await change(u.password);
      assert.equal(locked.status, 429, locked.text);
      assert.equal(locked.body.error.code, "rate_limited");
      assert.equal(locked.body.error.message, "Too many failed sign-in attempts. Please wait 1 minute and try again.");
      assert.ok(Number(locked.headers.get("retry-after")) > 0);
      assert.equal((await login(from, u.username, u.password)).status, 429, "sign-in shares the count");
      assert.equal(await hash(), before, "the password did not change");
    });

    test("an unknown login is throttled on its normalised text", async () => {
      const from = newAddress();
      for (let i = 0; i < 5; i++) assert.equal((await login(from, "Nobody@Example.com", `x${i}`)).status, 401);
      assert.equal((await login(from, " nobody@example.com ", "y")).status, 429);
    });
  });
}
