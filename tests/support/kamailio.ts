import { spawn, type ChildProcess } from "node:child_process";
import dgram from "node:dgram";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { until } from "./until.ts";
import { freeUdpPort } from "./free-port.ts";

/**
 * Debian's kamailio (scripts/ensure-system-packages.sh installs it) as the trunk of the SIP tests: a registrar
 * and proxy on loopback that demands digest authentication (one user, its password in the config) for
 * REGISTER (401) and for new INVITEs (407), then relays calls to `forwardTo` with itself in the route.
 * `assertIdentity`: as a carrier's border controller does, it adds a P-Asserted-Identity (RFC 3325) with this
 * URI to each INVITE it relays.
 */
export type Kamailio = { port: number; close(): Promise<void> };

const MODULES = ["tm", "sl", "rr", "pv", "maxfwd", "textops", "siputils", "xlog", "auth", "usrloc", "registrar"];

export async function startKamailio(o: {
  username: string;
  password: string;
  forwardTo: number;
  assertIdentity?: string;
}): Promise<Kamailio> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-kamailio-"));
  const port = await freeUdpPort();
  const q = (s: string) => JSON.stringify(s);
  const cfg = [
    "#!KAMAILIO",
    "debug=1",
    "log_stderror=yes",
    "children=1",
    "auto_aliases=no",
    `listen=udp:127.0.0.1:${port}`,
    'mpath="/usr/lib/x86_64-linux-gnu/kamailio/modules/"',
    ...MODULES.map((m) => `loadmodule "${m}.so"`),
    'modparam("auth", "secret", "parley-test-secret")',
    "request_route {",
    '  if (!mf_process_maxfwd_header("10")) { sl_send_reply("483", "Too Many Hops"); exit; }',
    '  if (is_method("REGISTER")) {',
    `    if ($au != ${q(o.username)} || !pv_www_authenticate("$td", ` +
      `${q(o.password)}, "0")) { www_challenge("$td", "0"); exit; }`,
    '    if (!save("location")) sl_reply_error();',
    "    exit;",
    "  }",
    "  if (has_totag()) {",
    '    if (loose_route() || is_method("ACK")) { t_relay(); }',
    '    else sl_send_reply("404", "Not Here");',
    "    exit;",
    "  }",
    '  if (is_method("CANCEL")) { if (t_check_trans()) t_relay(); exit; }',
    '  if (is_method("INVITE")) {',
    `    if ($au != ${q(o.username)} || !pv_proxy_authenticate("$fd", ` +
      `${q(o.password)}, "0")) { proxy_challenge("$fd", "0"); exit; }`,
    "    consume_credentials();",
    ...(o.assertIdentity ? [`    append_hf(${q(`P-Asserted-Identity: <${o.assertIdentity}>\r\n`)});`] : []),
    "    record_route();",
    `    $du = "sip:127.0.0.1:${o.forwardTo}";`,
    "    t_relay();",
    "    exit;",
    "  }",
    '  sl_send_reply("405", "Method Not Allowed");',
    "}",
    "",
  ].join("\n");
  await fs.writeFile(path.join(dir, "kamailio.cfg"), cfg);
  const child: ChildProcess = spawn(
    "kamailio",
    ["-f", path.join(dir, "kamailio.cfg"), "-DD", "-E", "-Y", dir, "-P", path.join(dir, "pid"), "-w", dir],
    { stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  // Ready when it answers an OPTIONS on its port (405 from the route above).
  const probe = dgram.createSocket("udp4");
  let answered = false;
  probe.on("message", () => (answered = true));
  await new Promise<void>((r) => probe.bind(0, "127.0.0.1", r));
  const options = (n: number) =>
    Buffer.from(
      `OPTIONS sip:127.0.0.1:${port} SIP/2.0\r\nVia: SIP/2.0/UDP ` +
        `127.0.0.1:${probe.address().port};branch=z9hG4bKprobe${n}\r\nMax-Forwards: ` +
        "5\r\n" +
        "From: <sip:probe@127.0.0.1>;tag=p\r\nTo: <sip:127.0.0.1>\r\nCall-ID: " +
        `probe${n}@test\r\nCSeq: 1 OPTIONS\r\nContent-Length: 0\r\n\r\n`,
    );
  let n = 0;
  try {
    await until(
      () => {
        if (child.exitCode !== null) return true;
        if (!answered) probe.send(options(n++), port, "127.0.0.1");
        return answered;
      },
      { ms: 10_000, everyMs: 100, what: "kamailio start" },
    );
  } finally {
    probe.close();
  }
  if (child.exitCode !== null) throw new Error(`kamailio did not start:\n${out}`);
  return {
    port,
    async close() {
      // kamailio forks its workers: its own process group (detached) ends with it.
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, "SIGKILL");
        await until(() => child.exitCode !== null || child.signalCode !== null, { ms: 5000, what: "kamailio exit" });
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
