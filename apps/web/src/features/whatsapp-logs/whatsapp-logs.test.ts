/// <reference types="node" />
import { test } from "node:test";
import assert from "node:assert/strict";
import type { WhatsAppContact, WhatsAppMessage } from "@parley/shared/whatsapp";
import { CACHE_TTL_MS, createContactsCache } from "./contacts-cache.ts";
import { groupByDay, matchesContact, shortDate, time12 } from "./whatsapp-display.ts";

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

test("dates read dd/mm/yy and times on a 12-hour clock", () => {
  assert.equal(shortDate(new Date(2026, 2, 4, 15, 7).toISOString()), "04/03/26");
  assert.equal(shortDate(null), "");
  assert.equal(time12(new Date(2026, 2, 4, 15, 7).toISOString()), "3:07 PM");
  assert.equal(time12(new Date(2026, 2, 4, 0, 5).toISOString()), "12:05 AM");
  assert.equal(time12(new Date(2026, 2, 4, 12, 0).toISOString()), "12:00 PM");
});

test("messages group under one date line per day", () => {
  const m = (id: string, d: Date): WhatsAppMessage => ({
    id,
    role: "user",
    content: id,
    timestamp: d.toISOString(),
    status: null,
  });
  const now = new Date(2026, 2, 5, 10, 0);
  const groups = groupByDay(
    [
      m("a", new Date(2026, 2, 1, 9)),
      m("b", new Date(2026, 2, 1, 23)),
      m("c", new Date(2026, 2, 4, 8)),
      m("d", new Date(2026, 2, 5, 7)),
    ],
    now,
  );
  assert.deepEqual(
    groups.map((g) => [g.label, g.messages.map((x) => x.id).join("")]),
    [
      ["Sun, 1 Mar 2026", "ab"],
      ["Yesterday", "c"],
      ["Today", "d"],
    ],
  );
});

test("search matches name, number with or without formatting, and the last message", () => {
  assert.ok(matchesContact(contact(), "maya"));
  assert.ok(matchesContact(contact(), "(415) 555"));
  assert.ok(matchesContact(contact(), "LATE"));
  assert.ok(!matchesContact(contact(), "oliver"));
  assert.ok(matchesContact(contact(), "  "));
});
