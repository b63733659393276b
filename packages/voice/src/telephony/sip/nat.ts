import net from "node:net";
import type { HostPort } from "./sip-wire.ts";

// Addresses no packet from the internet can reach: RFC 1918, RFC 6598's carrier-grade NAT, link-local, IPv6 unique
// local. A far end naming one (in Contact or SDP) that it is not heard from is behind NAT and does not know its
// public address: what Kamailio's nathelper looks for with nat_uac_test.
const UNROUTABLE = new net.BlockList();
for (const [prefix, bits] of [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
] as const)
  UNROUTABLE.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  UNROUTABLE.addSubnet(prefix, bits, "ipv6");

/**
 * Where to reach a far end that names `named` and is heard from `heard`: `heard` when `named` is unroutable and not
 * where it is heard from (it sits behind NAT: symmetric RTP, as Asterisk's comedia and rewrite_contact), else `named`.
 */
export function reachAt(named: HostPort, heard: HostPort): HostPort {
  const ip = net.isIP(named.host);
  const natted = ip !== 0 && named.host !== heard.host && UNROUTABLE.check(named.host, ip === 6 ? "ipv6" : "ipv4");
  return natted ? heard : named;
}
