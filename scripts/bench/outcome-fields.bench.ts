import type { OutcomeAnswer } from "../../packages/shared/src/outcome-fields.ts";
import { callByHand } from "../../tests/support/call-by-hand.ts";
import { QUALIFIER_SAID, QUALIFYING_FIELDS } from "../../tests/support/qualifying-personas.ts";
import { buildUser, startTestApp } from "../../tests/support/test-app.ts";
import { load } from "./bench-app.ts";

/**
 * Qualifying answers over the real audio path: whole calls on the simulated carrier with the offline voices (flite
 * speaks the persona, pocketsphinx hears it, the rules agent asks the campaign's questions), the "qualifier" persona
 * answering each and the "dodger" dodging each. Per field type: right (the value said, or nothing kept for a dodge),
 * wrong (another value: what must never happen), not answered (an answer said but not kept). Calls run in real time:
 * BENCH_QUALIFYING_CALLS (default 2) calls of each persona, about a minute each.
 */
const CALLS = Number(process.env.BENCH_QUALIFYING_CALLS ?? 2);

type Tally = { right: number; wrong: number; notAnswered: number };

export async function run(): Promise<void> {
  const t = await startTestApp("pglite", { warmRecognizers: true, env: { SIMULATED_RING_MS: "300" } });
  try {
    const owner = await buildUser(t);
    const [c] = await t.db.query<{ id: string }>(
      `insert into campaigns (org_id, name, service, status, timezone, business_hours_start, business_hours_end, faqs)
       values ($1, 'Growth audit', 'marketing audits', 'draft', 'UTC', '09:00', '17:00', '[]') returning id`,
      [owner.orgId],
    );
    const campaignId = c!.id;
    await t.request("PUT", `/api/campaigns/${campaignId}/outcome-fields`, {
      token: owner.token,
      body: { fields: QUALIFYING_FIELDS },
    });
    const tallies = new Map<string, Tally>();
    const wrongs: string[] = [];
    let line = 2;
    for (const persona of ["qualifier", "dodger"]) {
      for (let i = 0; i < CALLS; i++) {
        const r = await callByHand(t, owner, campaignId, persona, { numberIndex: 200 + line, line, waitMs: 300_000 });
        line++;
        const detail = await t.request("GET", `/api/call-history/${r.id}`, { token: owner.token });
        const answers = (detail.body.call.outcome_fields?.answers ?? []) as OutcomeAnswer[];
        for (const a of answers) {
          const row = `${a.type}, ${persona === "qualifier" ? "answered" : "dodged"}`;
          const tally = tallies.get(row) ?? { right: 0, wrong: 0, notAnswered: 0 };
          const said = persona === "qualifier" ? QUALIFIER_SAID[a.key] : null;
          if (!a.answered) said === null ? tally.right++ : tally.notAnswered++;
          else if (a.value === said) tally.right++;
          else {
            tally.wrong++;
            wrongs.push(`${row}: "${a.utterance}" kept as ${JSON.stringify(a.value)}`);
          }
          tallies.set(row, tally);
        }
      }
    }
    console.log(`${CALLS} call(s) per persona, ${load()}`);
    console.log("| field type, callee | right | wrong | not answered |\n| --- | --- | --- | --- |");
    for (const [row, x] of [...tallies].sort()) console.log(`| ${row} | ${x.right} | ${x.wrong} | ${x.notAnswered} |`);
    for (const w of wrongs) console.log(`wrong: ${w}`);
  } finally {
    await t.close();
  }
}
