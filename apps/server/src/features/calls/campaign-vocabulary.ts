import type { Db } from "../../platform/db.ts";
import { callVocabulary, type VocabularySource } from "./call-context.ts";

/**
 * The vocabulary a call of this campaign would give its speech recognition (its first contact's first
 * name included), for `npm run transcribe --campaign`. Null when there is no such campaign.
 */
export async function campaignVocabulary(db: Db, campaignId: string): Promise<string[] | null> {
  const rows = await db.query<VocabularySource>(
    `select k.name as campaign_name, k.description, k.service, k.goal, k.faqs, o.name as org_name,
            coalesce(os.agent_name, '') as agent_name, coalesce(os.company_name, '') as company_name,
            coalesce((select ct.first_name from contacts ct where ct.campaign_id = k.id order by ct.line_number limit 1), '') as first_name,
            coalesce((select array_agg(left(p.heading || ' ' || p.text, 400)) from (
               select p.heading, p.text from kb_passages p join campaign_knowledge_bases b on b.document_id = p.document_id
                where b.campaign_id = k.id and p.org_id = k.org_id order by p.position limit 40) p), '{}') as kb_phrases
       from campaigns k
       join organizations o on o.id = k.org_id
       left join org_settings os on os.org_id = k.org_id
      where k.id::text = $1`,
    [campaignId],
  );
  return rows[0] ? callVocabulary(rows[0]) : null;
}
