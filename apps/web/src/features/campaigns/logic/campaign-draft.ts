import { defaultCampaignForm, type CampaignFormValues } from "./campaign-form.ts";

/**
 * A new campaign's unsaved work, kept in the tab's session storage while the form is open, so leaving for
 * "create one" (a knowledge base) or reloading the page loses nothing. Session storage, not local: it ends
 * with the tab, so a shared computer does not show the next person someone else's draft.
 */
export type CampaignDraft = {
  values: CampaignFormValues;
  /** Knowledge base items chosen in the picker. */
  knowledgeBaseIds: string[];
  /** A draft already saved on the server from this form ("Save as draft"): later saves update it. */
  campaignId: string | null;
  /** The contact list file chosen, by name: a browser cannot keep the file itself, so it is asked for again. */
  contactFileName: string | null;
};

/** The part of Storage the draft needs (sessionStorage in the browser, a Map in tests). */
export type DraftStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const draftKey = (orgSlug: string, userKey: string) => `parley.campaignDraft.${orgSlug}.${userKey}`;

/** Whether the form holds anything worth keeping: a change from where it started, or a knowledge base chosen. */
export function worthKeeping(draft: CampaignDraft, initial: CampaignFormValues): boolean {
  return (
    draft.campaignId !== null ||
    draft.contactFileName !== null ||
    draft.knowledgeBaseIds.length > 0 ||
    JSON.stringify(draft.values) !== JSON.stringify(initial)
  );
}

export function saveDraft(store: DraftStore, key: string, draft: CampaignDraft, initial: CampaignFormValues): void {
  try {
    if (worthKeeping(draft, initial)) store.setItem(key, JSON.stringify(draft));
    else store.removeItem(key);
  } catch {
    // A full or disabled storage: the form works on, only the draft is not kept.
  }
}

export function clearDraft(store: DraftStore, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // nothing kept, nothing to clear
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === "string") : []);

/** Stored fields of the form's own types over the defaults: a draft from an older build never breaks the form. */
function readValues(stored: Record<string, unknown>): CampaignFormValues {
  const values = defaultCampaignForm();
  const out = values as Record<string, unknown>;
  for (const [name, fallback] of Object.entries(values)) {
    const v = stored[name];
    if (name === "customFaqs") continue;
    if (typeof v === typeof fallback) out[name] = v;
  }
  const faqs = stored.customFaqs;
  if (isRecord(faqs) && typeof faqs.opening_line === "string" && typeof faqs.goal === "string") {
    const pairs = Array.isArray(faqs.pairs) ? faqs.pairs.filter(isRecord) : [];
    values.customFaqs = {
      opening_line: faqs.opening_line,
      goal: faqs.goal,
      pairs: pairs.map((p) => ({ question: String(p.question ?? ""), answer: String(p.answer ?? "") })),
    };
  }
  return values;
}

/** The draft kept for this form, or null when none (or one that cannot be read). */
export function loadDraft(store: DraftStore, key: string): CampaignDraft | null {
  let parsed: unknown;
  try {
    const raw = store.getItem(key);
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.values)) return null;
  return {
    values: readValues(parsed.values),
    knowledgeBaseIds: strings(parsed.knowledgeBaseIds),
    campaignId: typeof parsed.campaignId === "string" ? parsed.campaignId : null,
    contactFileName: typeof parsed.contactFileName === "string" ? parsed.contactFileName : null,
  };
}
