import assert from "node:assert/strict";
import crypto from "node:crypto";
import { test } from "node:test";
import { createSecretBox } from "./secret-box.ts";

const org = "6f1c1d5e-0000-4000-8000-000000000001";

test("a sealed password opens with the same key and organisation, and is not stored in clear", () => {
  const box = createSecretBox(crypto.randomBytes(32));
  const sealed = box.seal("app-password-123", org);
  assert.ok(!sealed.includes("app-password-123"));
  assert.notEqual(box.seal("app-password-123", org), sealed, "a fresh IV each time");
  assert.equal(box.open(sealed, org), "app-password-123");
});

test("another key, another organisation or a changed byte does not open it", () => {
  const key = crypto.randomBytes(32);
  const sealed = createSecretBox(key).seal("secret", org);
  assert.throws(() => createSecretBox(crypto.randomBytes(32)).open(sealed, org));
  assert.throws(() => createSecretBox(key).open(sealed, "6f1c1d5e-0000-4000-8000-000000000002"));
  const parts = sealed.split(".");
  parts[3] = Buffer.from("xxxxxx").toString("base64url");
  assert.throws(() => createSecretBox(key).open(parts.join("."), org));
});
