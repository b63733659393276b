// Microphone capture for the browser test call and the knowledge base test box's spoken question. It only
// hands each 128-sample block of the first input channel (at the AudioContext's own rate) to the page,
// which resamples to 16 kHz PCM16 and sends it;
// keeping the logic in the page's TypeScript keeps it typed and unit-tested.
class PcmCaptureProcessor extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel && channel.length) this.port.postMessage(channel.slice(0));
    return true;
  }
}
registerProcessor("pcm-capture", PcmCaptureProcessor);
