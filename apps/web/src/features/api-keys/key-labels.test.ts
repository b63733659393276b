import assert from "node:assert/strict";
import { test } from "node:test";
import type { ApiKey } from "@parley/shared/api-keys";
import { keyHistory, keyStopped } from "./key-labels.ts";

const key: ApiKey = {
  id: "k1",
  name: "CRM",
  scope: "read",
  prefix: "pk_live_AbCd",
  created_at: "2026-11-25T12:00:00.000Z",
  created_by_name: "Sam Rivera",
  created_by_is_member: true,
  last_used_at: null,
  revoked_at: null,
};

test("a key's history names its creator and says when it was last used, or that it never was", () => {
  assert.equal(keyHistory(key, "Europe/Berlin"), "Created Nov 25, 2026, 1:00 PM by Sam Rivera · never used");
  const used = { ...key, created_by_name: null, last_used_at: "2026-11-25T13:30:00.000Z" };
  assert.equal(
    keyHistory(used, "Asia/Tokyo"),
    "Created Nov 25, 2026, 9:00 PM · last used Nov 25, 2026, 10:30 PM",
    "on the viewer's clock",
  );
});

test("a key whose creator left the team says it stopped, naming them; a revoked one says nothing more", () => {
  assert.equal(keyStopped(key), null);
  assert.equal(keyStopped({ ...key, created_by_is_member: false }), "Stopped: Sam Rivera left the team");
  assert.equal(keyStopped({ ...key, created_by_is_member: false, revoked_at: "2026-11-25T13:30:00.000Z" }), null);
});
