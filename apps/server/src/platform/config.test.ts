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
