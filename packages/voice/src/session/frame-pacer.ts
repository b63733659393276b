import { FRAME_MS } from "../audio/frames.ts";

/** Called once per 20 ms tick; `late` is how many whole frames behind schedule this tick runs. */
export type PacedOutput = (late: number) => void;

/**
 * One timer for every live call's outbound audio: a frame per call per 20 ms, on an absolute schedule
 * so timing errors never accumulate. One timer for 200 calls costs far less than 200 intervals.
 */
export function createFramePacer(now: () => number = () => performance.now()) {
  const outputs = new Set<PacedOutput>();
  let timer: NodeJS.Timeout | null = null;
  let origin = 0;
  let ticks = 0;
  const lateness: number[] = [];

  function tick(): void {
    ticks++;
    const due = origin + ticks * FRAME_MS;
    const delay = now() - due;
    if (lateness.length < 100_000) lateness.push(delay);
    const behind = Math.max(0, Math.floor(delay / FRAME_MS));
    if (behind > 0) ticks += behind; // catch up: callers send the missed frames now
    for (const out of outputs) out(behind);
    timer = outputs.size ? setTimeout(tick, Math.max(0, origin + (ticks + 1) * FRAME_MS - now())) : null;
  }

  return {
    /** Starts pacing one output; answers the function that stops it. */
    add(out: PacedOutput): () => void {
      outputs.add(out);
      if (!timer) {
        origin = now();
        ticks = 0;
        timer = setTimeout(tick, FRAME_MS);
      }
      return () => {
        outputs.delete(out);
        if (!outputs.size && timer) {
          clearTimeout(timer);
          timer = null;
        }
      };
    },
    /** How late ticks ran (ms), for the jitter benchmark; reading clears it. */
    takeLateness(): number[] {
      return lateness.splice(0);
    },
  };
}

export type FramePacer = ReturnType<typeof createFramePacer>;

/** The process-wide pacer every session uses unless a test gives its own. */
export const sharedPacer = createFramePacer();
