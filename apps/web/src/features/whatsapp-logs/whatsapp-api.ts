import {
  WhatsAppContactList,
  WhatsAppMessages,
  type WhatsAppContact,
  type WhatsAppMessage,
} from "@parley/shared/whatsapp";
import { api } from "../../lib/api-client.ts";

export async function fetchContacts(): Promise<WhatsAppContact[]> {
  return (await api("/whatsapp/contacts", { query: { include_last_message: true }, schema: WhatsAppContactList })).data;
}

export async function fetchMessages(phone: string, signal?: AbortSignal): Promise<WhatsAppMessage[]> {
  return (await api(`/whatsapp/messages/${encodeURIComponent(phone)}`, { schema: WhatsAppMessages, signal })).data
    .messages;
}
