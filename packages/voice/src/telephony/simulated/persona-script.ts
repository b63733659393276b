import path from "node:path";

/** What a simulated callee does: a preset persona or a script such as "say:Hello?;barge:Stop;hangup". */
export type ScriptStep =
  /**
   * `faq`: ask the campaign's FAQ of this index (modulo their count) instead, when the agent's brain is heard;
   * `faqOnly`: a step that is only that question, skipped when the campaign has no FAQ to ask.
   */
  | { kind: "say"; text: string; faq?: number; faqOnly?: boolean }
  /** Talk over the agent while it speaks (tests barge-in). */
  | { kind: "barge"; text: string }
  /** Stay silent this many seconds (tests check-ins). */
  | { kind: "wait"; seconds: number }
  /** Play a WAV file from the simulated audio folder (SIMULATED_AUDIO_DIR): a real voice instead of flite. */
  | { kind: "play"; file: string }
  /** Press keys on the phone's keypad (DTMF), once the agent has finished: "press:2", "press:1234#". */
  | { kind: "press"; keys: string }
  | { kind: "hangup" };

/** Where `play:` steps find their files; without a folder they are refused. */
export type ScriptOptions = { audioDir?: string | null };

/**
 * How a preset answers the agent's last turn when it matches, instead of its next step (at most `times`
 * per call). `say: null` repeats the callee's own last line ("could you say it again?").
 */
export type Reaction = { when: RegExp; say: string | null; times: number };

export type Persona =
  | { kind: "conversation"; name: string; steps: ScriptStep[]; reactions?: Reaction[] }
  | { kind: "voicemail"; greeting: string }
  | { kind: "no_answer" }
  | { kind: "busy" }
  | { kind: "failed" };

const say = (text: string): ScriptStep => ({ kind: "say", text });
const HANGUP: ScriptStep = { kind: "hangup" };

const CONVERSATIONS: Record<string, ScriptStep[]> = {
  interested: [
    say("Yes, I am interested."),
    say("OK, book me Tuesday at 3 pm."),
    say("No, that's all. Thank you, bye."),
    HANGUP,
  ],
  not_interested: [say("No thanks, I am not interested."), HANGUP],
  callback: [say("I am busy right now. Can you call me tomorrow morning?"), HANGUP],
  question: [say("What does the premium plan cost?"), say("OK, that is all I wanted to know. Thanks, bye."), HANGUP],
  dnc: [say("Please stop calling me and take me off your list."), HANGUP],
  // Qualifying questions (docs/outcome-fields.md), in the order of the test campaign's fields: a budget, a CRM,
  // a team size, whether they decide. One answers each; the other dodges each.
  qualifier: [
    say("Yes, I have a minute."),
    say("We spend two thousand dollars a month."),
    say("We use HubSpot."),
    say("Maybe fifty people."),
    say("Yes, I do."),
    say("No, that's all. Thank you, bye."),
    HANGUP,
  ],
  dodger: [
    say("Yes, go ahead."),
    say("I am not sure yet."),
    say("I would rather not say."),
    say("I do not know."),
    say("Hard to say."),
    say("No thanks. Goodbye."),
    HANGUP,
  ],
  // Asks for a person; once put through, talks with them (or, when nobody answers, takes the callback).
  person: [
    say("Can I talk to a real person, please?"),
    say("Yes, I have a question about my order."),
    say("Thank you, bye."),
    HANGUP,
  ],
};

/**
 * The person a simulated transfer rings ("Transfer to"): they answer and greet the caller, unless the target
 * is a SIP address whose user says otherwise (sip:busy@…, sip:no_answer@…), so the way back to the agent can
 * be tried without a carrier account.
 */
export function transferPersona(target: string): Persona {
  const user = /^sips?:([^@;]+)@/i
    .exec(target.trim())?.[1]
    ?.toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (user === "busy" || user === "no_answer" || user === "failed") return { kind: user };
  return {
    kind: "conversation",
    name: "transfer_person",
    reactions: [],
    steps: [
      say("Hi, this is the team. How can I help you?"),
      say("Of course, I will sort that out for you today. Goodbye."),
      HANGUP,
    ],
  };
}

