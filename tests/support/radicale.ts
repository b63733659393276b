import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { until } from "./until.ts";
import { freeTcpPort } from "./free-port.ts";

/** Debian's radicale (scripts/ensure-system-packages.sh installs it): a real CalDAV server for the calendar tests. */
export type Radicale = {
  baseUrl: string;
  username: string;
  password: string;
  /** The test calendar's collection URL (created with MKCALENDAR at start). */
  calendarUrl: string;
  /** Basic auth header of the test user, for the test's own requests. */
  auth: string;
  /** Every VEVENT stored in the calendar, as raw ICS text (read straight from the server over CalDAV). */
  events(): Promise<string[]>;
  /** Stores an event in the calendar as another CalDAV client (a phone, Fastmail's web app) would. */
  putEvent(uid: string, ics: string): Promise<void>;
  /** Stops the server (the calendar becomes unreachable) or starts it again on the same port and storage. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
};

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
    s.on("error", () => resolve(false));
  });

/** Starts radicale on a loopback port with a temp storage folder and one htpasswd (plain) user. */
export async function startRadicale(): Promise<Radicale> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-radicale-"));
  const port = await freeTcpPort();
  const username = "sales";
  const password = "correct-horse-7";
  await fs.writeFile(path.join(dir, "users"), `${username}:${password}\n`);
  await fs.writeFile(
    path.join(dir, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(dir, "users")}`,
      "htpasswd_encryption = plain",
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(dir, "collections")}`,
      "[logging]",
      "level = error",
      "",
    ].join("\n"),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const calendarUrl = `${baseUrl}/${username}/work/`;
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn("radicale", ["--config", path.join(dir, "config")], { stdio: ["ignore", "ignore", "inherit"] });
    await until(() => answers(port), { ms: 15_000, what: "radicale listening" });
  }
  async function stop() {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((r) => (c.once("exit", () => r()), c.kill("SIGTERM")));
  }
  const dav = (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(url, { method, body, headers: { authorization: auth, ...headers } });

  await start();
  const made = await dav(
    "MKCALENDAR",
    calendarUrl,
    '<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" ' +
      'xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>Work</D:displayname></D:prop>' +
      "</D:set></C:mkcalendar>",
  );
  if (made.status !== 201) throw new Error(`radicale MKCALENDAR answered ${made.status}`);

  return {
    baseUrl,
    username,
    password,
    calendarUrl,
    auth,
    start,
    stop,
    async events() {
      // GET on a radicale collection answers the whole calendar; split it back into one text per VEVENT.
      const res = await dav("GET", calendarUrl);
      const text = await res.text();
      return text.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT/g) ?? [];
    },
    async putEvent(uid, ics) {
      const res = await dav("PUT", `${calendarUrl}${uid}.ics`, ics, { "content-type": "text/calendar; charset=utf-8" });
      if (res.status >= 300) throw new Error(`radicale PUT answered ${res.status}`);
    },
    async close() {
      await stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
