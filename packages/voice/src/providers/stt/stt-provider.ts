import type { Expectation, HeardAnswer } from "../../expectation/expectation.ts";

/**
 * What a speech-to-text engine heard in one utterance; under a closed expectation (SttStream.expect), an engine that
 * listens for the answers also says which it heard (HeardAnswer), and one that does not leaves it out.
 */
export type SttResult = { text: string; confidence: number | null } & Partial<HeardAnswer>;

export type SttStreamOptions = {
  /** Words and phrases this call is likely to hear (campaign text, FAQs, yes/no, days, times): bias towards them. */
  vocabulary: string[];
  /**
   * The callee's line's sample rate (8000: a phone line, 16000 or more: a web call), unknown when not given: an
   * engine may hear narrowband audio differently (pocketsphinx follows a wideband caller's cepstral mean only).
   */
  legRate?: number;
  signal?: AbortSignal;
};

/**
 * `backlogMs`: age of the oldest frame of the engine's threads not yet decoded (0: it keeps up); `done`: grows
 * whenever those threads decode anything (a stuck engine's stays put); `cheapUtterances`: utterances heard on the
 * cheaper path because the engine was behind.
 */
export type SttProgress = { backlogMs: number; done: number; cheapUtterances: number };

/**
 * Speech to text for one call. The session's endpointer decides when an utterance ends, so every engine
 * (batch or streaming) fits: frames are written while the callee speaks, `flush` returns that utterance.
 */
export interface SttProvider {
  readonly name: string;
  /** Opened when the call is answered (or while it rings, to warm up); closed when it ends. */
  openStream(opts: SttStreamOptions): SttStream;
  /** Loads what the engine needs before the first call (a process that takes calls does it at start). */
  warmUp?(): Promise<void>;
}

export interface SttStream {
  /** PCM16 sample rate this stream wants; the session resamples callee audio to it. */
  readonly sampleRate: number;
  /** Callee audio of the current utterance, PCM16 mono at the provider's rate, in arrival order. */
  write(frame: Int16Array): void;
  /**
   * The utterance ended: the text of everything written since the last flush (empty text when nothing was understood).
   */
  flush(): Promise<SttResult>;
  /**
   * What the agent's turn expects the callee to answer, from the next utterance on (one set while the callee speaks
   * applies from the one after): the engine listens for those answers beside open speech.
   */
  expect?(expectation: Expectation): void;
  /**
   * What the engine has heard of the current utterance so far, while the callee is still speaking ("" when
   * nothing yet, or when the engine only hears whole utterances). For turn-taking; never acted on.
   */
  partial?(): string;
  /**
   * The callee has paused (200 ms of silence, which may or may not end the turn): an engine may finish the words
   * so far now, while the endpoint waits, and hear what follows as more of the same utterance.
   */
  pause?(): void;
  close(): void;
  /**
   * How far the engine is behind this call's audio, for an engine that decodes on this machine: the call waits
   * for its last words as long as the engine makes progress, and reports a call that fell behind.
   */
  progress?(): SttProgress;
  /**
   * How phone audio (8 kHz) is best brought to the engine's rate, when that is twice the line's: "mirror" for a
   * model trained on wideband speech only (audio/narrowband.ts); interpolated otherwise.
   */
  readonly upsampling?: "mirror" | "interpolate";
}

/**
 * The rate a cloud engine hears a line at: the line's own up to 16 kHz, where the models work. A phone line
 * (8 kHz) goes as it is, with nothing to upsample; an HD (G.722) line keeps its upper band; a web call's 48 kHz
 * is brought down.
 */
export function cloudSttRate(legRate: number | undefined): number {
  return Math.min(legRate ?? 16_000, 16_000);
}
