import { useCallback, useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { GreetingPreview } from "@parley/shared/campaigns";
import { session } from "../../../lib/session.ts";
import { http, HttpFailure } from "../api/http.ts";

const path = (id: string) => `/campaigns/${encodeURIComponent(id)}/greeting-preview`;

/**
 * The saved campaign's greeting for its first contact (`version` changes on every save, so an edit is
 * previewed as soon as it is saved). The server builds it with the calls' own rule, so it is what is said.
 */
export function useGreetingPreview(campaignId: string | null, version: string) {
  return useQuery({
    queryKey: ["campaigns", "greeting-preview", campaignId, version],
    queryFn: async () => GreetingPreview.parse(await http("GET", path(campaignId!))),
    enabled: campaignId !== null,
    retry: false,
  });
}

/**
 * Plays the greeting in a voice. The audio holds the contact's name, so it is fetched with the bearer
 * token (an <audio src> cannot send one) and played from an object URL, freed when replaced or unmounted.
 */
export function useGreetingAudio(campaignId: string | null) {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const urlRef = useRef<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing" | "error">("idle");
  const [error, setError] = useState<string | null>(null);

  const release = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
  }, []);
  useEffect(() => release, [release]);

  const play = useCallback(async (voiceId: string) => {
    const audio = audioRef.current;
    if (!campaignId || !audio) return;
    setState("loading");
    setError(null);
    try {
      const token = session.token();
      const qs = voiceId ? `?voice_id=${encodeURIComponent(voiceId)}` : "";
      const res = await fetch(`/api${path(campaignId)}/audio${qs}`, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
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
  }, [campaignId, release]);

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setState("idle");
  }, []);

  return { audioRef, state, error, play, stop, onEnded: () => setState("idle") };
}
