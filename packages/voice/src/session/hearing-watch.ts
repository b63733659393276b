import type { SttProgress } from "../providers/stt/stt-provider.ts";

// A recogniser this far behind the callee's audio has fallen out of real time: the agent's replies wait for it.
export const FELL_BEHIND_MS = 800;
const SAMPLE_MS = 250;

/** How a call's hearing went: told to the server, which warns in its log when a call fell behind. */
export type HearingReport = {
  /** Utterances the callee was heard to say (voice activity), words or not. */
  utterances: number;
  /** Utterances whose words were never known, even from the recording after the call. */
  lost: number;
  /** Utterances the live recogniser lost whose words the recording gave after the call. */
  recovered: number;
  /** Utterances heard on the recogniser's cheaper path, because it was behind. */
  cheapUtterances: number;
  /** The most the recogniser was behind the callee's audio during the call, ms. */
  maxBacklogMs: number;
  fellBehind: boolean;
};

/** Samples the call's recogniser backlog while the call lives (an engine without a progress report: never behind). */
export function watchHearing(progress?: () => SttProgress) {
  let max = 0;
  const sample = () => {
    max = Math.max(max, progress?.().backlogMs ?? 0);
  };
  const timer = progress ? setInterval(sample, SAMPLE_MS) : null;
  timer?.unref();
  return {
    /** The call is over: the report, from the turns' counts. */
    stop(o: { utterances: number; lost: number; recovered: number }): HearingReport {
      if (timer) clearInterval(timer);
      sample();
      const cheapUtterances = progress?.().cheapUtterances ?? 0;
      const fellBehind = max >= FELL_BEHIND_MS || cheapUtterances > 0 || o.lost + o.recovered > 0;
      return { ...o, cheapUtterances, maxBacklogMs: Math.round(max), fellBehind };
    },
  };
}
