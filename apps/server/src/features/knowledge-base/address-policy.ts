import net from "node:net";

/**
 * Addresses a server-side fetch must never reach (SSRF): loopback, private, link-local (cloud metadata
 * 169.254.169.254 and fd00:ec2::254 included), carrier NAT, multicast, reserved and documentation ranges.
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) is checked as the IPv4 it maps to (net.BlockList does that).
 */
const BLOCKED = new net.BlockList();
const V4: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const V6: Array<[string, number]> = [
  ["::", 128],
  ["::1", 128],
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [a, p] of V4) BLOCKED.addSubnet(a, p, "ipv4");
for (const [a, p] of V6) BLOCKED.addSubnet(a, p, "ipv6");

/** Why an address is refused, or null when a public address. Anything that is not an IP is refused. */
export function blockedAddressReason(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = net.isIP(ip);
  if (family === 0) return "not an IP address";
  return BLOCKED.check(ip, family === 4 ? "ipv4" : "ipv6") ? "a private, loopback or reserved address" : null;
}

export const isPublicAddress = (address: string) => blockedAddressReason(address) === null;
