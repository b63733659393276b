import assert from "node:assert/strict";
import { test } from "node:test";
import { loginReturningTo, returnPath } from "./return-path.ts";

test("sign-in returns only to an invitation page", () => {
  assert.equal(returnPath(`?next=${encodeURIComponent("/invite/Ab_9-x")}`), "/invite/Ab_9-x");
  assert.equal(loginReturningTo("/invite/Ab_9-x"), "/login?next=%2Finvite%2FAb_9-x");
  assert.equal(
    returnPath(loginReturningTo("/invite/Ab_9-x").slice("/login".length)),
    "/invite/Ab_9-x",
    "the two agree",
  );
  for (const next of [
    "https://evil.example/invite/x",
    "//evil.example/invite/x",
    "/invite/x/../../org/a/settings",
    "/org/a/settings",
    "/invite/",
    "/invite/a?b=c",
  ]) {
    assert.equal(returnPath(`?next=${encodeURIComponent(next)}`), null, next);
  }
  assert.equal(returnPath(""), null);
  assert.equal(loginReturningTo("/org/a/dashboard"), "/login");
});
