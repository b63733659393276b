import assert from "node:assert/strict";
import { test } from "node:test";
import type { ContactListCheck } from "@parley/shared/campaign-preview";
import { greetingDraftState, LIST_FAILED, NO_LIST_YET, NO_ONE_TO_GREET, type ListSource } from "./greeting-draft.ts";

const ana = {
  name: "Ana Lima",
  first_name: "Ana",
  last_name: "Lima",
  phone: "+447911100001",
  variables: { company: "Lima Bakery" },
};
const checked = (first: ContactListCheck["first_contact"]): ContactListCheck => ({
  contact_count: first ? 1 : 0,
  rejected_count: 0,
  rejected_rows: [],
  duplicates_merged: 0,
  columns: ["name", "phone"],
  variables: ["name"],
  first_contact: first,
  empty_variables: {},
});
const list = (
  p: Partial<ListSource> & { data?: ContactListCheck; pending?: boolean; failed?: boolean },
): ListSource => ({
  fileChosen: p.fileChosen ?? false,
  campaignId: p.campaignId ?? null,
  check: { pending: p.pending ?? false, data: p.data, failed: p.failed ?? false },
});

test("a checked file: the typed line for its first contact (and the saved campaign, for its voice)", () => {
  assert.deepEqual(greetingDraftState("  Hi {name}!  ", list({ fileChosen: true, data: checked(ana) })), {
    kind: "ready",
    draft: { opening_line: "Hi {name}!", contact: ana },
  });
  assert.deepEqual(greetingDraftState("Hi", list({ fileChosen: true, data: checked(ana), campaignId: "c1" })), {
    kind: "ready",
    draft: { opening_line: "Hi", campaign_id: "c1", contact: ana },
  });
});

test("a file being checked, unreadable, or without a usable row", () => {
  assert.deepEqual(greetingDraftState("Hi", list({ fileChosen: true, pending: true, campaignId: "c1" })), {
    kind: "checking",
  });
  assert.deepEqual(greetingDraftState("Hi", list({ fileChosen: true, failed: true, campaignId: "c1" })), {
    kind: "blocked",
    message: LIST_FAILED,
  });
  assert.deepEqual(greetingDraftState("Hi", list({ fileChosen: true, data: checked(null) })), {
    kind: "blocked",
    message: NO_ONE_TO_GREET,
  });
});

test("no new file: the saved campaign's first contact, else nothing to preview yet", () => {
  assert.deepEqual(greetingDraftState("Hello", list({ campaignId: "c1" })), {
    kind: "ready",
    draft: { opening_line: "Hello", campaign_id: "c1" },
  });
  assert.deepEqual(greetingDraftState("Hello", list({})), { kind: "blocked", message: NO_LIST_YET });
});

test("an opening line over the limit is previewed as far as it can be saved", () => {
  const state = greetingDraftState("a".repeat(1200), list({ campaignId: "c1" }));
  assert.equal(state.kind === "ready" && state.draft.opening_line.length, 1000);
});
