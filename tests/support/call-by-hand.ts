import assert from "node:assert/strict";
import { numbersInHoursNow } from "./in-hours-numbers.ts";
import type { TestApp, TestUser } from "./test-app.ts";
import { until } from "./until.ts";

type EndedCall<Row> = Row & { id: string; contactId: string; phone: string };

/**
 * Adds a contact who behaves as `persona` to the campaign, calls them by hand (POST /api/calls) and waits for
 * the call to end; answers the call's row. The number, the `numberIndex`th of a country where it is daytime now
 * (calls by hand keep to contact-local calling hours), must differ between calls of one test file. Whole calls
 * run in real time: `waitMs` only bounds a call that would otherwise never end.
 */
export async function callByHand<Row extends object>(
  t: TestApp,
  user: TestUser,
  campaignId: string,
  persona: string,
  { numberIndex, line = 2, waitMs = 120_000 }: { numberIndex: number; line?: number; waitMs?: number },
): Promise<EndedCall<Row>> {
  const phone = numbersInHoursNow(1, numberIndex)[0]!;
  const [contact] = await t.db.query<{ id: string }>(
    `insert into contacts (org_id, campaign_id, line_number, name, first_name, phone_e164, persona)
     values ($1, $2, $3, 'Maya Patel', 'Maya', $4, $5) returning id`,
    [user.orgId, campaignId, line, phone, persona],
  );
  const res = await t.request("POST", "/api/calls", { token: user.token, body: { campaign_id: campaignId, contact_id: contact!.id } });
  assert.equal(res.status, 202, res.text);
  const id = res.body.call.id as string;
  let row: (Row & { ended_at: Date | null }) | undefined;
  const ended = async () => {
    [row] = await t.db.query<Row & { ended_at: Date | null }>("select * from calls where id = $1", [id]);
    return Boolean(row?.ended_at);
  };
  await until(ended, { ms: waitMs, everyMs: 250, what: `the call to ${persona} ended` });
  return { ...row!, id, contactId: contact!.id, phone };
}
