import assert from "node:assert/strict";
import { test } from "node:test";
import type { Logger } from "./logger.ts";
import { createOutageWatch, isDatabaseUnreachable } from "./db-outage.ts";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

test("connection failures count as the database out of reach; a bad statement does not", () => {
  assert.ok(isDatabaseUnreachable(refused));
  assert.ok(isDatabaseUnreachable(new Error("Connection terminated unexpectedly")));
  assert.ok(isDatabaseUnreachable(Object.assign(new Error("the database system is starting up"), { code: "57P03" })));
  assert.ok(
    isDatabaseUnreachable(
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    ),
  );
  assert.ok(isDatabaseUnreachable(new AggregateError([refused], "")), "every address refused");
  assert.equal(
    isDatabaseUnreachable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" })),
    false,
  );
  assert.equal(isDatabaseUnreachable(null), false);
});

test("an outage is said once with its reason, waited out with a back-off, and its end is said once", () => {
  const lines: string[] = [];
  const log = {
    error: (a: unknown, b?: string) => lines.push(`error ${b ?? a}`),
    warn: (m: string) => lines.push(`warn ${m}`),
  } as unknown as Logger;
  const watch = createOutageWatch({ log, what: "Dialling", intervalMs: 1000, maxMs: 5000 });
  const waits = [1, 2, 3, 4].map(() => watch.failed(refused));
  assert.deepEqual(waits, [2000, 4000, 5000, 5000]);
  assert.equal(lines.length, 1);
  assert.match(
    lines[0]!,
    /^error Dialling paused: the database cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:5432\)/,
  );
  assert.ok(watch.down);
  watch.succeeded();
  watch.succeeded();
  assert.equal(lines.length, 2);
  assert.match(lines[1]!, /^warn Dialling resumed: the database answers again/);
  assert.equal(watch.failed(new Error("syntax error")), 1000, "a bug is logged each pass at the normal pace");
  assert.equal(lines.at(-1), "error Dialling pass failed");
});
