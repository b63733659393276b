import { createDownsampler, createFrameChunker, floatToPcm16, meterLevel } from "./pcm16.ts";

/** Served from apps/web/public: an AudioWorklet module must be a separate script file. */
const WORKLET_URL = "/worklets/pcm-capture-worklet.js";

export type MicCapture = { context: AudioContext; stop(): void };

/**
 * Opens the microphone (echo cancellation on, so the agent's voice from the speakers is not heard back as
 * the callee) and calls `onFrame` with 20 ms of 16 kHz PCM16, and `onLevel` with the meter level. Used by
 * the browser test call and by the knowledge base test box's spoken question.
 */
export async function startMicCapture(
  onFrame: (pcm: Int16Array) => void,
  onLevel: (level: number) => void,
): Promise<MicCapture> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw new DOMException("The browser offers no microphone here.", "NotSupportedError");
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(WORKLET_URL);
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, "pcm-capture", {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
    });
    const down = createDownsampler(context.sampleRate);
    const chunk = createFrameChunker();
    let lastMeter = 0;
    node.port.onmessage = (e: MessageEvent<Float32Array>) => {
      const block = down(e.data);
      for (const frame of chunk(floatToPcm16(block))) onFrame(frame);
      if (performance.now() - lastMeter > 100) {
        lastMeter = performance.now();
        onLevel(meterLevel(e.data));
      }
    };
    source.connect(node);
    // The node writes silence; being connected is what makes the graph pull it.
    node.connect(context.destination);
    await context.resume();
    return {
      context,
      stop() {
        node.port.onmessage = null;
        stream.getTracks().forEach((t) => void t.stop());
        // A test call's last words are still queued for playback when it ends: let them finish.
        setTimeout(() => void context.close().catch(() => undefined), 1000);
      },
    };
  } catch (err) {
    stream.getTracks().forEach((t) => void t.stop());
    void context.close().catch(() => undefined);
    throw err;
  }
}

/** What went wrong opening the microphone, from the browser's own names for the failures. */
export type MicProblem = "refused" | "absent" | "busy" | "insecure" | "failed";

export function micProblem(err: unknown): MicProblem {
  const name = err instanceof DOMException ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "absent";
  if (name === "NotReadableError") return "busy";
  // Browsers hide navigator.mediaDevices outside https:// and localhost.
  if (globalThis.isSecureContext === false) return "insecure";
  return name === "NotSupportedError" ? "absent" : "failed";
}

const MESSAGES: Record<MicProblem, string> = {
  refused: "Microphone access is blocked. Allow the microphone for this site in your browser, then try again.",
  absent: "No microphone was found. Connect one and try again.",
  busy: "The microphone is in use by another application.",
  insecure: "The browser only allows the microphone on https:// (or localhost).",
  failed: "The microphone could not be started.",
};

/** What the user reads when the microphone cannot be opened. */
export function micMessage(err: unknown): string {
  return MESSAGES[micProblem(err)];
}
