import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { insertCalls } from "../../../../tests/support/call-history-data.ts";
import { buildUser, startTestApp, type TestApp, type TestUser } from "../../../../tests/support/test-app.ts";
import { dbKinds } from "../../../../tests/support/test-db.ts";

const ROOT = new URL("../../../../", import.meta.url).pathname;

/** Runs `npm run storage:copy -- <args>` as an operator would (the script behind it, with tsx). */
function storageCopy(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const { PATH, HOME } = process.env;
    execFile(
      process.execPath,
      ["--import", "tsx", "apps/server/src/entry/storage-copy.ts", ...args],
      { cwd: ROOT, env: { PATH, HOME, ...env } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

const skip = (await dbKinds()).includes("postgres")
  ? false
  : "needs the PostgreSQL at 127.0.0.1:5432 (or TEST_DATABASE_URL)";

// Moving an embedded install's files to the shared store: the recordings the local folder held are served
// from PostgreSQL afterwards, by a process that never saw that folder.
describe("files on PostgreSQL: npm run storage:copy from the local folder, voice previews", { skip }, () => {
  let t: TestApp;
  let owner: TestUser;
  let dataDir: string;
  let wav: Buffer;
  let audioUrl: string;
  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-copy-"));
    t = await startTestApp("postgres");
    owner = await buildUser(t);
    wav = crypto.randomBytes(700_000); // three 256 KiB chunks
    const key = `recordings/${owner.orgId}/old-call.wav`;
    fs.mkdirSync(path.join(dataDir, "files", path.dirname(key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", key), wav);
    fs.mkdirSync(path.join(dataDir, "files", "csv"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", "csv", "list.csv"), "name,phone\nAna,+14155550100\n");
    await insertCalls(t.db, owner.orgId, [{ lead_name: "Old Recording", recording_key: key }]);
    const list = await t.request("GET", "/api/call-history?search=old%20recording", { token: owner.token });
    audioUrl = list.body.call_history[0].audio_url;
  });
  after(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("copies what exists once, and running it again copies nothing", async () => {
    assert.equal((await fetch(t.baseUrl + audioUrl)).status, 404, "before the copy the shared store does not hold it");
    const first = await storageCopy(["--to", "postgres"], { DATA_DIR: dataDir, DATABASE_URL: t.url! });
    assert.equal(first.code, 0, first.out);
    assert.match(first.out, /Copied 2 file\(s\) \(0\.7 MB\); 0 already there; 0 failed\./);

    const whole = await fetch(t.baseUrl + audioUrl);
    assert.equal(whole.status, 200);
    assert.ok(Buffer.from(await whole.arrayBuffer()).equals(wav));
    const part = await fetch(t.baseUrl + audioUrl, { headers: { range: "bytes=262100-524300" } });
    assert.equal(part.status, 206);
    assert.ok(
      Buffer.from(await part.arrayBuffer()).equals(wav.subarray(262100, 524301)),
      "a range across chunk borders",
    );

    const again = await storageCopy(["--to", "postgres"], { DATA_DIR: dataDir, DATABASE_URL: t.url! });
    assert.equal(again.code, 0, again.out);
    assert.match(again.out, /Copied 0 file\(s\) \(0\.0 MB\); 2 already there; 0 failed\./);
  });

  test("on PostgreSQL a voice preview is made once into the database, where every process finds it", async () => {
    const voices = await t.request("GET", "/api/voices", { token: owner.token });
    const clip = await fetch(t.baseUrl + voices.body.voices[0].preview_url);
    assert.equal(clip.status, 200);
    assert.equal(
      Buffer.from(await clip.arrayBuffer())
        .subarray(0, 4)
        .toString(),
      "RIFF",
    );
    const stored = await t.db.query<{ key: string }>(
      "select key from storage_objects where key like 'voices/previews/%'",
    );
    assert.equal(stored.length, 1, JSON.stringify(stored));
  });
});
