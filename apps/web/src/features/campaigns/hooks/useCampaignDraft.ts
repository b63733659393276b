import { useEffect, useMemo } from "react";
import { session } from "../../../lib/session.ts";
import { useCurrentUser } from "../../../lib/useCurrentUser.ts";
import type { CampaignFormValues } from "../logic/campaign-form.ts";
import { clearDraft, draftKey, loadDraft, saveDraft, type CampaignDraft } from "../logic/campaign-draft.ts";

/** The draft kept for the signed-in user's new campaign in this organisation, read once when the form opens. */
export function useKeptDraft(enabled: boolean) {
  const user = useCurrentUser({ enabled });
  const key = user.data ? draftKey(session.orgSlug(), user.data.id) : null;
  // Read when the key is first known (the user loaded); the form takes it once, as it mounts.
  const draft = useMemo(() => (key ? loadDraft(sessionStorage, key) : null), [key]);
  return { key, draft };
}

/**
 * Keeps the new campaign's work as it is typed (create mode only); a campaign that left draft (launched) is
 * forgotten, since the server has it.
 */
export function usePersistDraft(
  key: string | null,
  draft: CampaignDraft,
  initial: CampaignFormValues,
  savedStatus: string | null,
) {
  const text = JSON.stringify(draft);
  useEffect(() => {
    if (!key) return;
    if (savedStatus !== null && savedStatus !== "draft") clearDraft(sessionStorage, key);
    else saveDraft(sessionStorage, key, JSON.parse(text) as CampaignDraft, initial);
  }, [key, text, initial, savedStatus]);
}
