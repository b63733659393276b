import { unknownVariables, unknownVariablesMessage } from "@parley/shared/template-variables";
import type { CampaignFaqs } from "@parley/shared/campaigns";
import type { Queryable } from "../../platform/db.ts";
import { validationError } from "../../http/errors.ts";

// Every contact has these, whatever its list's headers were.
const CONTACT_FIELDS = ["name", "phone", "email"];

/** The texts the agent speaks, where a contact variable may appear. */
const spokenTexts = (f: CampaignFaqs) => [f.opening_line, f.goal, ...f.faqs.flatMap((p) => [p.question, p.answer])];

/**
 * Refuses a save whose spoken texts use a variable no column of the campaign's contact list provides,
 * naming the ones that exist. A campaign without a list yet is not checked: its columns are unknown.
 */
export async function checkVariables(q: Queryable, campaignId: string, faqs: CampaignFaqs): Promise<void> {
  const texts = spokenTexts(faqs);
  if (!texts.some((t) => t.includes("{"))) return;
  const [list] = await q.query<{ listed: boolean }>(
    "select exists (select 1 from contacts where campaign_id = $1) as listed",
    [campaignId],
  );
  if (!list?.listed) return;
  const rows = await q.query<{ key: string }>(
    "select distinct jsonb_object_keys(variables) as key from contacts where campaign_id = $1 order by 1",
    [campaignId],
  );
  const columns = [...CONTACT_FIELDS, ...rows.map((r) => r.key)];
  const unknown = unknownVariables(texts, columns);
  if (unknown.length) throw validationError([{ path: "faqs", message: unknownVariablesMessage(unknown, columns) }]);
}
