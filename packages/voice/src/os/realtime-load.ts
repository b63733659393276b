/**
 * How far this process's real-time work is behind, in one place: the recogniser pool reports its backlog and
 * each call's speaker its late frames; admission control, `/metrics` and the dashboard read them. Process-wide
 * because the CPU it describes is.
 */
type BacklogProbe = () => number;

let recognizerBacklog: BacklogProbe = () => 0;
let lateFrames = 0;

export const realtimeLoad = {
  /** The recogniser pool says how to read its backlog (the age in ms of the oldest frame not yet decoded). */
  setRecognizerBacklogProbe(probe: BacklogProbe): void {
    recognizerBacklog = probe;
  },
  /** How long the oldest callee frame not yet decoded has waited, ms (0 when the recognisers keep up). */
  recognizerBacklogMs(): number {
    return recognizerBacklog();
  },
  /** Agent frames sent after their 20 ms slot had passed, counted as they happen. */
  noteLateFrames(n: number): void {
    lateFrames += n;
  },
  /** Late agent frames since the process started (a counter). */
  lateFrames(): number {
    return lateFrames;
  },
};
