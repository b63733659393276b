import { Resolver } from "node:dns/promises";
import net from "node:net";
import { hostPort, uriHost } from "./sip-requests.ts";
import type { HostPort, SipProto } from "./sip-wire.ts";

/** SIP_TRUNK's host and port; no port: a domain whose SRV records say where its SIP servers are. */
export type TrunkAddress = { host: string; port: number | null };

/** The DNS queries trunk resolution makes (a Resolver; tests point one at their own server). */
export type SrvLookups = Pick<Resolver, "resolveSrv" | "resolve4">;

type Srv = { name: string; port: number; priority: number; weight: number };

/** How a trunk is written in URIs: its domain, with the port only when SIP_TRUNK gave one. */
export const trunkDomain = (t: TrunkAddress): string =>
  t.port === null ? uriHost(t.host) : hostPort({ host: t.host, port: t.port });

/**
 * Where requests to the trunk go, best first (RFC 3263 §4.2). A port or an IP address is used as it is. A bare
 * domain is looked up as _sip._udp (or _tcp) SRV records, ordered by priority and, among equals, by weight
 * (RFC 2782), each target by its IPv4 address; with no SRV record, the domain itself on 5060. No NAPTR lookup:
 * SIP_TRUNK names TCP when a provider wants it. A DNS server that fails (no answer, SERVFAIL) throws.
 */
export async function lookupTrunk(
  trunk: TrunkAddress,
  proto: SipProto,
  dns: SrvLookups = new Resolver({ timeout: 2000, tries: 2 }),
): Promise<HostPort[]> {
  if (trunk.port !== null || net.isIP(trunk.host)) return [asGiven(trunk)];
  const found = await dns.resolveSrv(`_sip._${proto}.${trunk.host}`).catch((err: NodeJS.ErrnoException) => {
    if (NO_SUCH_RECORD.has(err.code ?? "")) return [];
    throw err;
  });
  const records = found.filter((r) => r.name && r.name !== ".");
  if (!records.length) return [asGiven(trunk)];
  return Promise.all(
    srvOrder(records).map(async (r) => ({
      host: (await dns.resolve4(r.name).catch(() => []))[0] ?? r.name,
      port: r.port,
    })),
  );
}

/** As lookupTrunk, with the domain on 5060 when DNS fails: a transfer's address is looked up once, as it is dialled. */
export const resolveTrunk = (trunk: TrunkAddress, proto: SipProto, dns?: SrvLookups): Promise<HostPort[]> =>
  lookupTrunk(trunk, proto, dns).catch(() => [asGiven(trunk)]);

const NO_SUCH_RECORD = new Set(["ENOTFOUND", "ENODATA"]);
const asGiven = (t: TrunkAddress): HostPort => ({ host: t.host, port: t.port ?? 5060 });

/**
 * RFC 2782's order: lowest priority first; within a priority, repeatedly a record drawn with chance in proportion
 * to its weight (weight 0 only rarely first). `random` in [0, 1) is for tests.
 */
export function srvOrder(records: Srv[], random: () => number = Math.random): Srv[] {
  const out: Srv[] = [];
  for (const priority of [...new Set(records.map((r) => r.priority))].sort((a, b) => a - b)) {
    // Zero weights first, as the RFC's selection lists them, so they are only drawn when the sum picks 0.
    const left = records.filter((r) => r.priority === priority).sort((a, b) => a.weight - b.weight);
    while (left.length) {
      const total = left.reduce((n, r) => n + r.weight, 0);
      const pick = Math.floor(random() * (total + 1));
      let sum = 0;
      const i = left.findIndex((r) => {
        sum += r.weight;
        return sum >= pick;
      });
      out.push(...left.splice(i, 1));
    }
  }
  return out;
}

/** How long a server that did not answer is tried only after the trunk's others. */
const DOWN_MS = 60_000;
/** With another server to try, one silent this long (not even 100 Trying, due within 200 ms) is given up. */
export const FAILOVER_SILENCE_MS = 4000;
/** How often the trunk's records are looked up again, so a provider's change reaches a long-running server. */
const REFRESH_MS = 5 * 60_000;

/**
 * The trunk's servers (its SRV targets) in the order to try them: one that lately did not answer goes last for a
 * minute, so calls do not each wait on it (RFC 3263 §4.3 leaves this to the client). Looked up at first use and
 * again every 5 minutes in the background; a lookup that fails keeps the last answer (at first: the domain on 5060).
 */
export function createTrunkTargets(
  trunk: TrunkAddress,
  proto: SipProto,
  dns?: SrvLookups,
  now: () => number = Date.now,
) {
  let list: Promise<HostPort[]> | null = null;
  let lookedUpAt = 0;
  const downUntil = new Map<string, number>();
  const isDown = (h: HostPort) => (downUntil.get(hostPort(h)) ?? 0) > now();
  return {
    /** The servers as last looked up, best first; the same array until a lookup answers anew. */
    all(): Promise<HostPort[]> {
      if (list && now() - lookedUpAt < REFRESH_MS) return list;
      lookedUpAt = now();
      const fresh = lookupTrunk(trunk, proto, dns);
      if (!list) {
        list = fresh.catch(() => [asGiven(trunk)]);
        return list;
      }
      fresh.then(
        (found) => (list = Promise.resolve(found)),
        () => {},
      );
      return list;
    },
    async ordered(): Promise<HostPort[]> {
      const all = await this.all();
      return [...all.filter((h) => !isDown(h)), ...all.filter(isDown)];
    },
    failed(h: HostPort): void {
      downUntil.set(hostPort(h), now() + DOWN_MS);
    },
  };
}
