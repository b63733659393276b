import { useCallback, useEffect, useRef, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { GreetingPreview } from "@parley/shared/campaigns";
import type { GreetingDraft } from "@parley/shared/campaign-preview";
import { session } from "../../../lib/session.ts";
import { http, HttpFailure } from "../api/http.ts";

const PATH = "/campaigns/greeting-preview";

/**
 * The greeting of a draft (the form's opening line, for the checked file's or the saved campaign's first
 * contact). The server builds it with the calls' own rule, so it is what is said. The last answer stays
 * shown while the next is fetched, so the text does not flicker as the user types. `version` changes on
 * every save, so a saved campaign's new list is previewed at once.
 */
export function useGreetingPreview(draft: GreetingDraft | null, version: string) {
  return useQuery({
    queryKey: ["campaigns", "greeting-preview", draft, version],
    queryFn: async () => GreetingPreview.parse(await http("POST", PATH, draft)),
    enabled: draft !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * Plays a draft's greeting in a voice. The audio holds the contact's name, so it is fetched with the bearer
 * token (an <audio src> cannot send one) and played from an object URL, freed when replaced or unmounted.
 */
export function useGreetingAudio() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing" | "error">("idle");
  const [error, setError] = useState<string | null>(null);

  const release = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);
  useEffect(() => release, [release]);

  const play = useCallback(
    async (draft: GreetingDraft, voiceId: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      setState("loading");
      setError(null);
      try {
        const token = session.token();
        const res = await fetch(`/api${PATH}/audio`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ ...draft, ...(voiceId ? { voice_id: voiceId } : {}) }),
          signal: AbortSignal.timeout(60_000),
        });
        if (!res.ok) throw new HttpFailure(res.status, await res.json().catch(() => null));
        release();
        urlRef.current = URL.createObjectURL(await res.blob());
        audio.src = urlRef.current;
        await audio.play();
        setState("playing");
      } catch (err) {
        const body = err instanceof HttpFailure ? (err.body as { error?: { message?: string } } | null) : null;
        setError(body?.error?.message ?? "The greeting could not be played. Please try again.");
        setState("error");
      }
    },
    [release],
  );

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setState("idle");
  }, []);

  return { audioRef, state, error, play, stop, onEnded: () => setState("idle") };
}
