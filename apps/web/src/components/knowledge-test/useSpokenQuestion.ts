import { useCallback, useEffect, useRef, useState } from "react";
import { KB_SPOKEN_QUESTION_MAX_MS } from "@parley/shared/knowledge-base";
import { messageOf } from "../../lib/api-error.ts";
import { micMessage, micProblem, startMicCapture, type MicCapture } from "../../lib/microphone.ts";
import { CALL_RATE, joinPcm16, pcm16ToWav } from "../../lib/pcm16.ts";
import { transcribeQuestion } from "./ask-knowledge-base.ts";

export type SpokenQuestion =
  | { step: "idle" }
  | { step: "starting" }
  | { step: "recording"; seconds: number; level: number }
  | { step: "transcribing" }
  | { step: "nothing-heard" }
  /** `mic`: the microphone could not be opened (refused, absent…); otherwise the server failed. */
  | { step: "failed"; message: string; mic: boolean };

/**
 * A question said into the microphone: recorded with the test call's capture (16 kHz PCM16), sent as a WAV
 * when the user stops (or at the longest a question may be), and heard by the calls' speech recognition.
 */
export function useSpokenQuestion(campaignId: string | undefined, onHeard: (text: string) => void) {
  const [state, setState] = useState<SpokenQuestion>({ step: "idle" });
  const live = useRef<{ mic: MicCapture; frames: Int16Array[]; timer: number } | null>(null);
  const heard = useRef(onHeard);
  heard.current = onHeard;

  const release = useCallback(() => {
    const l = live.current;
    live.current = null;
    if (!l) return null;
    window.clearTimeout(l.timer);
    l.mic.stop();
    return l.frames;
  }, []);
  useEffect(() => () => void release(), [release]);

  const stop = useCallback(async () => {
    const frames = release();
    if (!frames) return;
    const samples = joinPcm16(frames);
    if (!samples.length) return setState({ step: "nothing-heard" });
    setState({ step: "transcribing" });
    try {
      const { text } = await transcribeQuestion(pcm16ToWav(samples, CALL_RATE), campaignId);
      if (!text.trim()) return setState({ step: "nothing-heard" });
      setState({ step: "idle" });
      heard.current(text.trim());
    } catch (err) {
      setState({
        step: "failed",
        message: messageOf(err, "What you said could not be worked out. Please try again."),
        mic: false,
      });
    }
  }, [campaignId, release]);

  const start = useCallback(async () => {
    if (live.current) return;
    setState({ step: "starting" });
    const frames: Int16Array[] = [];
    const samplesMax = (CALL_RATE * KB_SPOKEN_QUESTION_MAX_MS) / 1000;
    let count = 0;
    try {
      const mic = await startMicCapture(
        (pcm) => {
          if (count >= samplesMax) return;
          frames.push(pcm);
          count += pcm.length;
          // Whole seconds only: the counter re-renders once a second, not every 20 ms frame.
          const seconds = Math.floor(count / CALL_RATE);
          setState((s) => (s.step === "recording" && s.seconds !== seconds ? { ...s, seconds } : s));
        },
        (level) => setState((s) => (s.step === "recording" ? { ...s, level } : s)),
      );
      // The longest a question may be: stop there rather than send what the server would refuse.
      const timer = window.setTimeout(() => void stop(), KB_SPOKEN_QUESTION_MAX_MS);
      live.current = { mic, frames, timer };
      setState({ step: "recording", seconds: 0, level: 0 });
    } catch (err) {
      setState({ step: "failed", message: micMessage(err), mic: micProblem(err) !== "failed" });
    }
  }, [stop]);

  return { state, start, stop };
}
