import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import pino from "pino";
import { httpLogger, type Logger } from "./logger.ts";

/** A pino logger at `level` writing its lines into an array. */
function capture(level: string) {
  const lines: Array<{ level: number; msg: string }> = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, out) as unknown as Logger, lines };
}

test("at info the HTTP layer writes warnings and errors only; the rest of the process keeps its info lines", () => {
  const { logger, lines } = capture("info");
  const http = httpLogger(logger);
  http.info("incoming request");
  http.warn("voice preview failed");
  http.error("unhandled error");
  logger.info("pending recording stored");
  assert.deepEqual(
    lines.map((l) => l.msg),
    ["voice preview failed", "unhandled error", "pending recording stored"],
  );
});

test("at debug every request is written; at error the HTTP layer is not made louder", () => {
  const debug = capture("debug");
  httpLogger(debug.logger).info("incoming request");
  assert.deepEqual(
    debug.lines.map((l) => l.msg),
    ["incoming request"],
  );
  const quiet = capture("error");
  const http = httpLogger(quiet.logger);
  http.warn("voice preview failed");
  http.error("unhandled error");
  assert.deepEqual(
    quiet.lines.map((l) => l.msg),
    ["unhandled error"],
  );
});
