import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freeTcpPort } from "./free-port.ts";
import { UNLIMITED_SIGNUPS } from "./test-app.ts";
import { until } from "./until.ts";

const ENTRY = new URL("../../apps/server/src/entry/", import.meta.url).pathname;

/** A Parley process as an operator runs it (`npm start` or `npm run worker`), on its own data folder. */
export type ServerProcess = { child: ChildProcess; pid: number; baseUrl: string; exited: Promise<number | null> };

/**
 * Starts `entry/<entry>.ts` as a child process with `env` over a quiet, instant-voice default; an API
 * process is returned once `/api/health` answers 200 on its own port.
 */
export async function startServerProcess(entry: "api" | "worker", env: Record<string, string>): Promise<ServerProcess> {
  const port = await freeTcpPort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ENTRY, `${entry}.ts`)], {
    env: {
      ...process.env,
      ...UNLIMITED_SIGNUPS,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `parley-${entry}-`)),
      DEMO: "0",
      WEB_DIST: "/nonexistent",
      LOG_LEVEL: "error",
      VOICE_MODE: "instant",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  if (entry === "api") {
    let gone = false;
    void exited.then(() => (gone = true));
    await until(
      async () => {
        if (gone) throw new Error(`the ${entry} process exited during start-up`);
        return (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status === 200;
      },
      { ms: 60_000, what: `${entry} process ready`, everyMs: 200 },
    );
  }
  return { child, pid: child.pid!, baseUrl, exited };
}
