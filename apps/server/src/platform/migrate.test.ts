import assert from "node:assert/strict";
import { test } from "node:test";
import { splitStatements } from "./migrate.ts";

test("splits on line-ending semicolons, skips comment lines, keeps dollar-quoted bodies whole", () => {
  const sql = [
    "-- a comment; with a semicolon",
    "create table a (x int);",
    "create function f() returns int as $$",
    "  select 1;",
    "$$ language sql;",
    "insert into a values (1); ",
  ].join("\n");
  const parts = splitStatements(sql);
  assert.equal(parts.length, 3);
  assert.match(parts[1]!, /select 1;\n\$\$ language sql;/);
});
