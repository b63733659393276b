import type { WhatsAppService } from "./whatsapp.service.ts";

/** A few WhatsApp chats of the demo organisation, recorded through the same path as the record-message API. */
type Line = { role: "user" | "assistant"; minutesAgo: number; text: string };
const CHATS: { phone: string; name: string; lines: Line[] }[] = [
  {
    phone: "+14155550142",
    name: "Maya Chen",
    lines: [
      { role: "user", minutesAgo: 3000, text: "Hi! Is the Elm Street house still available?" },
      { role: "assistant", minutesAgo: 2998, text: "Hi Maya, yes it is. Would you like to book a viewing?" },
      { role: "user", minutesAgo: 2990, text: "Saturday late morning if possible" },
      {
        role: "assistant",
        minutesAgo: 2988,
        text: "Saturday at 11:30 is booked. You will get a reminder the day before.",
      },
      { role: "user", minutesAgo: 45, text: "Running 10 minutes late, sorry!" },
    ],
  },
  {
    phone: "+447700900461",
    name: "Oliver Hughes",
    lines: [
      {
        role: "assistant",
        minutesAgo: 1500,
        text: "Hello Oliver, following up on our call: shall I send the quote for the 3-year policy?",
      },
      { role: "user", minutesAgo: 1440, text: "Yes please, and include roadside assistance" },
      {
        role: "assistant",
        minutesAgo: 1437,
        text: "Done. The quote with roadside assistance is £38.50 a month. It is in your inbox now.",
      },
    ],
  },
  {
    phone: "+919820012345",
    name: "Ananya Iyer",
    lines: [
      { role: "user", minutesAgo: 9000, text: "What documents do I need for the home loan?" },
      {
        role: "assistant",
        minutesAgo: 8998,
        text: "Your last three payslips, six months of bank statements and an ID proof. You can send scans here.",
      },
    ],
  },
];

export async function seedDemoChats(whatsapp: WhatsAppService, orgId: string, now: Date): Promise<void> {
  for (const chat of CHATS) {
    for (const [i, line] of chat.lines.entries()) {
      const at = new Date(now.getTime() - line.minutesAgo * 60_000);
      await whatsapp.record(orgId, chat.phone, {
        content: line.text,
        role: line.role,
        timestamp: at.toISOString(),
        name: chat.name,
        message_id: `demo-${chat.phone.slice(1)}-${i}`,
      });
    }
  }
}
