import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { buildUser, startTestApp, type TestApp } from "../../../../../tests/support/test-app.ts";
import { routeDbKinds } from "../../../../../tests/support/test-db.ts";
import { openPglite } from "../../platform/db.ts";
import { migrate } from "../../platform/migrate.ts";
import { verifyPassword } from "../auth/password-hash.ts";
import { createSettingsRepo } from "./settings.repo.ts";

const ROOT = new URL("../../../../../", import.meta.url).pathname;
const ENTRY = path.join(ROOT, "apps/server/src/entry/reset-password.ts");

/** Runs `npm run reset-password -- <login>`'s entry file the way npm does (tsx), with its own env. */
function runReset(
  login: string | undefined,
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const args = ["--import", "tsx", ENTRY, ...(login === undefined ? [] : [login])];
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "silent", ...env },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** A port nothing listens on, so the command's "is Parley running?" probe finds nothing. */
async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => srv.once("listening", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

const printedPassword = (out: string) => /New password for .*:\n {2}(\S+)/.exec(out)?.[1];

// Known before any test is registered: --test-force-exit ends the file once the tests it knows of are done.
const kinds = await routeDbKinds();

describe("npm run reset-password on an embedded (PGlite) data folder", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-reset-"));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("prints a new password that verifies; unknown logins and a missing argument fail", async () => {
    const db = await openPglite(dir);
    await migrate(db);
    // The command works on a data directory no server has run on: the user is written straight in.
    await db.query(
      `insert into users (email, username, first_name, last_name, password_hash)
        values ('demo@parley.local', 'demo', 'Demo', 'Owner', 'x')`,
    );
    await db.close();
    const env = { DATA_DIR: dir, PORT: String(await freePort()), DEMO: "0" };

    const res = await runReset("DEMO", env);
    assert.equal(res.code, 0, res.err);
    const password = printedPassword(res.out);
    assert.ok(password && password.length >= 12, res.out);
    assert.match(res.out, /demo \(demo@parley\.local\)/);

    const reopened = await openPglite(dir);
    const user = await createSettingsRepo(reopened).userByLogin("demo@parley.local");
    await reopened.close();
    assert.ok(user?.password_hash && (await verifyPassword(user.password_hash, password!)));

    const unknown = await runReset("nobody", env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No account signs in as "nobody"/);
    const usage = await runReset(undefined, env);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /Usage: npm run reset-password -- <email-or-username>/);
  });

  test("refuses while a Parley server answers on PORT (two writers would corrupt the embedded database)", async () => {
    const t = await startTestApp("pglite");
    try {
      const res = await runReset("demo", { DATA_DIR: dir, PORT: new URL(t.baseUrl).port });
      assert.equal(res.code, 1);
      assert.match(res.err, /Parley is running on port \d+\. Stop it first/);
    } finally {
      await t.close();
    }
  });
});

for (const kind of kinds) {
  if (kind !== "postgres") continue;
  describe("npm run reset-password with DATABASE_URL (PostgreSQL, server running)", () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    test("the printed password signs in, the old one and the old sessions do not", async () => {
      const u = await buildUser(t);
      const res = await runReset(u.email, { DATABASE_URL: t.url!, PORT: String(await freePort()) });
      assert.equal(res.code, 0, res.err);
      const password = printedPassword(res.out)!;
      const login = (pw: string) =>
        t.request("POST", "/api/auth/login", { body: { email_or_username: u.username, password: pw } });
      assert.equal((await login(u.password)).status, 401);
      assert.equal((await login(password)).status, 200);
      assert.equal(
        (await t.request("POST", "/api/auth/refresh", { body: { refresh_token: u.refreshToken } })).status,
        401,
      );
    });
  });
}
