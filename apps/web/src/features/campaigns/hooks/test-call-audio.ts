import { CALL_RATE, bytesToPcm16, createDownsampler, createFrameChunker, floatToPcm16, meterLevel, pcm16ToFloat } from "../logic/pcm16.ts";

/** Served from apps/web/public: an AudioWorklet module must be a separate script file. */
const WORKLET_URL = "/worklets/pcm-capture-worklet.js";
/** Audio queued ahead of playback: absorbs network jitter without a noticeable delay. */
const PLAYBACK_LEAD_S = 0.08;

export type MicCapture = { context: AudioContext; stop(): void };

/**
 * Opens the microphone (echo cancellation on, so the agent's voice from the speakers is not heard back as
 * the callee) and calls `onFrame` with 20 ms of 16 kHz PCM16, and `onLevel` with the meter level.
 */
export async function startMicCapture(onFrame: (pcm: Int16Array) => void, onLevel: (level: number) => void): Promise<MicCapture> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(WORKLET_URL);
    const source = context.createMediaStreamSource(stream);
    const node = new AudioWorkletNode(context, "pcm-capture", { numberOfInputs: 1, numberOfOutputs: 1, outputChannelCount: [1] });
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
        stream.getTracks().forEach((t) => t.stop());
        // The agent's last words are still queued for playback when the call ends: let them finish.
        setTimeout(() => void context.close().catch(() => undefined), 1000);
      },
    };
  } catch (err) {
    stream.getTracks().forEach((t) => t.stop());
    void context.close().catch(() => undefined);
    throw err;
  }
}

/** Plays the agent's 20 ms frames back to back; `clear` drops what is queued (barge-in). */
export function createPcmPlayer(context: AudioContext) {
  let nextAt = 0;
  const playing = new Set<AudioBufferSourceNode>();
  return {
    play(data: ArrayBuffer) {
      const pcm = bytesToPcm16(data);
      if (!pcm.length) return;
      const buffer = context.createBuffer(1, pcm.length, CALL_RATE);
      buffer.copyToChannel(pcm16ToFloat(pcm) as Float32Array<ArrayBuffer>, 0);
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(context.destination);
      nextAt = Math.max(nextAt, context.currentTime + PLAYBACK_LEAD_S);
      node.start(nextAt);
      nextAt += buffer.duration;
      playing.add(node);
      node.onended = () => playing.delete(node);
    },
    clear() {
      for (const node of playing) node.stop();
      playing.clear();
      nextAt = 0;
    },
  };
}
