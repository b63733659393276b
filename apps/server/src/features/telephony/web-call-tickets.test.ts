import { test } from "node:test";
import assert from "node:assert/strict";
import { createTicketStore } from "./web-call-tickets.ts";

const holder = { orgId: "org-1", userId: "user-1", subject: "camp-1" };

test("a ticket admits its holder once, for its campaign only", () => {
  const store = createTicketStore({ now: () => new Date(0) });
  const a = store.issue(holder);
  assert.deepEqual(store.redeem(a, "camp-1"), holder);
  assert.equal(store.redeem(a, "camp-1"), null);
  const b = store.issue(holder);
  assert.equal(store.redeem(b, "camp-2"), null);
  assert.equal(store.redeem(b, "camp-1"), null, "a refused attempt spends the ticket too");
  assert.notEqual(store.issue(holder), store.issue(holder));
});

test("a ticket expires after its lifetime, and expired tickets are swept", () => {
  let now = 0;
  const store = createTicketStore({ now: () => new Date(now) }, 60);
  const a = store.issue(holder);
  now = 59_999;
  const b = store.issue(holder);
  assert.deepEqual(store.redeem(a, "camp-1"), holder);
  now = 59_999 + 60_000;
  assert.equal(store.redeem(b, "camp-1"), null);
});
