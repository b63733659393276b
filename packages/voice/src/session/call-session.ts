import type { LegEvent } from "../telephony/call-leg.ts";
import { createAgentSpeaker } from "./agent-speaker.ts";
import { createAnsweringMachine } from "./answering-machine.ts";
import { createCallEnding } from "./call-ending.ts";
import { createCallRecorder } from "./call-recorder.ts";
import { callResult } from "./call-result.ts";
import { createCalleeListener } from "./callee-listener.ts";
import { createCalleeTurns } from "./callee-turns.ts";
import { sharedPacer } from "./frame-pacer.ts";
import { playGreeting, prepareGreeting } from "./greeting.ts";
import { createSessionTranscript } from "./session-transcript.ts";
import { DEFAULT_TURN_TAKING, type SessionOptions, type SessionResult } from "./session-types.ts";
import { createSilenceCheckIns } from "./silence-check-in.ts";
import { createTakeOver } from "./live-tap.ts";
import { createCallTransfer } from "./call-transfer.ts";
import { transferBriefing } from "./transfer-briefing.ts";

/**
 * One call, from ringing to hang-up. Telephony only moves frames and the providers only transform; the
 * decisions are made by the parts wired here: the callee listener (voice activity, endpointing, barge-in
 * signs), the callee's turns (reply, backchannel, interruption), the agent speaker (TTS and real-time
 * playout), the greeting, the answering machine, silence check-ins and the ending.
 */
