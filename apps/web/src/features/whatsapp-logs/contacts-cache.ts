import type { WhatsAppContact } from "@parley/shared/whatsapp";

/** The spec's WhatsApp logs cache: session storage, fresh for 5 minutes (300000 ms). */
export const CACHE_TTL_MS = 300_000;

type Entry = { savedAt: number; contacts: WhatsAppContact[] };
type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** One cache per organisation, so switching org never shows the previous org's numbers. */
export function createContactsCache(store: Store, orgSlug: string, now: () => number = Date.now) {
  const key = `whatsappLogs:${orgSlug}`;
  const read = (): Entry | null => {
    try {
      const e = JSON.parse(store.getItem(key) ?? "null") as Entry | null;
      return e && typeof e.savedAt === "number" && Array.isArray(e.contacts) ? e : null;
    } catch {
      return null;
    }
  };
  return {
    /** Contacts saved less than 5 minutes ago, else null. */
    fresh(): WhatsAppContact[] | null {
      const e = read();
      return e && now() - e.savedAt < CACHE_TTL_MS ? e.contacts : null;
    },
    /** Whatever was saved, however old: the fallback when a fetch fails. */
    any(): WhatsAppContact[] | null {
      return read()?.contacts ?? null;
    },
    save(contacts: WhatsAppContact[]): void {
      try {
        store.setItem(key, JSON.stringify({ savedAt: now(), contacts } satisfies Entry));
      } catch {
        // A full session storage only costs the cache, never the screen.
      }
    },
    /** Rewrites the saved list without making it any fresher. */
    update(contacts: WhatsAppContact[]): void {
      const e = read();
      try {
        if (e) store.setItem(key, JSON.stringify({ savedAt: e.savedAt, contacts } satisfies Entry));
      } catch {
        // as in save(): the cache is optional
      }
    },
    clear(): void {
      store.removeItem(key);
    },
  };
}
export type ContactsCache = ReturnType<typeof createContactsCache>;
