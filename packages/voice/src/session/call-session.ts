import type { LegEvent } from "../telephony/call-leg.ts";
import { createAgentSpeaker } from "./agent-speaker.ts";
import { createAnsweringMachine } from "./answering-machine.ts";
import { createCallEnding } from "./call-ending.ts";
import { createCallRecorder } from "./call-recorder.ts";
import { callResult } from "./call-result.ts";
import { createCallState } from "./call-state.ts";
import { createCallTransfer } from "./call-transfer.ts";
import { createCalleeAnswers } from "./callee-answers.ts";
import { createCalleeListener } from "./callee-listener.ts";
import { createCalleeTurns } from "./callee-turns.ts";
import { sharedPacer } from "./frame-pacer.ts";
import { playGreeting, prepareGreeting } from "./greeting.ts";
import { createSessionBus, PUBLIC_EVENTS } from "./session-bus.ts";
import { createSessionTranscript } from "./session-transcript.ts";
import { DEFAULT_TURN_TAKING, type SessionOptions, type SessionResult } from "./session-types.ts";
import { createSilenceCheckIns } from "./silence-check-in.ts";
import { createTakeOver } from "./take-over.ts";
import { watchHearing } from "./hearing-watch.ts";
import { keepLateWords } from "./late-words.ts";
import { transferBriefing } from "./transfer-briefing.ts";

/**
 * One call, from ringing to hang-up. Telephony only moves frames and the providers only transform; the
 * decisions are made by the parts built here, each from the parts above it. They share one call state
 * (call-state.ts: each field written by one part) and report what happened on one event bus
 * (session-bus.ts), which the parts built after them hear; the public events go to `onEvent`.
 */
export function runCallSession(opts: SessionOptions): Promise<SessionResult> {
  const cfg = { ...DEFAULT_TURN_TAKING, ...opts.turnTaking };
  const { leg, live, context } = opts;
  const pacer = opts.pacer ?? sharedPacer;
  const state = createCallState();
  const bus = createSessionBus();
  if (opts.onEvent) for (const type of PUBLIC_EVENTS) bus.on(type, opts.onEvent);

  // What the call keeps: how it ends, what was said, both sides' audio.
  const ending = createCallEnding(leg, state, bus);
  const transcript = createSessionTranscript(bus);
  const recorder = createCallRecorder(leg.sampleRate);
  const stt = opts.stt.openStream({ vocabulary: opts.vocabulary, legRate: leg.sampleRate, signal: opts.signal });

  // The agent: its brain with the session's own tools, the greeting synthesised while the phone rings, its voice.
  const transferCall = (req: { reason: string }) => bus.emit({ type: "transfer-requested", reason: req.reason });
  const brain = opts.brain(context, {
    ...opts.tools,
    endCall: ending.hangUpAfterSpeech,
    ...(opts.transfer ? { transferCall } : {}),
  });
  const greeting = prepareGreeting(brain.greeting(), opts.tts, opts.voiceId, leg.sampleRate);
  // What the agent expects the callee to answer: from the greeting on, after each of its turns.
  const answers = createCalleeAnswers({ stt, brain, state, bus, optOutDigit: opts.optOutDigit });
  answers.listen();
  bus.on("agent-turn-finished", () => answers.listen());
  const speaker = createAgentSpeaker({ leg, tts: opts.tts, voiceId: opts.voiceId, state, bus });
  bus.on("agent-frame", (e) => {
    recorder.agent(e.frame, e.atMs);
    live?.frame("agent", e.frame);
  });

  // A person may take the call: someone listening in, or the one a transfer puts the caller through to.
  const takeOver = createTakeOver({ leg, state, bus, speaker, recorder });
  live?.attach(takeOver);
  const transfer =
    opts.transfer &&
    createCallTransfer({
      ...opts.transfer,
      callerRate: leg.sampleRate,
      controls: takeOver,
      voice: { tts: opts.tts, voiceId: opts.voiceId, pacer },
      state,
      now: context.now,
      bus,
      brain,
      speaker,
      ending,
      live,
      briefing: (reason) => transferBriefing(context, transcript.turns, reason),
    });

  // The callee: an answering machine or a person, silences, their words heard and answered turn by turn.
  const machine = createAnsweringMachine({
    state,
    bus,
    machineGreetingMs: cfg.machineGreetingMs,
    message: () => brain.voicemailMessage(),
    speaker,
    ending,
  });
  const checkIns = createSilenceCheckIns({ state, checkInAfterMs: cfg.checkInAfterMs, brain, speaker, ending, bus });
  const { midPhraseSilenceMs, holdMidPhrase } = cfg;
  const turns = createCalleeTurns({
    state,
    bus,
    brain,
    answers,
    speaker,
    transcript,
    midPhraseSilenceMs,
    holdMidPhrase,
  });
  const listener = createCalleeListener({ legRate: leg.sampleRate, cfg, stt, vad: opts.vad, state, bus });
  const hearing = watchHearing(stt.progress);

  // The line: the pick-up starts the agent's voice with the greeting; each callee frame is recorded, tapped,
  // heard by a transferred person, and listened to unless a person holds the call.
  let stopPacing: (() => void) | null = null;
  function onLegEvent(e: LegEvent): void {
    if (e.type === "answered" && !state.answeredAt) {
      const at = context.now(); // the app's clock, which a test may move; the brain reads the same
      state.answer(at);
      bus.emit({ type: "answered", at });
      stopPacing = pacer.add(speaker.paced);
      void playGreeting(speaker, greeting);
    } else if (e.type === "audio" && state.answeredAt && !state.ended) {
      recorder.callee(e.frame);
      live?.frame("callee", e.frame);
      transfer?.callerFrame(e.frame);
      if (!state.held) listener.push(e.frame);
    } else if (e.type === "amd" && e.result === "machine") machine.carrierSaysMachine();
    else if (e.type === "amd" && e.result === "human") machine.markHuman();
    else if (e.type === "dtmf" && state.answeredAt && !state.ended)
      bus.emit({ type: "dtmf", digit: e.digit, ...(answers.key(e.digit) ? { answer: true as const } : {}) });
    else if (e.type === "ended") ending.legEnded(e.reason, e.detail);
  }

  leg.on(onLegEvent);
  bus.emit({ type: "ringing" });
  checkIns.start();
  const abort = () => ending.hangup("cancelled");
  opts.signal?.addEventListener("abort", abort, { once: true });

  // The end: everything stops, the last words still being recognised are kept, and the call is summed up.
  return ending.reason.then(async (endReason) => {
    ending.markEnded();
    checkIns.stop();
    machine.stop();
    answers.stop();
    transfer?.stop();
    opts.signal?.removeEventListener("abort", abort);
    stopPacing?.();
    speaker.stop();
    // Nothing the callee said is lost: words still being said or recognised, then the recording heard again.
    const late = await keepLateWords({ opts, listener, turns, stt, transcript, recorder, legRate: leg.sampleRate });
    const report = hearing.stop({ utterances: turns.utterances(), ...late });
    bus.emit({ type: "ended", reason: endReason });
    const result = await callResult({
      answeredAt: state.answeredAt,
      endedAt: context.now(),
      endReason,
      voicemail: state.voicemail !== "no",
      messageLeft: machine.messageLeft(transcript.turns),
      transcript: transcript.turns,
      brain,
      latency: speaker.latency,
      recording: recorder,
      sampleRate: leg.sampleRate,
      lateFrames: speaker.lateFrames(),
      endDetail: ending.detail(),
      hearing: report,
    });
    return transfer?.transferred() ? { ...result, transferred: true } : result;
  });
}
