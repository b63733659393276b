import assert from "node:assert/strict";
import { numbersInHoursNow } from "./in-hours-numbers.ts";
import type { TestApp, TestUser } from "./test-app.ts";
import { insertContact } from "./seed.ts";
import { until } from "./until.ts";

type EndedCall<Row> = Row & { id: string; contactId: string; phone: string };

/** Adds Maya Patel at `phone` to the campaign and calls her by hand (POST /api/calls); answers the call's id. */
export async function placeCallByHand(
  t: TestApp,
  user: Pick<TestUser, "orgId" | "token">,
  campaignId: string,
  c: { line: number; phone: string; persona?: string },
): Promise<{ id: string; contactId: string }> {
  const contactId = await insertContact(t.db, user.orgId, campaignId, {
    line_number: c.line,
    name: "Maya Patel",
    first_name: "Maya",
    phone_e164: c.phone,
    ...(c.persona ? { persona: c.persona } : {}),
  });
  const res = await t.request("POST", "/api/calls", {
    token: user.token,
    body: { campaign_id: campaignId, contact_id: contactId },
  });
  assert.equal(res.status, 202, res.text);
  return { id: res.body.call.id as string, contactId };
}

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
  const { id, contactId } = await placeCallByHand(t, user, campaignId, { line, phone, persona });
  let row: (Row & { ended_at: Date | null }) | undefined;
  const ended = async () => {
    [row] = await t.db.query<Row & { ended_at: Date | null }>("select * from calls where id = $1", [id]);
    return Boolean(row?.ended_at);
  };
  await until(ended, { ms: waitMs, everyMs: 250, what: `the call to ${persona} ended` });
  return { ...row!, id, contactId, phone };
}
