import type { ContactListCheck, GreetingDraft } from "@parley/shared/campaign-preview";

/** The server's limit on an opening line; a longer one is previewed as far as it will be saved. */
const OPENING_LINE_MAX = 1000;

/** Where the contact list stands on the setup screen, as far as the greeting preview cares. */
export type ListSource = {
  /** A new file was chosen (its check decides who is greeted). */
  fileChosen: boolean;
  check: { pending: boolean; data: ContactListCheck | undefined; failed: boolean };
  /** The saved campaign (its first contact is greeted when no new file was chosen). */
  campaignId: string | null;
};

/** A draft to preview, or why there is none yet: the check is running, or there is no one to greet. */
export type GreetingDraftState =
  | { kind: "ready"; draft: GreetingDraft }
  | { kind: "checking" }
  | { kind: "blocked"; message: string };

export const NO_LIST_YET = "Choose a contact list (Upload CSV File) to see and hear what its first contact will hear.";
export const LIST_FAILED = "The chosen file could not be read: see the contact list above.";
export const NO_ONE_TO_GREET = "No row of the chosen file has a usable phone number, so there is no one to greet yet.";

/**
 * The greeting preview of the form as it is now: the opening line being typed, for the first contact of the
 * file just checked, else of the saved campaign (the server answers when it has no list either).
 */
export function greetingDraftState(openingLine: string, list: ListSource): GreetingDraftState {
  const opening_line = openingLine.trim().slice(0, OPENING_LINE_MAX);
  const saved = list.campaignId ? { campaign_id: list.campaignId } : {};
  if (list.fileChosen) {
    if (list.check.pending) return { kind: "checking" };
    if (list.check.failed || !list.check.data) return { kind: "blocked", message: LIST_FAILED };
    const contact = list.check.data.first_contact;
    if (!contact) return { kind: "blocked", message: NO_ONE_TO_GREET };
    return { kind: "ready", draft: { opening_line, ...saved, contact } };
  }
  if (!list.campaignId) return { kind: "blocked", message: NO_LIST_YET };
  return { kind: "ready", draft: { opening_line, campaign_id: list.campaignId } };
}
