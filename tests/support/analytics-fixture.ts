import crypto from "node:crypto";
import type { Queryable } from "../../apps/server/src/platform/db.ts";
import { insertCall, insertCampaign, insertContact, setOrgLimits } from "./seed.ts";

/**
 * The clock every figure below is computed against: 20:00 UTC on 31 March 2026 is already 01:30 on 1 April in Kolkata.
 */
export const FIXTURE_NOW = new Date("2026-03-31T20:00:00Z");

type SeedCall = {
  campaign: "spring" | "other";
  contact: number;
  startedAt: string;
  secs: number;
  outcome: string;
  sentiment: string | null;
  answered: boolean;
  charged: boolean;
  latency?: { endOfSpeech: number; firstFrameSent: number }[];
};

/**
 * An organisation with known answers (see the tests): voice campaign "Spring" (voice test-voice, 4
 * contacts), voice campaign "Other" (no voice, 1 contact), email campaign "Promo" (1 contact), six ended
 * calls from February to the last hours of March, and a balance of 997 minutes after 3 charged minutes.
 */
export const FIXTURE_CALLS: SeedCall[] = [
  {
    campaign: "spring",
    contact: 0,
    startedAt: "2026-03-31T19:00:00Z",
    secs: 120,
    outcome: "scheduled",
    sentiment: "positive",
    answered: true,
    charged: true,
    latency: [
      { endOfSpeech: 1000, firstFrameSent: 1600 },
      { endOfSpeech: 5000, firstFrameSent: 5800 },
    ],
  },
  {
    campaign: "spring",
    contact: 1,
    startedAt: "2026-03-31T10:00:00Z",
    secs: 60,
    outcome: "interested",
    sentiment: "neutral",
    answered: true,
    charged: true,
    latency: [{ endOfSpeech: 2000, firstFrameSent: 2400 }],
  },
  {
    campaign: "spring",
    contact: 2,
    startedAt: "2026-03-30T10:00:00Z",
    secs: 0,
    outcome: "no_answer",
    sentiment: null,
    answered: false,
    charged: false,
  },
  {
    campaign: "spring",
    contact: 3,
    startedAt: "2026-03-15T10:00:00Z",
    secs: 30,
    outcome: "voicemail",
    sentiment: null,
    answered: true,
    charged: false,
  },
  {
    campaign: "spring",
    contact: 1,
    startedAt: "2026-02-10T10:00:00Z",
    secs: 200,
    outcome: "not_interested",
    sentiment: "negative",
    answered: true,
    charged: false,
  },
  {
    campaign: "other",
    contact: 0,
    startedAt: "2026-03-31T12:00:00Z",
    secs: 90,
    outcome: "follow_up",
    sentiment: "positive",
    answered: true,
    charged: false,
  },
];

async function campaign(
  db: Queryable,
  orgId: string,
  name: string,
  channel: "voice" | "email",
  voiceId: string | null,
  contacts: number,
  phoneBase: number,
) {
  // The contact count as a list import keeps it.
  const id = await insertCampaign(db, orgId, {
    name,
    channel,
    voice_id: voiceId,
    status: "active",
    contact_count: contacts,
  });
  const ids: string[] = [];
  for (let i = 0; i < contacts; i++) {
    const phone = `+1415555${String(phoneBase + i).padStart(4, "0")}`;
    ids.push(
      await insertContact(db, orgId, id, { line_number: i + 2, name: `${name} lead ${i + 1}`, phone_e164: phone }),
    );
  }
  return { id, contacts: ids };
}

export async function seedAnalyticsFixture(db: Queryable, orgId: string) {
  const spring = await campaign(db, orgId, "Spring", "voice", "test-voice", 4, 1000);
  const other = await campaign(db, orgId, "Other", "voice", null, 1, 2000);
  const promo = await campaign(db, orgId, "Promo", "email", null, 1, 3000);
  const byName = { spring, other };
  for (const c of FIXTURE_CALLS) {
    const k = byName[c.campaign];
    const started = new Date(c.startedAt);
    const marks = (c.latency ?? []).map((m, i) => ({
      turn: i + 1,
      ...m,
      sttFinal: m.endOfSpeech + 100,
      brainFirstToken: m.endOfSpeech + 200,
      ttsFirstAudio: m.firstFrameSent - 50,
    }));
    await insertCall(db, orgId, {
      campaign_id: k.id,
      contact_id: k.contacts[c.contact],
      attempt_id: c.charged ? crypto.randomUUID() : null,
      lead_name: "Lead",
      lead_phone: "+14155550000",
      status: c.answered ? "completed" : c.outcome,
      outcome: c.outcome,
      sentiment: c.sentiment,
      started_at: started,
      answered_at: c.answered ? new Date(started.getTime() + 5000) : null,
      ended_at: new Date(started.getTime() + 5000 + c.secs * 1000),
      duration_secs: c.secs,
      latency: marks,
    });
  }
  // A new organisation already has its row (its trial minutes): the fixture's balance replaces it.
  await setOrgLimits(db, orgId, { minutes_balance: 997 });
  return { spring: spring.id, other: other.id, promo: promo.id };
}
