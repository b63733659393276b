import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { WhatsAppContact } from "@parley/shared/whatsapp";
import { messageOf } from "../../lib/api-error.ts";
import { session } from "../../lib/session.ts";
import { createContactsCache } from "./contacts-cache.ts";
import { fetchContacts } from "./whatsapp-api.ts";

type State = { contacts: WhatsAppContact[]; loading: boolean; failed: boolean };

/**
 * The numbers list per the spec: a fresh session-storage cache (5 minutes) is used as is; otherwise the
 * list is fetched, and on failure the cached list, however old, is the fallback. Refresh clears and refetches.
 */
export function useWhatsAppContacts(onError: (message: string) => void) {
  const cache = useMemo(() => createContactsCache(sessionStorage, session.orgSlug()), []);
  const [state, setState] = useState<State>(() => {
    const fresh = cache.fresh();
    return { contacts: fresh ?? [], loading: !fresh, failed: false };
  });
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const load = useCallback(
    async (fallbackMessage: string) => {
      setState((s) => ({ ...s, loading: true }));
      try {
        const contacts = await fetchContacts();
        cache.save(contacts);
        setState({ contacts, loading: false, failed: false });
      } catch (err) {
        const cached = cache.any();
        setState({ contacts: cached ?? [], loading: false, failed: !cached });
        onErrorRef.current(messageOf(err, fallbackMessage));
      }
    },
    [cache],
  );

  useEffect(() => {
    if (!cache.fresh()) void load("Failed to fetch WhatsApp logs");
  }, [cache, load]);

  const refresh = useCallback(() => {
    cache.clear();
    void load("Failed to refresh WhatsApp logs");
  }, [cache, load]);

  /** Opening a conversation reads its messages: clear the badge here and in the cache. */
  const markRead = useCallback(
    (phone: string) => {
      setState((s) => {
        if (!s.contacts.some((c) => c.phone === phone && c.unreadCount > 0)) return s;
        const contacts = s.contacts.map((c) => (c.phone === phone ? { ...c, unreadCount: 0 } : c));
        cache.update(contacts);
        return { ...s, contacts };
      });
    },
    [cache],
  );

  return { ...state, refresh, markRead };
}
