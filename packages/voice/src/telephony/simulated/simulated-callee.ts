import { tone } from "../../audio/beep.ts";
import { createFramer, levelDb, samplesPerFrame } from "../../audio/frames.ts";
import type { FramePacer } from "../../session/frame-pacer.ts";
import type { Persona, Reaction, ScriptStep } from "./persona-script.ts";

export type CalleeDeps = {
  sampleRate: number;
  pacer: FramePacer;
  /** Every line of the persona (by `lineKey`), already synthesised or loaded (it was done while the phone rang). */
  lines: Map<string, Int16Array>;
  sendAudio(frame: Int16Array): void;
  /** One key pressed on the keypad (a DTMF event on the line). */
  press(key: string): void;
  hangup(): void;
};

/** What the callee learns of the agent beyond its audio, when the agent's brain is heard (agent-ears.ts). */
export type AgentWords = {
  /** A sentence the agent says (or is about to say). */
  said(text: string): void;
  /** The agent starts (true) or ends (false) working out a reply, e.g. checking the calendar: a person waits for it. */
  thinking(busy: boolean): void;
};

/** The key of the line that asks the campaign's FAQ (see `faq` on a say step). */
export const FAQ_LINE = "\u0000faq";

const AGENT_DONE_MS = 700; // the agent has finished when it has been quiet this long
// The agent said nothing for this long: go on anyway (as a person would say "hello?"). People on a phone wait
// this long for an answer; a loaded test machine can take seconds to recognise a line, and whole-call tests
// check what the call achieved, not how fast (the benchmarks measure that).
const STUCK_MS = 20_000;
const ON_HOLD_MS = 45_000; // asked to hold (a transfer rings someone): a person waits much longer before speaking up

/**
 * A person (or answering machine) on the far end of a simulated call. It hears the agent's frames,
 * waits for the agent to finish before its next line (or talks over it for `barge:`), and sends its own
 * voice as real-time 20 ms frames, silence in between, like a phone line.
 */
