/// <reference types="node" />
import assert from "node:assert/strict";
import { test } from "node:test";
import { NAV_ITEMS, isActive, screenOf } from "./nav-items.tsx";

const item = (label: string) => NAV_ITEMS.find((i) => i.label === label)!;

test("screenOf reads org-prefixed and bare paths", () => {
  assert.equal(screenOf("/org/acme/campaigns"), "campaigns");
  assert.equal(screenOf("/campaign-setup"), "campaign-setup");
  assert.equal(screenOf("/org/acme"), "");
});

test("Campaigns stays highlighted on campaign setup; others only on their own screen", () => {
  assert.ok(isActive(item("Campaigns"), "/org/acme/campaign-setup"));
  assert.ok(isActive(item("Campaigns"), "/campaigns"));
  assert.ok(!isActive(item("Dashboard"), "/org/acme/campaigns"));
  assert.ok(isActive(item("Knowledge base"), "/org/acme/create-knowledge-base"));
});
