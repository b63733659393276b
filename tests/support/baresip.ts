import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { decodeWav, type Pcm } from "@parley/voice/audio/wav";
import { until } from "./until.ts";
import { startPeer } from "./peer-process.ts";
import { freeTcpPort, freeUdpPort } from "./free-port.ts";

/**
 * Debian's baresip (scripts/ensure-system-packages.sh installs baresip-core) as a real SIP peer on loopback:
 * headless, its microphone a WAV file (aufile), what it hears and sends dumped to WAV files (sndfile), driven
 * through its TCP control socket (ctrl_tcp: netstring JSON commands and events).
 */
/**
 * answer: auto answers at once; manual rings until told; early sends 183 with early media and never answers.
 * proxy: its calls go through this SIP proxy on loopback, authenticating as `user` with this password.
 */
export type BaresipAccount = {
  user: string;
  answer: "auto" | "manual" | "early";
  proxy?: { port: number; password: string };
};
export type BaresipEvent = { type: string; accountaor?: string; peeruri?: string; param?: string };
export type Baresip = {
  /** Its SIP port on 127.0.0.1. */
  port: number;
  events: BaresipEvent[];
  /** Runs a command (hangup, accept…) and waits for its answer. */
  command(command: string, params?: string): Promise<void>;
  /** What baresip heard in its last call and what it sent, at the codec's rate (8 kHz G.711, 16 kHz G.722). */
  lastRecording(which: "heard" | "sent"): Promise<Pcm>;
  /** What baresip printed (for a failing test's message). */
  output(): string;
  /** Presses keys on its keypad: in a call, digits go out as DTMF. */
  pressKeys(keys: string): void;
  /** Freezes the process (SIGSTOP): no RTP, no BYE, as a peer that vanished from the network. */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
};

/**
 * `codecs`: what it offers and accepts, most wanted first (default G.711 only). Its source WAV must be at the
 * rate of the codec the call ends up in (8 kHz for G.711, 16 kHz for G.722): aufile does not resample.
 */
export async function startBaresip(o: {
  accounts: BaresipAccount[];
  sourceWav: string;
  rtpPorts: [number, number];
  codecs?: Array<"PCMU" | "PCMA" | "G722">;
}): Promise<Baresip> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-baresip-"));
  await fs.mkdir(path.join(dir, "rec"));
  // baresip binds TCP on its SIP port and TLS on the next one too, neither of which the probe checks.
  const { child, port, ctrlPort, output } = await startPeer("baresip", "baresip is ready", async () =>
    launch(dir, o, await freeUdpPort(), await freeTcpPort()),
  );

  const events: BaresipEvent[] = [];
  const pending: Array<() => void> = [];
  const ctrl = net.connect(ctrlPort, "127.0.0.1");
  await new Promise<void>((resolve, reject) => ctrl.once("connect", resolve).once("error", reject));
  let buf = "";
  ctrl.on("data", (d: Buffer) => {
    buf += d.toString("utf8");
    // netstrings: <length>:<json>,
    for (let m = /^(\d+):/.exec(buf); m && buf.length >= m[0].length + Number(m[1]) + 1; m = /^(\d+):/.exec(buf)) {
      const body = buf.slice(m[0].length, m[0].length + Number(m[1]));
      buf = buf.slice(m[0].length + Number(m[1]) + 1);
      const msg = JSON.parse(body) as { event?: boolean; response?: boolean } & BaresipEvent;
      if (msg.event) events.push(msg);
      else if (msg.response) pending.shift()?.();
    }
  });

  return {
    port,
    events,
    command(command, params = "") {
      const json = JSON.stringify({ command, params, token: String(Date.now()) });
      return new Promise<void>((resolve) => {
        pending.push(resolve);
        ctrl.write(`${Buffer.byteLength(json)}:${json},`);
      });
    },
    async lastRecording(which) {
      const suffix = which === "heard" ? "-dec.wav" : "-enc.wav";
      const files = (await fs.readdir(path.join(dir, "rec"))).filter((f) => f.endsWith(suffix)).sort();
      if (!files.length) return { sampleRate: 8000, channels: 1, samples: new Int16Array(0) };
      return decodeWav(await fs.readFile(path.join(dir, "rec", files.at(-1)!)));
    },
    output,
    pressKeys: (keys) => void child.stdin!.write(keys),
    freeze: () => void child.kill("SIGSTOP"),
    thaw: () => void child.kill("SIGCONT"),
    async close() {
      ctrl.destroy();
      child.kill("SIGCONT");
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await until(() => child.exitCode !== null || child.signalCode !== null, {
          ms: 5000,
          what: "baresip exit",
        }).catch(() => child.kill("SIGKILL"));
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function launch(dir: string, o: Parameters<typeof startBaresip>[0], port: number, ctrlPort: number) {
  const codecs = o.codecs ?? ["PCMU", "PCMA"];
  await fs.writeFile(
    path.join(dir, "config"),
    [
      "poll_method epoll",
      `sip_listen 127.0.0.1:${port}`,
      `audio_source aufile,${o.sourceWav}`,
      "module_path /usr/lib/baresip/modules",
      // stdio: keys written to its stdin are what a person types; a digit in a call is sent as DTMF (RFC 4733).
      "module g711.so",
      ...(codecs.includes("G722") ? ["module g722.so"] : []),
      "module aufile.so",
      "module sndfile.so",
      "module stdio.so",
      "module_app account.so",
      "module_app menu.so",
      "module_app ctrl_tcp.so",
      `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
      `snd_path ${path.join(dir, "rec")}`,
      `rtp_ports ${o.rtpPorts[0]}-${o.rtpPorts[1]}`,
      "",
    ].join("\n"),
  );
  await fs.writeFile(
    path.join(dir, "accounts"),
    o.accounts
      .map(
        (a) =>
          `<sip:${a.user}@127.0.0.1>;regint=0;answermode=${a.answer};` +
          (a.proxy ? `outbound="sip:127.0.0.1:${a.proxy.port}";auth_pass=${a.proxy.password};` : "") +
          `audio_codecs=${codecs.map((c) => (c === "G722" ? "G722/16000/1" : c)).join(",")}\n`,
      )
      .join(""),
  );
  const child: ChildProcess = spawn("baresip", ["-f", dir, "-n", "127.0.0.1"], { stdio: ["pipe", "pipe", "pipe"] });
  return { child, port, ctrlPort };
}