export function runCallSession(opts: SessionOptions): Promise<SessionResult> {
  const cfg = { ...DEFAULT_TURN_TAKING, ...opts.turnTaking };
  const { leg } = opts;
  const emit = opts.onEvent ?? (() => {});
  let answeredPerf = 0;
  let answeredAt: Date | null = null;
  const now = () => performance.now() - answeredPerf;

  const ending = createCallEnding(leg);
  const transcript = createSessionTranscript((turn) => emit({ type: "turn", turn }));
  const recorder = createCallRecorder(leg.sampleRate);
  const stt = opts.stt.openStream({ vocabulary: opts.vocabulary, legRate: leg.sampleRate, signal: opts.signal });
  const transferTool = opts.transfer ? { transferCall: (req: { reason: string }) => transfer?.request(req.reason) } : {};
  const brain = opts.brain(opts.context, { ...opts.tools, endCall: ending.hangUpAfterSpeech, ...transferTool });
  const greeting = prepareGreeting(brain.greeting(), opts.tts, opts.voiceId, leg.sampleRate);

  const takeOver = createTakeOver({
    leg, isEnded: () => ending.isEnded(), interrupt: () => interrupt(),
    record: (frame) => recorder.agent(frame, now()), resumed: () => checkIns.activity(),
  });
  opts.live?.attach(takeOver.controls);
  const transfer = opts.transfer && createCallTransfer({
    ...opts.transfer, callerRate: leg.sampleRate, controls: takeOver.controls, tts: opts.tts, voiceId: opts.voiceId,
    pacer: opts.pacer ?? sharedPacer, isEnded: () => ending.isEnded(), now: () => opts.context.now(),
    briefing: (reason) => transferBriefing(opts.context, transcript.turns, reason),
    onPersonFrame: (frame) => opts.live?.frame("agent", frame),
    onResult(r) {
      if (r.answered) transferred = true;
      emit({ type: "transfer", transfer: r });
      if (r.answered) brain.transferEnded?.({ answered: true });
    },
    onBack(detail) {
      const line = brain.transferEnded?.({ answered: false, detail });
      speaker.say(line ?? "I'm sorry, nobody from the team could pick up just now. Would you like someone to call you back?");
    },
    hangUpCaller: () => ending.hangup("completed"),
  });
  let transferred = false;
  const speaker = createAgentSpeaker({
    leg: takeOver.agentLeg, tts: opts.tts, voiceId: opts.voiceId, now, isEnded: ending.isEnded,
    onFrame(frame, atMs) {
      if (takeOver.held()) return;
      recorder.agent(frame, atMs);
      opts.live?.frame("agent", frame);
    },
    onTurn: transcript.push,
    onError: (message) => emit({ type: "turn", turn: { speaker: "agent", text: `[error: ${message}]`, startMs: Math.round(now()), endMs: Math.round(now()) } }),
    onTurnFinished() {
      checkIns.activity();
      ending.agentFinished();
      transfer?.agentTurnFinished();
    },
  });
  const interrupt = () => {
    speaker.interrupt();
    ending.keepTalking();
  };
  const machine = createAnsweringMachine({
    now, machineGreetingMs: cfg.machineGreetingMs,
    onDetected() {
      emit({ type: "voicemail" });
      if (speaker.speaking()) interrupt();
    },
    message: () => brain.voicemailMessage(),
    speakThenHangUp(text) {
      ending.hangUpAfterSpeech();
      speaker.say(text);
    },
  });
  const checkIns = createSilenceCheckIns({
    now, checkInAfterMs: cfg.checkInAfterMs,
    // The clock of silence starts when the callee answers.
    busy: () => !answeredAt || ending.isEnded() || takeOver.held() || speaker.speaking() || calleeTurns.recognizing() > 0 || listener.inSpeech() || machine.active(),
    checkIn(n, last) {
      if (last) ending.hangUpAfterSpeech();
      speaker.say(brain.onSilence(n));
    },
  });
  const calleeTurns = createCalleeTurns({
    now, isEnded: ending.isEnded, brain, speaker, machine, transcript, checkIns, interrupt,
    calleeSpeaking: () => listener.inSpeech(), midPhraseSilenceMs: cfg.midPhraseSilenceMs, holdMidPhrase: cfg.holdMidPhrase,
  });
  const listener = createCalleeListener({
    legRate: leg.sampleRate, sttRate: opts.stt.sampleRate, cfg, stt, vad: opts.vad, now,
    isAgentSpeaking: speaker.speaking,
    onBargeIn() {
      if (!machine.active()) speaker.pause(); // a machine's greeting never stops the voicemail message
    },
    onLongGreeting: machine.longGreeting,
    onBeep: machine.beep,
    onUtterance: calleeTurns.onUtterance,
  });

  let stopPacing: (() => void) | null = null;
  function onLegEvent(e: LegEvent): void {
    if (e.type === "answered" && !answeredAt) {
      answeredPerf = performance.now();
      answeredAt = opts.context.now(); // the app's clock, which a test may move; the brain reads the same
      emit({ type: "answered", at: answeredAt });
      stopPacing = (opts.pacer ?? sharedPacer).add(speaker.paced);
      void playGreeting(speaker, greeting);
    } else if (e.type === "audio" && answeredAt && !ending.isEnded()) {
      recorder.callee(e.frame);
      opts.live?.frame("callee", e.frame);
      transfer?.callerFrame(e.frame);
      if (!takeOver.held()) listener.push(e.frame);
    } else if (e.type === "amd" && e.result === "machine") machine.carrierSaysMachine();
    else if (e.type === "amd" && e.result === "human") machine.markHuman();
    else if (e.type === "dtmf" && answeredAt && !ending.isEnded()) emit({ type: "dtmf", digit: e.digit });
    else if (e.type === "ended") ending.legEnded(e.reason, e.detail);
  }

  leg.on(onLegEvent);
  emit({ type: "ringing" });
  checkIns.start();
  const abort = () => ending.hangup("cancelled");
  opts.signal?.addEventListener("abort", abort, { once: true });

  return ending.reason.then(async (endReason) => {
    ending.markEnded();
    checkIns.stop();
    machine.stop();
    transfer?.stop();
    opts.signal?.removeEventListener("abort", abort);
    stopPacing?.();
    speaker.stop();
    await calleeTurns.keepUnheard(); // before stt.close(), which frees the recogniser
    stt.close();
    emit({ type: "ended", reason: endReason });
    const result = await callResult({
      answeredAt, endedAt: opts.context.now(), endReason, voicemail: machine.active(), messageLeft: machine.messageLeft(transcript.turns), transcript: transcript.turns, brain,
      latency: speaker.latency, recording: recorder, sampleRate: leg.sampleRate, lateFrames: speaker.lateFrames(), endDetail: ending.detail(),
    });
    return transferred ? { ...result, transferred } : result;
  });
}
