import { test } from "node:test";
import assert from "node:assert/strict";
import {
  createTrunkTargets,
  lookupTrunk,
  resolveTrunk,
  srvOrder,
  trunkDomain,
  type SrvLookups,
} from "./trunk-address.ts";

const srv = (name: string, port: number, priority: number, weight: number) => ({ name, port, priority, weight });

/** Answers SRV and A queries from tables; anything else is NXDOMAIN, as a real server says. */
function dnsOf(
  srvs: Record<string, ReturnType<typeof srv>[]>,
  a: Record<string, string[]>,
): SrvLookups & { asked: string[] } {
  const asked: string[] = [];
  const nx = (name: string) => Object.assign(new Error(`queryA ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  return {
    asked,
    resolveSrv: async (name: string) => (asked.push(name), srvs[name] ?? Promise.reject(nx(name))),
    resolve4: (async (name: string) => a[name] ?? Promise.reject(nx(name))) as SrvLookups["resolve4"],
  };
}

test("a port or an IP address is used as it is, with no DNS query", async () => {
  const dns = dnsOf({}, {});
  assert.deepEqual(await resolveTrunk({ host: "sip.provider.example", port: 5080 }, "udp", dns), [
    { host: "sip.provider.example", port: 5080 },
  ]);
  assert.deepEqual(await resolveTrunk({ host: "192.0.2.7", port: null }, "udp", dns), [
    { host: "192.0.2.7", port: 5060 },
  ]);
  assert.deepEqual(dns.asked, []);
});

test("a bare domain goes where its SRV records say, by priority, each target by address; else 5060", async () => {
  const dns = dnsOf(
    {
      "_sip._udp.provider.example": [
        srv("backup.provider.example", 5062, 20, 0),
        srv("edge.provider.example", 5080, 10, 5),
      ],
      "_sip._tcp.provider.example": [srv("tcp.provider.example", 5090, 0, 0)],
    },
    { "edge.provider.example": ["198.51.100.10"], "backup.provider.example": ["198.51.100.20"] },
  );
  assert.deepEqual(await resolveTrunk({ host: "provider.example", port: null }, "udp", dns), [
    { host: "198.51.100.10", port: 5080 },
    { host: "198.51.100.20", port: 5062 },
  ]);
  assert.deepEqual(
    await resolveTrunk({ host: "provider.example", port: null }, "tcp", dns),
    [{ host: "tcp.provider.example", port: 5090 }],
    "a target without an A record: its name",
  );
  assert.deepEqual(await resolveTrunk({ host: "pbx.example", port: null }, "udp", dns), [
    { host: "pbx.example", port: 5060 },
  ]);
  const refused = dnsOf({ "_sip._udp.closed.example": [srv(".", 0, 0, 0)] }, {});
  assert.deepEqual(
    await resolveTrunk({ host: "closed.example", port: null }, "udp", refused),
    [{ host: "closed.example", port: 5060 }],
    "'.' says no service there",
  );
});

test("within a priority, targets are drawn by weight (RFC 2782)", () => {
  const records = [srv("a", 1, 0, 1), srv("b", 1, 0, 3), srv("low", 1, 1, 100)];
  const firsts = new Map<string, number>();
  let seed = 1;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  for (let i = 0; i < 4000; i++) {
    const order = srvOrder(records, random).map((r) => r.name);
    assert.equal(order.at(-1), "low", "a higher priority number always comes after");
    firsts.set(order[0]!, (firsts.get(order[0]!) ?? 0) + 1);
  }
  const share = firsts.get("b")! / 4000;
  // RFC 2782 draws 0..4 inclusive: 0 and 1 pick a, 2 to 4 pick b, so b leads 3 times in 5.
  assert.ok(Math.abs(share - 0.6) < 0.04, `weight 3 against 1 first in ${share} of the draws`);
  assert.deepEqual(
    srvOrder([srv("x", 1, 0, 0), srv("y", 1, 0, 0)], () => 0).map((r) => r.name),
    ["x", "y"],
  );
});

test("the trunk's domain in URIs keeps a port only when one was given", () => {
  assert.equal(trunkDomain({ host: "provider.example", port: null }), "provider.example");
  assert.equal(trunkDomain({ host: "provider.example", port: 5080 }), "provider.example:5080");
  assert.equal(trunkDomain({ host: "2001:db8::1", port: 5060 }), "[2001:db8::1]:5060");
});

/** A provider's DNS whose SRV answer a test changes, or makes fail as a server that does not answer. */
function changingDns(): SrvLookups & { answer: ReturnType<typeof srv>[] | "timeout" } {
  const dns = {
    answer: [] as ReturnType<typeof srv>[] | "timeout",
    resolveSrv: async () =>
      dns.answer === "timeout"
        ? Promise.reject(Object.assign(new Error("querySrv ETIMEOUT"), { code: "ETIMEOUT" }))
        : dns.answer,
    resolve4: (async (name: string) => [`198.51.100.${name.slice(1)}`]) as SrvLookups["resolve4"],
  };
  return dns;
}
const trunk = { host: "provider.example", port: null };
const settle = () => new Promise((r) => setImmediate(r));

test("a server that did not answer is tried last for a minute, then in its own place again", async () => {
  const dns = changingDns();
  dns.answer = [srv("s10", 5060, 10, 0), srv("s20", 5060, 20, 0), srv("s30", 5060, 30, 0)];
  let now = 0;
  const targets = createTrunkTargets(trunk, "udp", dns, () => now);
  const [a, b, c] = await targets.all();
  assert.deepEqual(await targets.ordered(), [a, b, c]);
  targets.failed(a!);
  now = 59_000;
  assert.deepEqual(await targets.ordered(), [b, c, a]);
  targets.failed(b!);
  assert.deepEqual(await targets.ordered(), [c, a, b], "still down ones keep their order among themselves");
  now = 61_000;
  assert.deepEqual(await targets.ordered(), [a, c, b]);
});

test("records are looked up again every 5 minutes in the background; a failed lookup keeps the last", async () => {
  const dns = changingDns();
  dns.answer = "timeout";
  let now = 0;
  const targets = createTrunkTargets(trunk, "udp", dns, () => now);
  assert.deepEqual(
    await targets.all(),
    [{ host: "provider.example", port: 5060 }],
    "DNS down at start: the domain itself",
  );
  dns.answer = [srv("s10", 5080, 10, 0)];
  now = 299_000;
  await targets.all();
  await settle();
  assert.deepEqual(await targets.all(), [{ host: "provider.example", port: 5060 }], "not yet asked again");
  now = 300_000;
  await targets.all();
  await settle();
  const found = await targets.all();
  assert.deepEqual(found, [{ host: "198.51.100.10", port: 5080 }]);
  assert.equal(await targets.all(), found, "the same list until a lookup answers anew");

  dns.answer = "timeout";
  now = 600_000;
  await targets.all();
  await settle();
  assert.deepEqual(await targets.all(), found, "a failed lookup keeps what the last one found");
  dns.answer = [srv("s20", 5060, 10, 0)];
  now = 900_000;
  await targets.all();
  await settle();
  assert.deepEqual(await targets.all(), [{ host: "198.51.100.20", port: 5060 }], "the provider moved its server");
});

test("a DNS server that fails is not 'no record': lookupTrunk throws; resolveTrunk uses the domain", async () => {
  const dns = changingDns();
  dns.answer = "timeout";
  await assert.rejects(lookupTrunk(trunk, "udp", dns), /ETIMEOUT/);
  assert.deepEqual(await resolveTrunk(trunk, "udp", dns), [{ host: "provider.example", port: 5060 }]);
});
