/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { WhatsAppContact, WhatsAppMessage } from "@parley/shared/whatsapp";
import { CACHE_TTL_MS, createContactsCache } from "./contacts-cache.ts";
import { groupByDay, matchesContact, shortDate } from "./whatsapp-display.ts";

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};
const contact = (over: Partial<WhatsAppContact> = {}): WhatsAppContact => ({
  phone: "+14155550142",
  name: "Maya Chen",
  email: null,
  company: null,
  last_message: "Running late",
  last_message_time: null,
  last_message_type: "user",
  unreadCount: 0,
  avatar: null,
  ...over,
});

test("the cache is fresh for 5 minutes, then only a fallback, and separate per organisation", () => {
  let clock = 1_000_000;
  const store = memory();
  const cache = createContactsCache(store, "acme", () => clock);
  cache.save([contact()]);
  clock += CACHE_TTL_MS - 1;
  assert.equal(cache.fresh()?.length, 1);
  clock += 1;
  assert.equal(cache.fresh(), null);
  assert.equal(cache.any()?.length, 1);
  assert.equal(createContactsCache(store, "other", () => clock).any(), null);
  cache.clear();
  assert.equal(cache.any(), null);
  store.setItem("whatsappLogs:acme", "{not json");
  assert.equal(cache.any(), null);
});

test("dates read dd/mm/yy on the viewer's clock", () => {
  assert.equal(shortDate("2026-03-04T15:07:00Z", "Europe/London"), "04/03/26");
  assert.equal(shortDate("2026-03-04T15:07:00Z", "Pacific/Auckland"), "05/03/26");
  assert.equal(shortDate(null, "UTC"), "");
});

test("messages group under one date line per day", () => {
  const m = (id: string, d: Date): WhatsAppMessage => ({
    id,
    role: "user",
    content: id,
    timestamp: d.toISOString(),
    status: null,
  });
  const now = new Date("2026-03-05T10:00:00Z");
  const list = [
    m("a", new Date("2026-03-01T09:00:00Z")),
    m("b", new Date("2026-03-01T23:00:00Z")),
    m("c", new Date("2026-03-04T08:00:00Z")),
    m("d", new Date("2026-03-05T07:00:00Z")),
  ];
  const lines = (zone: string) =>
    groupByDay(list, zone, now).map((g) => [g.label, g.messages.map((x) => x.id).join("")]);
  assert.deepEqual(lines("UTC"), [
    ["Sunday, March 1, 2026", "ab"],
    ["Yesterday", "c"],
    ["Today", "d"],
  ]);
  // In Berlin 23:00 UTC is already Monday: the days are the viewer's, not the machine's.
  assert.deepEqual(lines("Europe/Berlin"), [
    ["Sunday, March 1, 2026", "a"],
    ["Monday, March 2, 2026", "b"],
    ["Yesterday", "c"],
    ["Today", "d"],
  ]);
});

test("search matches name, number with or without formatting, and the last message", () => {
  assert.ok(matchesContact(contact(), "maya"));
  assert.ok(matchesContact(contact(), "(415) 555"));
  assert.ok(matchesContact(contact(), "LATE"));
  assert.ok(!matchesContact(contact(), "oliver"));
  assert.ok(matchesContact(contact(), "  "));
});
