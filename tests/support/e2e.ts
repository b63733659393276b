import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import type { Db } from "../../apps/server/src/platform/db.ts";
import { dbKinds, openTestDb } from "./test-db.ts";
import { freeTcpPort } from "./free-port.ts";

const ROOT = path.resolve(new URL("../..", import.meta.url).pathname);
/** Debian's Chromium (or CHROMIUM_PATH), kept at the test's CPU priority: see the script. */
const CHROMIUM = path.join(ROOT, "tests/support/chromium-at-our-priority.sh");
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Pages ask for reduced motion (the app honours it): a menu or dialog is in place as soon as it opens, so a click on
 * a loaded machine never lands on one still growing. */
const REDUCED_MOTION = "reduce";

export type E2E = {
  baseUrl: string;
  dataDir: string;
  browser: Browser;
  /** A page in a context of its own; `timezoneId`: the browser's timezone (the machine's when not given). */
  newPage(opts?: { width?: number; height?: number; timezoneId?: string }): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
};

/** The web app must be built once before browser tests; scripts/test.sh does it, this is the fallback. */
function ensureWebBuilt(): void {
  if (fs.existsSync(path.join(ROOT, "apps/web/dist/index.html"))) return;
  const r = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error("web build failed");
}

async function waitForHealth(url: string, child: ChildProcess, logs: string[]): Promise<void> {
  const deadline = Date.now() + 120_000; // a fresh embedded database migrates first; slow on a busy 2-core machine
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join("")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${logs.join("")}`);
}

export type E2EOptions = {
  env?: Record<string, string>;
  /** Added to CHROMIUM_ARGS (e.g. a fake microphone). */
  browserArgs?: string[];
  /**
   * The server's database. By default a fresh database on the machine's PostgreSQL when it answers: the server
   * starts in about a third of the time it takes on a new embedded one on disk, and every route already runs on
   * both engines in the integration tests. `pglite` starts the
   * server exactly as `npm start` does (shell.e2e.test.ts keeps that path under a browser).
   */
  engine?: "pglite" | "postgres";
};

/** Starts the real server (fresh data folder and database, no demo data) and a headless Debian Chromium. */
export async function startE2E(opts: E2EOptions = {}): Promise<E2E> {
  const engine = opts.engine ?? ((await dbKinds()).includes("postgres") ? "postgres" : "pglite");
  if (engine === "pglite") return startServerAndBrowser(opts);
  const opened = await openTestDb("postgres");
  const env = await startServerAndBrowser({ ...opts, env: { DATABASE_URL: opened.url!, ...opts.env } });
  return {
    ...env,
    async close() {
      await env.close();
      await opened.drop();
    },
  };
}

async function startServerAndBrowser(opts: E2EOptions): Promise<E2E> {
  ensureWebBuilt();
  const port = await freeTcpPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-e2e-"));
  const logs: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/entry/api.ts"], {
    cwd: ROOT,
    // Browser tests register many users from 127.0.0.1: the hourly sign-up limits are lifted.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO: "0",
      LOG_LEVEL: "warn",
      // Most browser tests place no call: the recognisers' models are not loaded at start.
      STT_WARM_UP: "0",
      DATABASE_URL: "",
      SIGNUP_LIMIT_PER_HOUR: "1000000",
      ORG_CREATE_LIMIT_PER_HOUR: "1000000",
      // The test machine is shared by many tests at once: admission control would hold their calls back for the
      // others' load. It is tested where it is the subject (admission-calls.int.test.ts, the capacity banner).
      CALL_ADMISSION: "0",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => logs.push(String(d)));
  child.stderr!.on("data", (d) => logs.push(String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, logs);
  } catch (err) {
    // A server left running would keep this test file's process alive after the failure: CI would hang.
    child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_ARGS, ...(opts.browserArgs ?? [])],
  });
  const shotsDir = path.join(ROOT, "test-results/screenshots");
  fs.mkdirSync(shotsDir, { recursive: true });

  return {
    baseUrl,
    dataDir,
    browser,
    async newPage({ width = 1280, height = 800, timezoneId } = {}) {
      const context = await browser.newContext({
        viewport: { width, height },
        baseURL: baseUrl,
        acceptDownloads: true,
        reducedMotion: REDUCED_MOTION,
        timezoneId,
      });
      const page = await context.newPage();
      // Generous: the other tests run at a lower CPU priority than the whole calls beside them (scripts/test.sh), and
      // a server placing simulated calls answers slowly then; a wait is for a state, never a measure of speed.
      page.setDefaultTimeout(30_000);
      return page;
    },
    async screenshot(page, name) {
      const file = path.join(shotsDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    async close() {
      await browser.close().catch(() => undefined);
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Why a browser test that needs the machine's PostgreSQL (it seeds calls the server reads) cannot run
 * here, or null when it can. In CI PostgreSQL is always there, so its absence is a failure, not a skip.
 */
export async function postgresSkipReason(): Promise<string | null> {
  if ((await dbKinds()).includes("postgres")) return null;
  const reason = "needs the PostgreSQL at 127.0.0.1:5432 (or TEST_DATABASE_URL), which does not answer";
  if (process.env.CI) throw new Error(`browser test ${reason}`);
  console.log(`# SKIP: browser test ${reason}`);
  return reason;
}

/**
 * A browser test on a fresh PostgreSQL database shared with the test (to
 * seed it): the server, the browser and the database.
 */
export type E2EOnPostgres = E2E & { db: Db };

export async function startE2EOnPostgres(opts: Omit<E2EOptions, "engine"> = {}): Promise<E2EOnPostgres> {
  const opened = await openTestDb("postgres");
  const env = await startServerAndBrowser({
    env: { DATABASE_URL: opened.url!, DIALER: "0", ...opts.env },
    browserArgs: opts.browserArgs,
  });
  return {
    ...env,
    db: opened.db,
    async close() {
      await env.close();
      await opened.drop();
    },
  };
}
