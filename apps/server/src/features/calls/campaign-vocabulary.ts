import type { Db } from "../../platform/db.ts";
import { callVocabulary } from "./call-context.ts";
import { createCallsRepo } from "./calls.repo.ts";

/**
 * The vocabulary a call of this campaign would give its speech recognition, for
 * `npm run transcribe --campaign`. Null: no such campaign.
 */
export async function campaignVocabulary(db: Db, campaignId: string): Promise<string[] | null> {
  const source = await createCallsRepo(db).vocabularySource(campaignId);
  return source ? callVocabulary(source) : null;
}
