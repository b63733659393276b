import crypto from "node:crypto";
import type { Storage } from "../../platform/storage.ts";
import type { CampaignsService } from "../campaigns/campaigns.service.ts";

// A launched campaign whose contacts are simulated callees (the `persona` column), so a newcomer sees the
// dialer place real calls on the built-in carrier: recordings, transcripts, a booked meeting, a callback.
const CONTACTS = `name,phone,email,company,persona
Priya Sharma,+919876543210,priya@sharma-traders.in,Sharma Traders,interested
Oliver Bennett,+447911123456,oliver@bennett.co.uk,Bennett & Co,question
Aisha Khan,+919812345678,aisha@khanlogistics.in,Khan Logistics,callback
James Carter,+14155550142,james@cartersupply.com,Carter Supply,not_interested
Sofia Rossi,+447912345678,sofia@rossidesign.co.uk,Rossi Design,voicemail
Rahul Mehta,+919898989898,rahul@mehtafoods.in,Mehta Foods,interested
Emma Wilson,+447923456789,emma@wilsonlegal.co.uk,Wilson Legal,no_answer
Daniel Lee,+14155550188,daniel@leeventures.com,Lee Ventures,dnc
`;

const FAQS = {
  opening_line: "I'm calling about our premium plan for teams like {{company}}. Do you have a minute?",
  goal: "Book a 30-minute demo of the premium plan with the sales team.",
  faqs: [
    {
      question: "What does the premium plan cost?",
      answer: "The premium plan costs 49 dollars per user per month, billed monthly.",
    },
    {
      question: "Is there a free trial?",
      answer: "Yes, every plan starts with a free 14-day trial and no credit card.",
    },
    {
      question: "What is included in the premium plan?",
      answer: "Unlimited campaigns, call recordings, a knowledge base and calendar booking.",
    },
  ],
};

export async function seedDemoCampaign(
  deps: { campaigns: CampaignsService; storage: Storage },
  actor: { orgId: string; userId: string },
): Promise<void> {
  const body = Buffer.from(CONTACTS);
  const key = `uploads/${actor.orgId}/${crypto.randomUUID()}.csv`;
  await deps.storage.put(key, body);
  await deps.campaigns.create(
    actor,
    {
      name: "Premium plan outreach",
      description: "Introduce the premium plan to last quarter's trial sign-ups and book demos.",
      faqs: FAQS,
      max_attempts: 3,
      time_gap: 7200,
      max_concurrent_calls: 2, // two live calls at a time keep a laptop's CPU free for the app
      // Open all day: each callee is still rung only between 08:00 and 21:00 of their own time, so at
      // any hour some of them (India, UK, US) can be called and the demo shows calls soon after start.
      campaign_timezone: "Asia/Kolkata",
      business_hours_start: "00:00",
      business_hours_end: "23:30",
      save_as_draft: false,
    },
    { key, fileName: "premium-plan-leads.csv", size: body.length },
  );
}
