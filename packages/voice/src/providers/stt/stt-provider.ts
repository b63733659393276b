/** What a speech-to-text engine heard in one utterance. */
export type SttResult = { text: string; confidence: number | null };

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
 * Speech to text for one call. The session's endpointer decides when an utterance ends, so every engine
 * (batch or streaming) fits: frames are written while the callee speaks, `flush` returns that utterance.
 */
export interface SttProvider {
  readonly name: string;
  /** PCM16 sample rate the engine wants; the session resamples callee audio to it. */
  readonly sampleRate: number;
  /** Opened when the call is answered (or while it rings, to warm up); closed when it ends. */
  openStream(opts: SttStreamOptions): SttStream;
}

export interface SttStream {
  /** Callee audio of the current utterance, PCM16 mono at the provider's rate, in arrival order. */
  write(frame: Int16Array): void;
  /** The utterance ended: the text of everything written since the last flush (empty text when nothing was understood). */
  flush(): Promise<SttResult>;
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
   * How phone audio (8 kHz) is best brought to the engine's rate, when that is twice the line's: "mirror" for a
   * model trained on wideband speech only (audio/narrowband.ts); interpolated otherwise.
   */
  readonly upsampling?: "mirror" | "interpolate";
}
