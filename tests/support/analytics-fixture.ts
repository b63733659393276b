import crypto from "node:crypto";
import type { Queryable } from "../../apps/server/src/platform/db.ts";

/** The clock every figure below is computed against: 20:00 UTC on 31 March 2026 is already 01:30 on 1 April in Kolkata. */
export const FIXTURE_NOW = new Date("2026-03-31T20:00:00Z");

type SeedCall = {
  campaign: "spring" | "other"; contact: number; startedAt: string; secs: number; outcome: string;
  sentiment: string | null; answered: boolean; charged: boolean; latency?: { endOfSpeech: number; firstFrameSent: number }[];
};

/**
 * An organisation with known answers (see the tests): voice campaign "Spring" (voice test-voice, 4
 * contacts), voice campaign "Other" (no voice, 1 contact), email campaign "Promo" (1 contact), six ended
 * calls from February to the last hours of March, and a balance of 997 minutes after 3 charged minutes.
 */
export const FIXTURE_CALLS: SeedCall[] = [
  { campaign: "spring", contact: 0, startedAt: "2026-03-31T19:00:00Z", secs: 120, outcome: "scheduled", sentiment: "positive", answered: true, charged: true,
    latency: [{ endOfSpeech: 1000, firstFrameSent: 1600 }, { endOfSpeech: 5000, firstFrameSent: 5800 }] },
  { campaign: "spring", contact: 1, startedAt: "2026-03-31T10:00:00Z", secs: 60, outcome: "interested", sentiment: "neutral", answered: true, charged: true,
    latency: [{ endOfSpeech: 2000, firstFrameSent: 2400 }] },
  { campaign: "spring", contact: 2, startedAt: "2026-03-30T10:00:00Z", secs: 0, outcome: "no_answer", sentiment: null, answered: false, charged: false },
  { campaign: "spring", contact: 3, startedAt: "2026-03-15T10:00:00Z", secs: 30, outcome: "voicemail", sentiment: null, answered: true, charged: false },
  { campaign: "spring", contact: 1, startedAt: "2026-02-10T10:00:00Z", secs: 200, outcome: "not_interested", sentiment: "negative", answered: true, charged: false },
  { campaign: "other", contact: 0, startedAt: "2026-03-31T12:00:00Z", secs: 90, outcome: "follow_up", sentiment: "positive", answered: true, charged: false },
];

async function campaign(db: Queryable, orgId: string, name: string, channel: string, voiceId: string | null, contacts: number, phoneBase: number) {
  const [c] = await db.query<{ id: string }>(
    "insert into campaigns (org_id, name, channel, voice_id, status) values ($1, $2, $3, $4, 'active') returning id",
    [orgId, name, channel, voiceId],
  );
  const ids: string[] = [];
  for (let i = 0; i < contacts; i++) {
    const [ct] = await db.query<{ id: string }>(
      "insert into contacts (org_id, campaign_id, line_number, name, phone_e164) values ($1, $2, $3, $4, $5) returning id",
      [orgId, c!.id, i + 2, `${name} lead ${i + 1}`, `+1415555${String(phoneBase + i).padStart(4, "0")}`],
    );
    ids.push(ct!.id);
  }
  // As a list import keeps it.
  await db.query("update campaigns set contact_count = $2 where id = $1", [c!.id, contacts]);
  return { id: c!.id, contacts: ids };
}

export async function seedAnalyticsFixture(db: Queryable, orgId: string) {
  const spring = await campaign(db, orgId, "Spring", "voice", "test-voice", 4, 1000);
  const other = await campaign(db, orgId, "Other", "voice", null, 1, 2000);
  const promo = await campaign(db, orgId, "Promo", "email", null, 1, 3000);
  const byName = { spring, other };
  for (const c of FIXTURE_CALLS) {
    const k = byName[c.campaign];
    const started = new Date(c.startedAt);
    const marks = (c.latency ?? []).map((m, i) => ({ turn: i + 1, ...m, sttFinal: m.endOfSpeech + 100, brainFirstToken: m.endOfSpeech + 200, ttsFirstAudio: m.firstFrameSent - 50 }));
    await db.query(
      `insert into calls (org_id, campaign_id, contact_id, attempt_id, lead_name, lead_phone, status, outcome, sentiment, started_at, answered_at, ended_at, duration_secs, latency)
       values ($1, $2, $3, $4, 'Lead', '+14155550000', $5, $6, $7, $8, $9, $10, $11, $12::jsonb)`,
      [orgId, k.id, k.contacts[c.contact], c.charged ? crypto.randomUUID() : null, c.answered ? "completed" : c.outcome, c.outcome, c.sentiment,
        started, c.answered ? new Date(started.getTime() + 5000) : null, new Date(started.getTime() + 5000 + c.secs * 1000), c.secs, JSON.stringify(marks)],
    );
  }
  // A new organisation already has its row (its trial minutes): the fixture's balance replaces it.
  await db.query("insert into org_limits (org_id, minutes_balance) values ($1, 997) on conflict (org_id) do update set minutes_balance = 997", [orgId]);
  return { spring: spring.id, other: other.id, promo: promo.id };
}
