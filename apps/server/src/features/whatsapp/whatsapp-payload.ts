import { z } from "zod";

/**
 * Meta's WhatsApp Cloud API webhook body, reduced to what the logs keep. Unknown fields are ignored so
 * a new Meta field never makes a delivery fail.
 */
const MetaMessage = z.looseObject({
  id: z.string().min(1),
  from: z.string().optional(),
  to: z.string().optional(),
  timestamp: z.string().regex(/^\d+$/),
  type: z.string().default("text"),
});
const MetaValue = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().min(1) }),
  contacts: z
    .array(z.looseObject({ wa_id: z.string(), profile: z.looseObject({ name: z.string().optional() }).optional() }))
    .optional(),
  messages: z.array(MetaMessage).optional(),
  message_echoes: z.array(MetaMessage).optional(),
  statuses: z
    .array(
      z.looseObject({
        id: z.string(),
        status: z.string(),
        timestamp: z.string().regex(/^\d+$/),
        recipient_id: z.string().optional(),
      }),
    )
    .optional(),
});
export const MetaWebhook = z.looseObject({
  object: z.string().optional(),
  entry: z.array(
    z.looseObject({ changes: z.array(z.looseObject({ field: z.string().optional(), value: z.unknown() })) }),
  ),
});

export type WaMessage = {
  providerId: string;
  phone: string;
  role: "user" | "assistant";
  type: string;
  content: string;
  sentAt: Date;
};
export type WaStatus = { providerId: string; status: "sent" | "delivered" | "read" | "failed"; at: Date };
/** Everything one webhook delivery says about one business number. */
export type WaBatch = {
  phoneNumberId: string;
  names: Map<string, string>;
  messages: WaMessage[];
  statuses: WaStatus[];
};

const STATUSES = new Set(["sent", "delivered", "read", "failed"]);
const waPhone = (waId: string) => `+${waId.replace(/\D/g, "")}`;
const unixTime = (s: string) => new Date(Number(s) * 1000);

/** Groups a webhook delivery by business number; changes that are not message events are skipped. */
export function batchesFromWebhook(body: z.infer<typeof MetaWebhook>): WaBatch[] {
  const byNumber = new Map<string, WaBatch>();
  for (const change of body.entry.flatMap((e) => e.changes)) {
    const value = MetaValue.safeParse(change.value);
    if (!value.success) continue;
    const v = value.data;
    const id = v.metadata.phone_number_id;
    const batch: WaBatch = byNumber.get(id) ?? { phoneNumberId: id, names: new Map(), messages: [], statuses: [] };
    byNumber.set(id, batch);
    for (const c of v.contacts ?? []) if (c.profile?.name) batch.names.set(waPhone(c.wa_id), c.profile.name);
    for (const m of v.messages ?? []) if (m.from) batch.messages.push(toMessage(m, m.from, "user"));
    // Echoes: messages the business sent from the WhatsApp Business app on the same number.
    for (const m of v.message_echoes ?? []) if (m.to) batch.messages.push(toMessage(m, m.to, "assistant"));
    for (const s of v.statuses ?? []) {
      if (STATUSES.has(s.status))
        batch.statuses.push({ providerId: s.id, status: s.status as WaStatus["status"], at: unixTime(s.timestamp) });
    }
  }
  return [...byNumber.values()];
}

function toMessage(m: z.infer<typeof MetaMessage>, counterpart: string, role: WaMessage["role"]): WaMessage {
  return {
    providerId: m.id,
    phone: waPhone(counterpart),
    role,
    type: m.type,
    content: contentOf(m),
    sentAt: unixTime(m.timestamp),
  };
}

type Loose = Record<string, unknown>;
const str = (o: unknown, key: string): string =>
  o && typeof o === "object" && typeof (o as Loose)[key] === "string" ? ((o as Loose)[key] as string) : "";

/** Readable text for every message type; media is named, not downloaded. */
export function contentOf(m: Loose & { type: string }): string {
  const part = m[m.type];
  const labelled = (label: string, text: string) => (text ? `[${label}] ${text}` : `[${label}]`);
  switch (m.type) {
    case "text":
      return str(part, "body");
    case "image":
    case "video":
    case "audio":
    case "sticker":
      return labelled(m.type, str(part, "caption"));
    case "document":
      return labelled("document", [str(part, "filename"), str(part, "caption")].filter(Boolean).join(" - "));
    case "location":
      return labelled("location", [str(part, "name"), str(part, "address")].filter(Boolean).join(", "));
    case "button":
      return str(part, "text") || "[button]";
    case "interactive": {
      const i = (part ?? {}) as Loose;
      return str(i.button_reply, "title") || str(i.list_reply, "title") || "[interactive reply]";
    }
    case "reaction":
      return labelled("reaction", str(part, "emoji"));
    case "contacts":
      return "[contact card]";
    default:
      return `[${m.type}]`;
  }
}
