import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** Runs an entry point the way npm does and returns what an operator sees. */
function start(entry: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/entry", entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: run.status, lines: run.stderr.trim().split("\n") };
}

test("an unreachable database stops `npm start` and the worker with one readable line and exit 1", () => {
  for (const entry of ["api.ts", "worker.ts"]) {
    const { code, lines } = start(entry, { DATABASE_URL: "postgres://parley:secret@127.0.0.1:1/parley" });
    assert.equal(code, 1, entry);
    assert.deepEqual(
      lines,
      [
        "Cannot connect to the database at 127.0.0.1:1/parley: connect ECONNREFUSED " +
          "127.0.0.1:1. Check DATABASE_URL and that PostgreSQL is running.",
      ],
      entry,
    );
  }
});

test("a misconfigured database URL or data folder is one line too, without the password", () => {
  const badUrl = start("api.ts", { DATABASE_URL: "mysql://root:secret@localhost/x" });
  assert.equal(badUrl.code, 1);
  assert.match(badUrl.lines.join("\n"), /^Invalid configuration:\n {2}DATABASE_URL: must be a postgres:\/\/ URL$/);
  assert.doesNotMatch(badUrl.lines.join("\n"), /secret/);

  const notAFolder = start("api.ts", { DATA_DIR: import.meta.filename });
  assert.equal(notAFolder.code, 1);
  assert.equal(notAFolder.lines.length, 1);
  assert.match(
    notAFolder.lines[0]!,
    /^Cannot open the embedded database in .*start-up\.int\.test\.ts: EEXIST.*Check DATA_DIR\.$/,
  );
});
