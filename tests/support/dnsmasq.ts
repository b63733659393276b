import { spawn } from "node:child_process";
import { Resolver } from "node:dns/promises";
import { until } from "./until.ts";
import { freeUdpPort } from "./free-port.ts";
import { startPeer } from "./peer-process.ts";

/**
 * Debian's dnsmasq (scripts/ensure-system-packages.sh installs dnsmasq-base) as a provider's DNS on loopback: the
 * SRV and address records a test gives, nothing else (no upstream, no /etc/hosts). `resolver` asks it.
 */
export type Dnsmasq = { resolver: Resolver; close(): Promise<void> };
export type SrvRecord = { service: string; target: string; port: number; priority: number; weight: number };

export async function startDnsmasq(o: {
  srv: SrvRecord[];
  hosts: Array<{ name: string; address: string }>;
}): Promise<Dnsmasq> {
  const { child, port } = await startPeer("dnsmasq", "cleared cache", async () => {
    const port = await freeUdpPort();
    const child = spawn(
      "dnsmasq",
      [
        "--keep-in-foreground",
        "--conf-file=/dev/null",
        "--no-resolv",
        "--no-hosts",
        "--no-poll",
        "--pid-file=",
        "--log-facility=-",
        `--port=${port}`,
        "--listen-address=127.0.0.1",
        "--bind-interfaces",
        ...o.srv.map((r) => `--srv-host=${r.service},${r.target},${r.port},${r.priority},${r.weight}`),
        ...o.hosts.map((h) => `--host-record=${h.name},${h.address}`),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    return { child, port };
  });
  const resolver = new Resolver();
  resolver.setServers([`127.0.0.1:${port}`]);
  return {
    resolver,
    async close() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await until(() => child.exitCode !== null || child.signalCode !== null, { ms: 5000, what: "dnsmasq exit" });
    },
  };
}
