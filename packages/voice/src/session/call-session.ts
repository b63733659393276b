import { createFramer } from "../audio/frames.ts";
import type { Brain, CallOutcome, TranscriptTurn } from "../brain/brain.ts";
import { summarizeUnspokenCall } from "../brain/rules-summary.ts";
import type { EndReason, LegEvent } from "../telephony/call-leg.ts";
import { createAgentVoice } from "./agent-voice.ts";
import { createCallRecorder } from "./call-recorder.ts";
import { createCalleeListener, type Utterance } from "./callee-listener.ts";
import { sharedPacer } from "./frame-pacer.ts";
import { DEFAULT_TURN_TAKING, type LatencyMark, type SessionOptions, type SessionResult } from "./session-types.ts";
import { isBackchannel } from "./backchannel.ts";

/**
 * One call, from ringing to hang-up: the greeting prepared while it rings, turn-taking, barge-in,
 * backchannels, answering machines, silence check-ins, the transcript, the recording and latency marks.
 * Telephony only moves frames; the providers only transform; every decision about the call is made here.
 */
export function runCallSession(opts: SessionOptions): Promise<SessionResult> {
  const cfg = { ...DEFAULT_TURN_TAKING, ...opts.turnTaking };
  const { leg, tts } = opts;
  const rate = leg.sampleRate;
  const pacer = opts.pacer ?? sharedPacer;
  const voice = createAgentVoice();
  const recorder = createCallRecorder(rate);
  const stt = opts.stt.openStream({ vocabulary: opts.vocabulary, signal: opts.signal });
  const transcript: TranscriptTurn[] = [];
  const latency: LatencyMark[] = [];
  const emit = opts.onEvent ?? (() => {});

  let answeredPerf = 0;
  let answeredAt: Date | null = null;
  let ended = false;
  let endAfterSpeech = false;
  let voicemail: "no" | "listening" | "leaving" = "no";
  let humanConfirmed = false;
  let turnNo = 0;
  let agentTurn: { startMs: number; mark: Partial<LatencyMark>; generating: boolean } | null = null;
  let replyAbort: AbortController | null = null;
  let agentEndMs = 0;
  let lastActivityMs = 0;
  let silences = 0;
  let recognizing = 0;
  /** Utterances whose words were still being recognised when the call ended. */
  const unheard = new Map<Utterance, Promise<string>>();
  let lateFrames = 0;
  let stopPacing: (() => void) | null = null;
  let resolveEnd: (reason: EndReason) => void = () => {};
  const endPromise = new Promise<EndReason>((r) => (resolveEnd = r));

  const t = () => performance.now() - answeredPerf;
  const brain: Brain = opts.brain(opts.context, { ...opts.tools, endCall: () => void (endAfterSpeech = true) });
  const greetingText = brain.greeting();
  const greetingAudio = synthesizeAll(greetingText).catch(() => [] as Int16Array[]);

  async function synthesizeAll(text: string, signal?: AbortSignal): Promise<Int16Array[]> {
    const framer = createFramer(rate);
    const frames: Int16Array[] = [];
    for await (const chunk of tts.synthesize(text, { voiceId: opts.voiceId, sampleRate: rate, signal })) frames.push(...framer.push(chunk));
    return [...frames, ...framer.drain()];
  }

  const listener = createCalleeListener({
    legRate: rate,
    sttRate: opts.stt.sampleRate,
    cfg,
    stt,
    isAgentSpeaking: () => agentTurn !== null,
    now: t,
    onBargeIn() {
      if (voicemail !== "no" || voice.isPaused()) return;
      voice.pause();
      leg.clear();
    },
    onLongGreeting() {
      if (!humanConfirmed && voicemail === "no" && t() < cfg.machineGreetingMs + 6000) startVoicemail();
    },
    onBeep() {
      if (voicemail === "listening") leaveVoicemail();
    },
    onUtterance: (u) => void handleUtterance(u),
  });

  // ---- outbound audio, paced in real time --------------------------------------------------------
  function paced(late: number): void {
    for (let i = 0; i <= late && !ended; i++) {
      const frame = voice.nextFrame();
      if (!frame) break;
      if (i > 0) lateFrames++;
      const at = Math.max(t(), agentEndMs);
      leg.send(frame);
      recorder.agent(frame, at);
      agentEndMs = at + 20;
      if (agentTurn && agentTurn.mark.firstFrameSent === undefined) {
        agentTurn.mark.firstFrameSent = Math.round(t());
        agentTurn.startMs = Math.round(at);
        latency.push(agentTurn.mark as LatencyMark);
      }
    }
    if (agentTurn && !agentTurn.generating && !voice.busy()) finishAgentTurn();
  }

  function beginAgentTurn(mark: Omit<LatencyMark, "turn" | "firstFrameSent" | "brainFirstToken" | "ttsFirstAudio">) {
    agentTurn = { startMs: Math.round(t()), mark: { turn: ++turnNo, ...mark }, generating: true };
    return agentTurn;
  }

  function finishAgentTurn(): void {
    if (!agentTurn) return;
    const heard = voice.takeTurn();
    if (heard.text) pushTurn({ speaker: "agent", text: heard.text, startMs: agentTurn.startMs, endMs: Math.round(Math.max(t(), agentEndMs)), ...(heard.interrupted ? { interrupted: true } : {}) });
    agentTurn = null;
    lastActivityMs = t();
    if (endAfterSpeech && !ended) hangup("completed");
  }

  function pushTurn(turn: TranscriptTurn): void {
    transcript.push(turn);
    emit({ type: "turn", turn });
  }

  /** Speaks sentences as they come (TTS of the next runs while the previous one plays). */
  async function speak(sentences: AsyncIterable<string>, turn: NonNullable<typeof agentTurn>, signal: AbortSignal): Promise<void> {
    try {
      for await (const sentence of sentences) {
        if (signal.aborted || ended) break;
        turn.mark.brainFirstToken ??= Math.round(t());
        const out = voice.begin(sentence);
        const framer = createFramer(rate);
        for await (const chunk of tts.synthesize(sentence, { voiceId: opts.voiceId, sampleRate: rate, signal })) {
          turn.mark.ttsFirstAudio ??= Math.round(t());
          for (const f of framer.push(chunk)) out.push(f);
          // The first frame of a turn leaves now, not at the next tick: up to 20 ms saved per turn.
          if (turn.mark.firstFrameSent === undefined && !signal.aborted) paced(0);
        }
        for (const f of framer.drain()) out.push(f);
        out.complete();
      }
    } catch (err) {
      if (!signal.aborted) opts.onEvent?.({ type: "turn", turn: { speaker: "agent", text: `[error: ${(err as Error).message}]`, startMs: Math.round(t()), endMs: Math.round(t()) } });
    } finally {
      turn.generating = false;
    }
  }

  function say(text: string, mark?: Partial<LatencyMark>): void {
    const now = Math.round(t());
    const turn = beginAgentTurn({ endOfSpeech: mark?.endOfSpeech ?? now, sttFinal: mark?.sttFinal ?? now });
    replyAbort = new AbortController();
    void speak(once(text), turn, replyAbort.signal);
  }

  // ---- the callee ---------------------------------------------------------------------------------
  async function handleUtterance(u: Utterance): Promise<void> {
    // The callee just spoke: no check-in while their words are still being recognised.
    recognizing++;
    lastActivityMs = t();
    const heard = u.text.then((x) => x.trim());
    unheard.set(u, heard);
    const text = await heard.finally(() => {
      recognizing--;
      lastActivityMs = t();
    });
    const { confidence } = await u.heard; // settled with the text
    if (ended) return; // the end of the call keeps these words (no reply)
    unheard.delete(u);
    const sttFinal = Math.round(t());
    if (voicemail !== "no") {
      if (voicemail === "listening") scheduleVoicemailFallback();
      return;
    }
    humanConfirmed = true;
    if (agentTurn && voice.isPaused()) {
      // Barged in: a backchannel lets the agent go on; anything else is a real interruption.
      if (isBackchannel(text) || (!text && u.speechMs < 600)) return voice.resume();
      interrupt();
    } else if (agentTurn && (!text || isBackchannel(text))) return;
    if (!text) return;
    silences = 0;
    lastActivityMs = t();
    pushTurn({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
    if (agentTurn) interrupt();
    const turn = beginAgentTurn({ endOfSpeech: u.endMs, sttFinal });
    replyAbort = new AbortController();
    const history = transcript.slice(0, -1);
    await speak(brain.reply(text, history, replyAbort.signal, confidence), turn, replyAbort.signal);
  }

  function interrupt(): void {
    replyAbort?.abort();
    voice.clear();
    leg.clear();
    finishAgentTurn();
    endAfterSpeech = false;
  }

  // ---- answering machines -------------------------------------------------------------------------
  let voicemailFallback: NodeJS.Timeout | null = null;
  function startVoicemail(): void {
    voicemail = "listening";
    emit({ type: "voicemail" });
    if (agentTurn) interrupt();
    scheduleVoicemailFallback(20_000);
  }
  /** No beep: leave the message once the greeting has been quiet a while. */
  function scheduleVoicemailFallback(ms = 2500): void {
    if (voicemailFallback) clearTimeout(voicemailFallback);
    voicemailFallback = setTimeout(() => voicemail === "listening" && leaveVoicemail(), ms);
  }
  let voicemailText = "";
  function leaveVoicemail(): void {
    voicemail = "leaving";
    if (voicemailFallback) clearTimeout(voicemailFallback);
    endAfterSpeech = true;
    say((voicemailText = brain.voicemailMessage()));
  }

  // ---- silence, limits and the end ----------------------------------------------------------------
  function watchSilence(): void {
    // Nothing to check while it rings: the clock of silence starts when the callee answers.
    if (!answeredAt || ended || agentTurn || recognizing > 0 || listener.inSpeech() || voicemail !== "no") return;
    if (t() - lastActivityMs < cfg.checkInAfterMs) return;
    silences++;
    if (silences >= 2) endAfterSpeech = true;
    say(brain.onSilence(silences));
  }

  function hangup(reason: EndReason): void {
    if (ended) return;
    leg.hangup();
    resolveEnd(reason);
  }

  function onLegEvent(e: LegEvent): void {
    if (e.type === "answered" && !answeredAt) return void onAnswered();
    if (e.type === "audio" && answeredAt && !ended) {
      recorder.callee(e.frame);
      listener.push(e.frame);
    } else if (e.type === "amd" && e.result === "machine" && voicemail === "no") startVoicemail();
    else if (e.type === "amd" && e.result === "human") humanConfirmed = true;
    else if (e.type === "ended") resolveEnd(e.reason);
  }

  async function onAnswered(): Promise<void> {
    answeredPerf = performance.now();
    answeredAt = new Date();
    emit({ type: "answered", at: answeredAt });
    stopPacing = pacer.add(paced);
    const turn = beginAgentTurn({ endOfSpeech: 0, sttFinal: 0 });
    turn.mark.brainFirstToken = 0;
    const frames = await greetingAudio;
    turn.mark.ttsFirstAudio = Math.round(t());
    const out = voice.begin(greetingText);
    for (const f of frames) out.push(f);
    out.complete();
    paced(0);
    turn.generating = false;
  }

  leg.on(onLegEvent);
  emit({ type: "ringing" });
  const timers = [setInterval(watchSilence, 250)];
  const abort = () => hangup("cancelled");
  opts.signal?.addEventListener("abort", abort, { once: true });

  return endPromise.then(async (endReason) => {
    ended = true;
    timers.forEach(clearInterval);
    if (voicemailFallback) clearTimeout(voicemailFallback);
    opts.signal?.removeEventListener("abort", abort);
    stopPacing?.();
    replyAbort?.abort();
    if (agentTurn) finishAgentTurn();
    // The callee hung up while their last words were being recognised (a slow machine): they were said, so
    // the transcript and the outcome keep them. Before stt.close(), which removes the recogniser's files.
    // A stuck recogniser must not hold the call open.
    const giveUp = new Promise<string>((r) => setTimeout(r, 5000, "").unref());
    for (const [u, heard] of unheard) {
      const text = await Promise.race([heard.catch(() => ""), giveUp]);
      if (text && voicemail === "no") pushTurn({ speaker: "callee", text, startMs: u.startMs, endMs: u.endMs });
    }
    stt.close();
    emit({ type: "ended", reason: endReason });
    const endedAt = new Date();
    const answered = answeredAt !== null;
    const spoke = transcript.some((x) => x.speaker === "callee");
    const summary = answered && voicemail === "no" && spoke ? await brain.finish(transcript).catch(() => null) : null;
    const outcome = outcomeOf(answered, endReason, voicemail !== "no", spoke, summary?.outcome);
    // Left only if the whole message was played (not cut off by a hang-up).
    const messageLeft = transcript.some((x) => x.speaker === "agent" && !x.interrupted && voicemailText !== "" && x.text === voicemailText.trim());
    return {
      answered,
      endReason,
      answeredAt,
      endedAt,
      durationSecs: answered ? Math.round((endedAt.getTime() - answeredAt!.getTime()) / 1000) : 0,
      outcome,
      summary: summary ?? (outcome === "voicemail" || outcome === "no_answer" || outcome === "busy" || outcome === "failed"
        ? summarizeUnspokenCall(outcome, { messageLeft, answered, reason: endReason === "cancelled" ? "cancelled" : undefined })
        : null),
      transcript,
      latency,
      recording: answered ? recorder.toWav() : null,
      recordingSampleRate: rate,
      lateFrames,
    };
  });
}

function outcomeOf(answered: boolean, reason: string, voicemail: boolean, spoke: boolean, brainOutcome?: CallOutcome): CallOutcome {
  if (!answered) return reason === "busy" ? "busy" : reason === "no_answer" ? "no_answer" : "failed";
  if (voicemail) return "voicemail";
  if (!spoke) return "no_answer";
  return brainOutcome ?? "follow_up";
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}
