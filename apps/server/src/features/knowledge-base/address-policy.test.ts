import { test } from "node:test";
import assert from "node:assert/strict";
import { blockedAddressReason, isPublicAddress } from "./address-policy.ts";

test("refuses loopback, private, link-local, metadata, unspecified and mapped addresses", () => {
  const refused = [
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "169.254.0.1",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "[fe80::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1",
    "ff02::1",
  ];
  for (const a of refused) assert.equal(isPublicAddress(a), false, a);
  assert.equal(blockedAddressReason("localhost"), "not an IP address");
});

test("allows public addresses, including neighbours of the private ranges", () => {
  for (const a of [
    "93.184.216.34",
    "8.8.8.8",
    "172.15.255.255",
    "172.32.0.1",
    "192.169.0.1",
    "11.0.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
  ]) {
    assert.equal(isPublicAddress(a), true, a);
  }
});
