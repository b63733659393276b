import assert from "node:assert/strict";
import crypto from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Db } from "../../platform/db.ts";
import { dbKinds, openTestDb } from "../../../../../tests/support/test-db.ts";
import { createTicketStore } from "./web-call-tickets.ts";

for (const kind of await dbKinds()) {
  describe(`WebSocket tickets on ${kind}`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    let holder: { orgId: string; userId: string; subject: string };
    before(async () => {
      ({ db, drop } = await openTestDb(kind));
      // A bare database, no server to sign up through: the organisation and user are written straight in.
      const [org] = await db.query<{ id: string }>(
        "insert into organizations (slug, name) values ('t', 'T') returning id",
      );
      const [user] = await db.query<{ id: string }>(
        "insert into users (email, username, first_name, last_name) values ('t@x.io', 't', 'T', 'T') returning id",
      );
      holder = { orgId: org!.id, userId: user!.id, subject: "camp-1" };
    });
    after(() => drop());

    test("a ticket admits its holder once, for its campaign only", async () => {
      const store = createTicketStore(db, { now: () => new Date() }, "test-call");
      const a = await store.issue(holder);
      assert.deepEqual(await store.redeem(a, "camp-1"), holder);
      assert.equal(await store.redeem(a, "camp-1"), null);
      const b = await store.issue(holder);
      assert.equal(await store.redeem(b, "camp-2"), null);
      assert.equal(await store.redeem(b, "camp-1"), null, "a refused attempt spends the ticket too");
      assert.notEqual(await store.issue(holder), await store.issue(holder));
    });

    test("a ticket issued by one process is redeemed by another, and only the hash is stored", async () => {
      const clock = { now: () => new Date() };
      const issuer = createTicketStore(db, clock, "listen");
      const other = createTicketStore(db, clock, "listen");
      const t = await issuer.issue({ ...holder, subject: "call-1" });
      const rows = await db.query<{ ticket_hash: Uint8Array }>(
        "select ticket_hash from socket_tickets where subject = 'call-1'",
      );
      assert.deepEqual(Buffer.from(rows[0]!.ticket_hash), crypto.createHash("sha256").update(t).digest());
      // Two processes racing on one ticket: exactly one wins.
      const wins = await Promise.all([other.redeem(t, "call-1"), issuer.redeem(t, "call-1")]);
      assert.equal(wins.filter(Boolean).length, 1);
    });

    test("a test-call ticket does not open a listening socket", async () => {
      const clock = { now: () => new Date() };
      const t = await createTicketStore(db, clock, "test-call").issue(holder);
      assert.equal(await createTicketStore(db, clock, "listen").redeem(t, "camp-1"), null);
      assert.deepEqual(await createTicketStore(db, clock, "test-call").redeem(t, "camp-1"), holder);
    });

    test("a ticket expires after its lifetime, and expired tickets are swept", async () => {
      let now = Date.parse("2026-01-01T00:00:00Z");
      const store = createTicketStore(db, { now: () => new Date(now) }, "test-call", 60);
      const a = await store.issue(holder);
      now += 59_999;
      const b = await store.issue(holder);
      assert.deepEqual(await store.redeem(a, "camp-1"), holder);
      now += 60_000;
      assert.equal(await store.redeem(b, "camp-1"), null);
      await store.issue(holder);
      const [left] = await db.query<{ n: number }>(
        "select count(*)::int as n from socket_tickets where expires_at <= $1",
        [new Date(now)],
      );
      assert.equal(left!.n, 0, "expired tickets are gone");
    });
  });
}
