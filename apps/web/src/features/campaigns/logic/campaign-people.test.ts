import assert from "node:assert/strict";
import { test } from "node:test";
import { campaignPeopleLine } from "./campaign-people.ts";

const at = "2026-11-25T21:40:00.000Z";

test("names who created and who last changed the campaign, with when", () => {
  assert.equal(
    campaignPeopleLine({ created_by_name: "Ada Lovelace", updated_by_name: "Grace Hopper", updated_at: at }, "UTC"),
    "Created by Ada Lovelace · Changed by Grace Hopper, 25-11-2026 21:40",
  );
});

test("an unknown person is left out, the time of the change stays", () => {
  assert.equal(
    campaignPeopleLine({ created_by_name: null, updated_by_name: null, updated_at: at }, "Australia/Sydney"),
    "Changed 26-11-2026 08:40",
  );
  assert.equal(campaignPeopleLine({ created_by_name: "Ada Lovelace" }, "UTC"), "Created by Ada Lovelace");
  assert.equal(campaignPeopleLine({}, "UTC"), "");
});
