import type { Readable } from "node:stream";
import {
  readContactList,
  type ContactImportOptions,
  type ParsedContact,
} from "../../apps/server/src/features/contacts/contact-import.ts";

/** A whole contact list at once, as the import reads it in batches: every contact in its final, merged form. */
export async function parseContactList(open: () => Promise<Readable>, opts: ContactImportOptions) {
  const contacts: ParsedContact[] = [];
  const reader = readContactList(open, opts);
  let step = await reader.next();
  for (; !step.done; step = await reader.next()) contacts.push(...step.value);
  return { ...step.value, contacts };
}
