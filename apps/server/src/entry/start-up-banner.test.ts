import assert from "node:assert/strict";
import { test } from "node:test";
import { postgresWhere, startUpBanner } from "./start-up-banner.ts";

test("a fresh start shows the address, the demo sign-in with its password, and the data folder", () => {
  const text = startUpBanner({
    url: "http://localhost:3000",
    demo: { username: "demo", email: "demo@parley.local", password: "WsQCl9lXIuEQ" },
    data: { kind: "pglite", dataDir: "/srv/parley/data" },
    logLevel: "info",
  });
  assert.match(text, /Parley is running: http:\/\/localhost:3000\n/);
  assert.match(text, /Email or Username {2}demo {3}\(or demo@parley\.local\)/);
  assert.match(text, /Password {11}WsQCl9lXIuEQ/);
  assert.match(text, /Data: \/srv\/parley\/data \(embedded database/);
  assert.match(text, /LOG_LEVEL=debug/);
});

test("a later start has no sign-in lines; PostgreSQL is named without its password", () => {
  const text = startUpBanner({
    url: "https://calls.example.com",
    demo: null,
    data: { kind: "postgres", where: postgresWhere("postgres://parley:s3cret@db.internal:5432/parley") },
    logLevel: "debug",
  });
  assert.doesNotMatch(text, /Password|s3cret|LOG_LEVEL/);
  assert.match(text, /Data: PostgreSQL at db\.internal:5432\/parley/);
});

test("every line of the box fits inside its rules", () => {
  const lines = startUpBanner({
    url: "http://localhost:3000",
    demo: { username: "demo", email: "demo@parley.local", password: "x" },
    data: { kind: "pglite", dataDir: "/d" },
    logLevel: "info",
  })
    .split("\n")
    .filter(Boolean);
  const width = lines[0]!.length;
  assert.equal(lines.at(-1)!.length, width);
  for (const l of lines.slice(1, -1)) assert.ok(l.length <= width, l);
});
