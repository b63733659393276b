/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import { createSseParser } from "./sse-frames.ts";

test("messages split across chunks come out whole, comments are skipped", () => {
  const push = createSseParser();
  assert.deepEqual(push('event: progress\ndata: {"a"'), []);
  assert.deepEqual(push(":1}\n\n: keep-alive\n\nevent: progress\r\ndata: 2\r\n\r\ndata: x"), [
    { event: "progress", data: '{"a":1}' },
    { event: "progress", data: "2" },
  ]);
  assert.deepEqual(push("\ndata: y\n\n"), [{ event: "message", data: "x\ny" }]);
});

test("a frame with no data is not a message", () => {
  assert.deepEqual(createSseParser()("event: progress\n\n"), []);
});
