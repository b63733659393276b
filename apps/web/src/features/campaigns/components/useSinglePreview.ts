import { useCallback, useEffect, useRef, useState } from "react";

/** One preview clip at a time: starting another stops the current one; ends, errors and unmount reset. */
export function useSinglePreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  const stop = useCallback(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.removeAttribute("src");
      audio.load();
    }
    audioRef.current = null;
    setPlayingId(null);
  }, []);

  const play = useCallback(
    (id: string, url: string) => {
      stop();
      const audio = new Audio(url);
      audioRef.current = audio;
      const reset = () => {
        if (audioRef.current === audio) {
          audioRef.current = null;
          setPlayingId(null);
        }
      };
      audio.addEventListener("ended", reset);
      audio.addEventListener("error", () => {
        console.error("Failed to play audio");
        reset();
      });
      setPlayingId(id);
      audio.play().catch(reset);
    },
    [stop],
  );

  const toggle = useCallback(
    (id: string, url: string) => (playingId === id ? stop() : play(id, url)),
    [playingId, play, stop],
  );

  useEffect(() => stop, [stop]);
  return { playingId, toggle, stop };
}
