import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "./config.ts";

test("defaults need no account and no server", () => {
  const c = loadConfig({});
  assert.equal(c.port, 3000);
  assert.equal(c.databaseUrl, undefined);
  assert.equal(c.demo, true);
  assert.deepEqual(c.corsOrigins, []);
  assert.match(c.dataDir, /data$/);
});

test("every invalid variable is listed at once", () => {
  assert.throws(
    () => loadConfig({ PORT: "x", DATABASE_URL: "mysql://nope", JWT_SECRET: "short" }),
    (err: Error) => /PORT/.test(err.message) && /DATABASE_URL/.test(err.message) && /JWT_SECRET/.test(err.message),
  );
});

test("TRUST_PROXY: not trusted by default, a hop count, or proxy addresses and CIDRs", () => {
  assert.equal(loadConfig({}).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: "1" }).trustProxy, 1);
  assert.deepEqual(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).trustProxy, [
    "10.0.0.0/8",
    "127.0.0.1",
    "::1",
  ]);
  assert.throws(() => loadConfig({ TRUST_PROXY: "true" }), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" }), /TRUST_PROXY/);
});

test("sign-up, organisation-creation and API-key limits have defaults and can be raised", () => {
  assert.deepEqual(loadConfig({}).rateLimits, { signupPerHour: 5, orgCreatePerHour: 5, apiKeyPerMinute: 600 });
  assert.equal(loadConfig({ API_KEY_LIMIT_PER_MINUTE: "6000" }).rateLimits.apiKeyPerMinute, 6000);
  assert.equal(loadConfig({ SIGNUP_LIMIT_PER_HOUR: "1000" }).rateLimits.signupPerHour, 1000);
  assert.throws(() => loadConfig({ ORG_CREATE_LIMIT_PER_HOUR: "0" }), /ORG_CREATE_LIMIT_PER_HOUR/);
});

test("INTEGRATIONS_KEY: 32 bytes as base64 or hex; required in production, a fixed development key elsewhere", () => {
  const key = Buffer.alloc(32, 7);
  assert.deepEqual(loadConfig({ INTEGRATIONS_KEY: key.toString("base64") }).integrations.key, key);
  assert.deepEqual(loadConfig({ INTEGRATIONS_KEY: key.toString("hex") }).integrations.key, key);
  assert.equal(loadConfig({}).integrations.devDefault, true);
  assert.throws(() => loadConfig({ INTEGRATIONS_KEY: "too-short" }), /INTEGRATIONS_KEY/);
  assert.throws(() => loadConfig({ NODE_ENV: "production" }), /INTEGRATIONS_KEY: required when NODE_ENV=production/);
  assert.equal(
    loadConfig({ NODE_ENV: "production", INTEGRATIONS_KEY: key.toString("base64") }).integrations.devDefault,
    false,
  );
});

test("SMTP_URL and SMTP_FROM: no invitations by default; both needed to send; a bad value says what it must be", () => {
  assert.equal(loadConfig({}).smtp, null);
  assert.deepEqual(
    loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", SMTP_FROM: "Parley <m@example.com>" }).smtp,
    { url: "smtps://u:p@mail.example.com:465", from: "Parley <m@example.com>" },
  );
  assert.throws(() => loadConfig({ SMTP_URL: "smtp://mail.example.com" }), /SMTP_FROM: is required with SMTP_URL/);
  assert.throws(
    () => loadConfig({ SMTP_URL: "http://mail.example.com", SMTP_FROM: "m@example.com" }),
    /SMTP_URL: must be an smtp:\/\/ or smtps:\/\//,
  );
  assert.throws(
    () => loadConfig({ SMTP_URL: "smtp://mail.example.com", SMTP_FROM: "nobody" }),
    /SMTP_FROM: must be an email address/,
  );
});