export function startSimulatedCallee(
  persona: Extract<Persona, { kind: "conversation" | "voicemail" }>,
  d: CalleeDeps,
): { hear(frame: Int16Array): void; stop(): void; agent: AgentWords } {
  const now = () => performance.now();
  const quiet = new Int16Array(samplesPerFrame(d.sampleRate));
  const steps: ScriptStep[] = persona.kind === "conversation" ? [...persona.steps] : [];
  let queue: Int16Array[] = [];
  let lastAgentVoice = 0;
  let agentStretchStart = 0;
  let agentSpokeSinceLine = false;
  let lineEndedAt = now();
  let waitUntil = 0;
  let stopped = false;
  // The agent's words since this callee's last line began, and whether its reply is still coming.
  let agentText = "";
  let agentThinking = 0; // replies being worked out (a barge-in can start one before the last is dropped)
  let lastLine = "";
  let onHold = false; // the agent said "please hold": the next line waits for a new voice (the person put through)
  const reactionsLeft = new Map<Reaction, number>();

  function speak(text: string, extra?: Int16Array): void {
    agentText = "";
    onHold = false;
    lastLine = text;
    const framer = createFramer(d.sampleRate);
    queue = [
      ...framer.push(d.lines.get(text) ?? new Int16Array(0)),
      ...(extra ? framer.push(extra) : []),
      ...framer.drain(),
    ];
  }

  if (persona.kind === "voicemail") speak(persona.greeting, tone(d.sampleRate, 1000, 500));
  else lineEndedAt = now();

  function nextStep(): void {
    const t = now();
    const agentQuietFor = t - lastAgentVoice;
    const agentDone = agentSpokeSinceLine && agentQuietFor >= AGENT_DONE_MS && agentThinking === 0;
    // The agent's words are known but not yet heard (its voice is still being made, slowly on a loaded machine): a
    // person hears nothing either, but the agent did answer, so it is waited for as long as a hold.
    const patience = onHold || agentText ? ON_HOLD_MS : STUCK_MS;
    const stuck = !agentSpokeSinceLine && t - lineEndedAt >= patience;
    if (persona.kind === "voicemail") {
      if (agentDone || t - lineEndedAt > 40_000) finish();
      return;
    }
    const step = steps[0];
    if (agentDone && /\bplease hold\b/i.test(agentText)) {
      // What was said before the hold is answered by waiting; whoever speaks next is answered instead.
      agentText = "";
      agentSpokeSinceLine = false;
      lineEndedAt = t;
      onHold = true;
      return;
    }
    if (agentDone && step?.kind !== "wait" && step?.kind !== "barge" && react()) return;
    if (!step) return void ((agentDone || stuck) && finish());
    if (step.kind === "wait") {
      if (!waitUntil) waitUntil = t + step.seconds * 1000;
      if (t >= waitUntil) {
        steps.shift();
        waitUntil = 0;
        lineEndedAt = t;
      }
    } else if (step.kind === "barge") {
      if (agentQuietFor < 100 && t - agentStretchStart >= 1000) steps.shift(), speak(step.text);
    } else if (agentDone || stuck) {
      steps.shift();
      if (step.kind === "hangup") finish();
      else if (step.kind === "press") press(step.keys);
      else if (step.kind === "say" && step.faq !== undefined && d.lines.has(FAQ_LINE)) speak(FAQ_LINE);
      else if (step.kind === "say" && step.faqOnly)
        nextStep(); // no FAQ to ask: straight on to the next line
      else speak(lineKey(step));
    }
  }

  /** Answers the agent's last turn instead of the next step when a reaction of the persona fits it. */
  function react(): boolean {
    if (persona.kind !== "conversation" || !agentText) return false;
    const r = persona.reactions?.find((x) => x.when.test(agentText) && (reactionsLeft.get(x) ?? x.times) > 0);
    if (!r || (r.say === null && !lastLine)) return false;
    reactionsLeft.set(r, (reactionsLeft.get(r) ?? r.times) - 1);
    speak(r.say ?? lastLine);
    return true;
  }

  /** Keys pressed a person's pace apart; the agent's turn they answer is over, as after a spoken line. */
  function press(keys: string): void {
    agentText = "";
    agentSpokeSinceLine = false;
    lineEndedAt = now();
    for (const [i, k] of [...keys].entries())
      setTimeout(() => {
        if (!stopped) d.press(k);
      }, i * 150);
  }

  function finish(): void {
    if (stopped) return;
    stop();
    d.hangup();
  }

  const stopPacing = d.pacer.add((late) => {
    for (let i = 0; i <= late && !stopped; i++) {
      const frame = queue.shift();
      d.sendAudio(frame ?? quiet);
      if (frame && queue.length === 0) {
        // Only what the agent says after this line counts as its answer to it.
        lineEndedAt = now();
        agentSpokeSinceLine = false;
      }
    }
    if (!stopped && queue.length === 0) nextStep();
  });

  function stop(): void {
    stopped = true;
    stopPacing();
  }

  return {
    agent: {
      said: (text) => {
        agentText = `${agentText} ${text}`.trim();
      },
      thinking: (busy) => {
        agentThinking = Math.max(0, agentThinking + (busy ? 1 : -1));
      },
    },
    hear(frame) {
      if (levelDb(frame) < -40) return;
      const t = now();
      if (t - lastAgentVoice > 300) agentStretchStart = t;
      lastAgentVoice = t;
      agentSpokeSinceLine = true;
    },
    stop,
  };
}

/** Where a step's audio is found in `lines`: its text, or the played file under a key no text can take. */
export function lineKey(step: Extract<ScriptStep, { kind: "say" | "barge" | "play" }>): string {
  return step.kind === "play" ? `\u0000play:${step.file}` : step.text;
}

/** Every line a persona may say, so they can be synthesised before the call is answered. */
export function personaLines(persona: Persona): string[] {
  if (persona.kind === "voicemail") return [persona.greeting];
  if (persona.kind !== "conversation") return [];
  const reactions = (persona.reactions ?? []).flatMap((r) => (r.say ? [r.say] : []));
  const own = persona.steps.flatMap((s) => ((s.kind === "say" && !s.faqOnly) || s.kind === "barge" ? [s.text] : []));
  return [...new Set([...own, ...reactions])];
}

/** Every file a persona plays, so they can be loaded before the call is answered. */
export function personaClips(persona: Persona): string[] {
  if (persona.kind !== "conversation") return [];
  return [...new Set(persona.steps.flatMap((s) => (s.kind === "play" ? [s.file] : [])))];
}
