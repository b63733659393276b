import { CALL_RATE, bytesToPcm16, pcm16ToFloat } from "../../../lib/pcm16.ts";

/** Audio queued ahead of playback: absorbs network jitter without a noticeable delay. */
const PLAYBACK_LEAD_S = 0.08;

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
