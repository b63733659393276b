import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { freeTcpPort } from "../../../../tests/support/free-port.ts";
import { dbKinds, openTestDb } from "../../../../tests/support/test-db.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");

/** `npm start`'s server on a fresh database with the demo on: what the terminal shows after a few requests. */
async function terminalAfterRequests(logLevel: string, databaseUrl: string | undefined): Promise<string> {
  const port = await freeTcpPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-banner-"));
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/server/src/entry/api.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      DEMO: "1",
      DIALER: "0",
      LOG_LEVEL: logLevel,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  try {
    const deadline = Date.now() + 120_000;
    while (!out.includes("Stop with Ctrl+C.")) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no banner:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/api/health`)).status, 200);
    const refused = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "demo", password: "wrong-password" }),
    });
    assert.equal(refused.status >= 400 && refused.status < 500, true);
    await new Promise((r) => setTimeout(r, 300));
    return out;
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

describe("npm start's terminal", async () => {
  // PostgreSQL starts the server fastest; the embedded database is the same path after start-up. The demo is
  // made only on an empty database: each start gets a fresh one.
  const postgres = (await dbKinds()).includes("postgres");
  const opened: Array<{ drop(): Promise<void> }> = [];
  const freshDatabase = async () => {
    if (!postgres) return undefined;
    const db = await openTestDb("postgres");
    opened.push(db);
    return db.url;
  };
  after(async () => void (await Promise.all(opened.map((d) => d.drop()))));

  test("at the default level: one banner with the address and the demo password, and no request lines", async () => {
    const out = await terminalAfterRequests("info", await freshDatabase());
    assert.match(out, /Parley is running: http:\/\/localhost:\d+/);
    assert.match(out, /Email or Username {2}demo/);
    assert.match(out, /Password {11}\S{8,}/);
    assert.match(out, /Data: /);
    assert.doesNotMatch(out, /incoming request|request completed|Server listening|migrations applied/);
    assert.equal(out.match(/Parley is running/g)?.length, 1, "one banner");
  });

  test("at LOG_LEVEL=debug every request is logged", async () => {
    const out = await terminalAfterRequests("debug", await freshDatabase());
    const requests = out.split("\n").filter((l) => l.includes('"incoming request"'));
    assert.ok(
      requests.some((l) => l.includes("/api/health")),
      out.slice(-2000),
    );
    assert.ok(requests.some((l) => l.includes("/api/auth/login")));
  });
});
