import { useCallback, useEffect, useRef, useState } from "react";

/** Spec section 8: audio errors go to the console only. */
function logAudioError(audio: HTMLAudioElement): void {
  const err = audio.error;
  if (!err) console.error("Audio error: Unknown error");
  else if (err.code === MediaError.MEDIA_ERR_ABORTED) console.error("Audio playback was aborted");
  else if (err.code === MediaError.MEDIA_ERR_NETWORK) console.error("Network error while loading audio");
  else if (err.code === MediaError.MEDIA_ERR_DECODE) console.error("Audio format not supported or file corrupted");
  else if (err.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED) console.error("Audio format not supported by browser");
  else console.error(`Audio error: ${err.message || "Unknown error"}`);
}

/**
 * One clip at a time (spec section 4): idle → playing a row → idle on pause, stop, end or error;
 * starting another row stops the current one. `pausedId` remembers a paused row so Play resumes it.
 */
export function useAudioPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [pausedId, setPausedId] = useState<string | null>(null);

  const stop = useCallback(() => {
    const a = audio.current;
    if (a) {
      a.pause();
      a.removeAttribute("src");
      a.load();
    }
    audio.current = null;
    setPlayingId(null);
    setPausedId(null);
  }, []);

  const pause = useCallback(() => {
    audio.current?.pause();
    setPausedId((id) => id ?? playingId);
    setPlayingId(null);
  }, [playingId]);

  const play = useCallback(
    (id: string, url: string) => {
      let a = audio.current;
      if (!a || pausedId !== id) {
        stop();
        a = new Audio(url);
        audio.current = a;
        a.onended = () => stop();
        a.onerror = () => {
          logAudioError(a!);
          stop();
        };
      }
      setPausedId(null);
      setPlayingId(id);
      a.play().catch((err: Error) => {
        // A pause or stop before playback began aborts play(); that is not a failure.
        if (err.name !== "AbortError") {
          console.error("Failed to play audio");
          stop();
        }
      });
    },
    [pausedId, stop],
  );

  useEffect(() => stop, [stop]);
  return { playingId, pausedId, play, pause, stop };
}
