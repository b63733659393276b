import { classifyIntent } from "../brain/intents.ts";
import { callbackTime } from "../brain/rules-dialogue.ts";
import { hearLostWords } from "../listening/hear-lost-words.ts";
import type { SttStream } from "../providers/stt/stt-provider.ts";
import type { CallRecorder } from "./call-recorder.ts";
import type { createCalleeListener } from "./callee-listener.ts";
import type { createCalleeTurns } from "./callee-turns.ts";
import type { SessionTranscript } from "./session-transcript.ts";
import type { SessionOptions } from "./session-types.ts";

type LateWordsDeps = {
  opts: Pick<SessionOptions, "stt" | "vad" | "vocabulary" | "tools" | "context">;
  listener: Pick<ReturnType<typeof createCalleeListener>, "end">;
  turns: Pick<ReturnType<typeof createCalleeTurns>, "keepUnheard" | "lost">;
  stt: SttStream;
  transcript: SessionTranscript;
  recorder: Pick<CallRecorder, "calleeAudio">;
  legRate: number;
};

/**
 * The call is over; the callee's last words are kept: an utterance still being said is flushed, those still being
 * recognised are waited for while the recogniser makes progress, and those it could not give are heard again from
 * the recording. A line heard only now was never answered, so what it asks is done here: an opt-out is honoured,
 * a call back is scheduled (at the time it names, else the next morning, as the agent would have).
 */
export async function keepLateWords(d: LateWordsDeps): Promise<{ lost: number; recovered: number }> {
  const before = new Set(d.transcript.turns);
  d.listener.end();
  await d.turns.keepUnheard(d.stt.progress); // before stt.close(), which frees the recogniser
  d.stt.close();
  const lost = d.turns.lost();
  const again = lost.length
    ? await hearLostWords({
        stt: d.opts.stt,
        vad: d.opts.vad,
        vocabulary: d.opts.vocabulary,
        legRate: d.legRate,
        lost,
        calleeAudio: d.recorder.calleeAudio,
      })
    : [];
  for (const turn of again) d.transcript.insert(turn);
  const late = d.transcript.turns.filter((t) => !before.has(t) && t.speaker === "callee");
  const asking = (intent: string) => late.find((t) => classifyIntent(t.text) === intent);
  const callBack = asking("callback");
  if (asking("dnc")) await d.opts.tools.markDoNotCall().catch(() => {});
  else if (callBack)
    await d.opts.tools.scheduleCallback(callbackTime(callBack.text, d.opts.context).at).catch(() => {});
  const recovered = again.length;
  return { lost: lost.length - recovered, recovered };
}