// People answer what they are asked: they confirm what they said, repeat themselves once when not
// understood, and the interested one takes the first free slot offered (the agent's own words: rules-lines.ts),
// also when the agent comes back to them after a question ("would one of those times work for you?").
const PEOPLE: Reaction[] = [
  { when: /\bjust to be sure\b/i, say: "Yes.", times: 2 },
  { when: /\b(say it again|didn't quite catch)\b/i, say: null, times: 1 },
];
// The qualifier says each answer again for as long as it is asked again (the agent asks twice, then moves on).
const PATIENT: Reaction[] = [
  { when: /\bjust to be sure\b/i, say: "Yes.", times: 4 },
  { when: /\b(say it again|didn't quite catch)\b/i, say: null, times: 4 },
];
const REACTIONS: Record<string, Reaction[]> = {
  qualifier: PATIENT,
  interested: [
    {
      when: /\bwhich works better\b|\bone of those times\b|\bI could do\b.*\bor\b/i,
      say: "The first one works.",
      times: 2,
    },
    ...PEOPLE,
  ],
};

/**
 * A preset's conversation. On some numbers the question persona asks one of the campaign's FAQs instead of
 * its own question, and the interested one asks one before naming a time, as people do.
 */
function presetConversation(name: string, phone: string): Persona {
  let steps = CONVERSATIONS[name]!;
  const h = hashDigits(phone, 37);
  if (name === "question" && h % 2 === 0)
    steps = [{ ...steps[0]!, faq: Math.floor(h / 2) } as ScriptStep, ...steps.slice(1)];
  if (name === "interested" && h % 3 === 0) {
    steps = [
      steps[0]!,
      { kind: "say", text: "I have a question first.", faq: Math.floor(h / 3), faqOnly: true },
      ...steps.slice(1),
    ];
  }
  return { kind: "conversation", name, steps, reactions: REACTIONS[name] ?? PEOPLE };
}

/** Reads a persona column; unknown words fall back to the number's own persona. */
export function parsePersona(value: string | null, phone: string, opts: ScriptOptions = {}): Persona {
  const v = (value ?? "").trim();
  if (v.includes(":") || /(^|;)\s*hangup\s*$/i.test(v))
    return { kind: "conversation", name: "script", steps: parseScript(v, opts) };
  const preset = v.toLowerCase().replace(/[\s-]+/g, "_");
  if (CONVERSATIONS[preset]) return presetConversation(preset, phone);
  if (preset === "voicemail") {
    return {
      kind: "voicemail",
      greeting:
        "Hi, you have reached my voicemail. I cannot take your call right now. Please leave a message after the tone.",
    };
  }
  if (preset === "no_answer" || preset === "busy" || preset === "failed") return { kind: preset };
  return parsePersona(personaForNumber(phone), phone);
}

/** `say:…;barge:…;wait:5;play:hello.wav;hangup` → steps; a malformed step is an error the caller shows. */
export function parseScript(script: string, opts: ScriptOptions = {}): ScriptStep[] {
  return script
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((step): ScriptStep => {
      if (/^hangup$/i.test(step)) return HANGUP;
      const [verb = "", ...rest] = step.split(":");
      const arg = rest.join(":").trim();
      if (/^say$/i.test(verb) && arg) return say(arg);
      if (/^barge$/i.test(verb) && arg) return { kind: "barge", text: arg };
      if (/^wait$/i.test(verb) && Number(arg) > 0) return { kind: "wait", seconds: Number(arg) };
      if (/^play$/i.test(verb) && arg) return { kind: "play", file: checkAudioName(step, arg, opts.audioDir) };
      if (/^press$/i.test(verb) && /^[0-9*#]+$/.test(arg)) return { kind: "press", keys: arg };
      throw new Error(
        `Invalid persona script step "${step}": use say:<text>, ` +
          "barge:<text>, wait:<seconds>, play:<file.wav>, press:<keys> or hangup",
      );
    });
}

/**
 * A `play:` file name is a plain name inside the audio folder: no absolute path, no `..`, no folder
 * outside it. (Symlinks and missing files are caught when the file is opened: see audio-clips.ts.)
 */
function checkAudioName(step: string, file: string, audioDir: string | null | undefined): string {
  if (!audioDir)
    throw new Error(
      `Invalid persona script step "${step}": play needs ` +
        "SIMULATED_AUDIO_DIR, the folder of WAV files simulated callees may " +
        "play",
    );
  const parts = file.split(/[\\/]+/);
  if (
    path.isAbsolute(file) ||
    /^[a-z]:/i.test(file) ||
    parts.some((p) => p === ".." || p === "") ||
    file.includes("\0")
  ) {
    throw new Error(
      `Invalid persona script step "${step}": play takes a file name ` +
        'inside SIMULATED_AUDIO_DIR (no absolute path, no "..")',
    );
  }
  return file;
}

// Weighted like a real list: most people talk, some miss the call.
const BY_NUMBER = [
  "interested",
  "interested",
  "not_interested",
  "callback",
  "question",
  "voicemail",
  "no_answer",
  "busy",
  "not_interested",
  "dnc",
];

/** A number without a persona always behaves the same way (its digits pick the preset). */
export function personaForNumber(phone: string): string {
  return BY_NUMBER[hashDigits(phone, 31) % BY_NUMBER.length]!;
}

function hashDigits(phone: string, base: number): number {
  let h = 0;
  for (const d of phone.replace(/\D/g, "")) h = (h * base + Number(d)) % 1_000_003;
  return h;
}
