import type { EmailLogsService } from "./email-logs.service.ts";

/** A few follow-up threads of the demo organisation, delivered as raw MIME through the inbound webhook path. */
type DemoMail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  hoursAgo: number;
  body: string;
  replyTo?: string[];
};

const MAILS: DemoMail[] = [
  {
    id: "demo-hl-1@lakeside-homes.example",
    from: "Maya Chen <maya.chen@lakeside-homes.example>",
    to: "sales@parley.example",
    subject: "Viewing times for the Elm Street listing",
    hoursAgo: 52,
    body:
      "Hi,\n\nThanks for the call this morning. Could we see the Elm Street " +
      "house on Saturday? Any time after 11 works for us.\n\nMaya",
  },
  {
    id: "demo-hl-2@parley.example",
    from: "Parley Sales <sales@parley.example>",
    to: "maya.chen@lakeside-homes.example",
    subject: "Re: Viewing times for the Elm Street listing",
    hoursAgo: 50,
    replyTo: ["demo-hl-1@lakeside-homes.example"],
    body:
      "Hi Maya,\n\nSaturday at 11:30 is booked. The agent will meet you at the " +
      "front gate; parking is on the street.\n\nBest,\nParley Sales",
  },
  {
    id: "demo-hl-3@lakeside-homes.example",
    from: "Maya Chen <maya.chen@lakeside-homes.example>",
    to: "sales@parley.example",
    subject: "Re: Viewing times for the Elm Street listing",
    hoursAgo: 49,
    replyTo: ["demo-hl-2@parley.example", "demo-hl-1@lakeside-homes.example"],
    body: "Perfect, see you then. Could you also send the floor plan beforehand?\n\nMaya",
  },
  {
    id: "demo-ins-1@brightpath.example",
    from: "Daniel Okafor <d.okafor@brightpath.example>",
    to: "sales@parley.example",
    subject: "Quote for a family health plan",
    hoursAgo: 27,
    body:
      "Hello,\n\nYour assistant called me yesterday about family cover. We are two adults and two " +
      "children; what would the monthly premium be with dental included?\n\nRegards,\nDaniel Okafor",
  },
  {
    id: "demo-ins-2@parley.example",
    from: "Parley Sales <sales@parley.example>",
    to: "d.okafor@brightpath.example",
    subject: "Re: Quote for a family health plan",
    hoursAgo: 24,
    replyTo: ["demo-ins-1@brightpath.example"],
    body:
      "Hello Daniel,\n\nWith dental, the family plan comes to $412 per month, with a $1,500 " +
      "yearly deductible. I have attached the summary of benefits. Would a short call on " +
      "Thursday suit you to go through it?\n\nKind regards,\nParley Sales",
  },
  {
    id: "demo-loan-1@northgate.example",
    from: "Sofia Ramirez <sofia@northgate.example>",
    to: "sales@parley.example",
    subject: "Documents for the refinancing application",
    hoursAgo: 5,
    body:
      "Hi, as discussed on the phone I am sending my last three payslips and the bank statement " +
      "next. Is a scanned copy enough or do you need originals?\n\nThanks,\nSofia",
  },
];

const mime = (m: DemoMail, at: Date): string =>
  [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${at.toUTCString()}`,
    `Message-ID: <${m.id}>`,
    ...(m.replyTo
      ? [
          `In-Reply-To: <${m.replyTo[0]}>`,
          `References: ${m.replyTo
            .map((r) => `<${r}>`)
            .reverse()
            .join(" ")}`,
        ]
      : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    m.body,
    "",
  ].join("\r\n");

export async function seedDemoEmails(emailLogs: EmailLogsService, orgId: string, now: Date): Promise<void> {
  const { token } = await emailLogs.channel(orgId);
  for (const m of MAILS)
    await emailLogs.ingestMime(token, Buffer.from(mime(m, new Date(now.getTime() - m.hoursAgo * 3_600_000))));
}
