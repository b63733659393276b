import { test } from "node:test";
import assert from "node:assert/strict";
import { runProgram } from "./run-program.ts";

test("a program's output comes back, a failure rejects with the reason, and an abort stops it", async () => {
  assert.deepEqual(await runProgram("echo", ["hello", "world"]), { stdout: "hello world\n", stderr: "" });
  await assert.rejects(runProgram("sh", ["-c", "echo broken >&2; exit 3"]), (err: Error & { stderr?: string }) => {
    assert.match(err.message, /Command failed/);
    assert.equal(err.stderr, "broken\n");
    return true;
  });
  await assert.rejects(runProgram("/nonexistent/engine", []), /ENOENT/);

  const abort = new AbortController();
  const started = performance.now();
  const sleeping = runProgram("sleep", ["30"], { signal: abort.signal });
  setTimeout(() => abort.abort(), 50);
  await assert.rejects(sleeping, { name: "AbortError" });
  assert.ok(performance.now() - started < 10_000, "the abort does not wait for the program");
  // Programs run side by side, and the runner still answers after an abort.
  const outs = await Promise.all(["a", "b", "c"].map((x) => runProgram("echo", [x])));
  assert.deepEqual(
    outs.map((o) => o.stdout),
    ["a\n", "b\n", "c\n"],
  );
});
