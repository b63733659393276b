import assert from "node:assert/strict";
import { test } from "node:test";
import { defaultCampaignForm } from "./campaign-form.ts";
import { clearDraft, draftKey, loadDraft, saveDraft, type DraftStore } from "./campaign-draft.ts";

const memory = (): DraftStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};
const key = draftKey("acme", "ana@example.com");

test("a typed name, opening line and chosen knowledge base come back as they were", () => {
  const store = memory();
  const initial = defaultCampaignForm();
  const values = {
    ...initial,
    campaignName: "Spring outreach",
    customFaqs: {
      opening_line: "Hi {first_name}",
      goal: "Book a demo",
      pairs: [{ question: "Price?", answer: "Ten" }],
    },
    timeGap: 6,
  };
  const draft = { values, knowledgeBaseIds: ["kb-1"], campaignId: null, contactFileName: "leads.csv" };
  saveDraft(store, key, draft, initial);
  assert.deepEqual(loadDraft(store, key), draft);
});

test("an untouched form keeps nothing, and an emptied one forgets the earlier draft", () => {
  const store = memory();
  const initial = defaultCampaignForm();
  saveDraft(
    store,
    key,
    { values: { ...initial, campaignName: "x" }, knowledgeBaseIds: [], campaignId: null, contactFileName: null },
    initial,
  );
  assert.equal(store.map.size, 1);
  saveDraft(store, key, { values: initial, knowledgeBaseIds: [], campaignId: null, contactFileName: null }, initial);
  assert.equal(store.map.size, 0);
  assert.equal(loadDraft(store, key), null);
});

test("a draft saved on the server is kept by its id even with nothing else changed", () => {
  const store = memory();
  const initial = defaultCampaignForm();
  saveDraft(store, key, { values: initial, knowledgeBaseIds: [], campaignId: "c-9", contactFileName: null }, initial);
  assert.equal(loadDraft(store, key)?.campaignId, "c-9");
  clearDraft(store, key);
  assert.equal(loadDraft(store, key), null);
});

test("a broken or foreign stored value reads as no draft, wrong field types fall back to the defaults", () => {
  const store = memory();
  store.setItem(key, "{not json");
  assert.equal(loadDraft(store, key), null);
  store.setItem(key, JSON.stringify({ values: "nope" }));
  assert.equal(loadDraft(store, key), null);
  store.setItem(key, JSON.stringify({ values: { campaignName: 42, maxAttempts: 7, customFaqs: null, extra: 1 } }));
  const draft = loadDraft(store, key);
  assert.equal(draft?.values.campaignName, "");
  assert.equal(draft?.values.maxAttempts, 7);
  assert.deepEqual(draft?.values.customFaqs, defaultCampaignForm().customFaqs);
  assert.equal("extra" in (draft?.values ?? {}), false);
});

test("drafts of two people or two organisations in one tab are kept apart", () => {
  assert.notEqual(draftKey("acme", "a"), draftKey("acme", "b"));
  assert.notEqual(draftKey("acme", "a"), draftKey("other", "a"));
});

test("a storage that refuses to write does not break the form", () => {
  const initial = defaultCampaignForm();
  const full: DraftStore = {
    getItem: () => null,
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
    removeItem: () => undefined,
  };
  saveDraft(
    full,
    key,
    { values: { ...initial, campaignName: "x" }, knowledgeBaseIds: [], campaignId: null, contactFileName: null },
    initial,
  );
});
