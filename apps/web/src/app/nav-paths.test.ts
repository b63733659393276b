/// <reference types="node" />
import assert from "node:assert/strict";
import { test } from "node:test";
import { isActive, screenOf } from "./nav-paths.ts";

const MENU: Record<string, { path: string; also?: string[] }> = {
  Dashboard: { path: "dashboard" },
  Campaigns: { path: "campaigns", also: ["campaign-setup"] },
  "Knowledge base": { path: "knowledge-base", also: ["create-knowledge-base"] },
};
const item = (label: string) => MENU[label]!;

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
