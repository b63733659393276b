import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AgentTools, BrainFactory } from "../../brain/brain.ts";
import type { TtsProvider } from "../../providers/tts/tts-provider.ts";
import { testContext } from "../../../../../tests/support/voice/test-providers.ts";
import { parsePersona } from "./persona-script.ts";
import { createSimulatedTelephony } from "./simulated-telephony.ts";

/** A callee voice where every line is a constant level of its own, so the test can tell which line was said. */
function labelledTts(): TtsProvider & { said(level: number): string } {
  const texts: string[] = [];
  const level = (text: string) => (texts.includes(text) ? texts.indexOf(text) : texts.push(text) - 1) * 100 + 1000;
  return {
    name: "labelled",
    listVoices: async () => [],
    async *synthesize(text, { sampleRate }) {
      yield new Int16Array(sampleRate / 5).fill(level(text)); // 200 ms
    },
    said: (l) => texts[(l - 1000) / 100] ?? `?${l}`,
  };
}

const tools = {} as AgentTools; // the scripted brain below never uses them

/** A brain whose replies are given in order, sentence by sentence. */
function scriptedBrain(replies: string[][]): BrainFactory {
  return () => ({
    name: "scripted",
    greeting: () => "Hi, this is an AI assistant. Do you have a minute?",
    async *reply() {
      yield* replies.shift() ?? [];
    },
    expecting: () => ({ kind: "open" }),
    onSilence: () => "Are you still there?",
    voicemailMessage: () => "",
    finish: async () => ({ outcome: "interested", summary: "", sentiment: "neutral", extracted: {} }),
  });
}

async function conversation(persona: string, phone: string, faqs: Array<{ question: string; answer: string }> = []) {
  const tts = labelledTts();
  const telephony = createSimulatedTelephony({ tts, ringMs: 10 });
  const leg = await telephony.dial({ to: phone, callId: "c", persona, signal: new AbortController().signal });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  let current = 0;
  let ended = false;
  let answered: () => void;
  const answer = new Promise<void>((resolve) => (answered = resolve));
  leg.on((e) => {
    if (e.type === "answered") answered();
    if (e.type === "ended") ended = true;
    if (e.type !== "audio") return;
    const level = e.frame[0]!;
    if (level === 0 && current) {
      const line = tts.said(current);
      lines.push(line);
      waiting?.(line);
      waiting = null;
    }
    current = level;
  });
  // The agent's greeting is heard only once the callee has picked up; sent while ringing it would be lost, and
  // the callee would wait its 20 s of "no one is speaking" before its first line.
  await answer;
  const ctx = testContext();
  const context = { ...ctx, contact: { ...ctx.contact, phone }, campaign: { ...ctx.campaign, faqs } };
  return {
    lines,
    ended: () => ended,
    brain: (replies: string[][]) => telephony.listenToAgent(scriptedBrain(replies))(context, tools),
    /** The agent's voice on the line: 200 ms of loud frames. */
    talk: () => {
      for (let i = 0; i < 10; i++) leg.send(new Int16Array(320).fill(8000));
    },
    nextLine: () => new Promise<string>((resolve) => (waiting = resolve)),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("simulated callees answer what the agent says", () => {
  test("interested: agrees to the times read back, takes the first alternative, waits for the calendar", async () => {
    const c = await conversation("interested", "+14155550100");
    const brain = c.brain([
      ["Great, thank you.", "What day and time would suit you?"],
      ["Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?"],
      [
        "Let me check the calendar.",
        "I'm sorry, Tuesday at 3 pm is already taken. I could do Tuesday at " +
          "3:30 pm or Wednesday at 10 am. Which works better for you?",
      ],
      ["Just to confirm, shall I book Tuesday, October 27 at 3:30 PM, your time?"],
      ["You're booked for Tuesday at 3:30 pm.", "Is there anything else I can help you with?"],
      ["Thank you for your time. Goodbye."],
    ]);
    brain.greeting();
    c.talk();
    assert.equal(await c.nextLine(), "Yes, I am interested.");

    const say = async (sentences: AsyncIterable<string>, slowAfterFirst = false) => {
      let first = true;
      for await (const s of sentences) {
        void s;
        c.talk();
        // The agent is still working out its reply (a calendar look-up) well past the callee's patience.
        if (first && slowAfterFirst) await sleep(1500);
        first = false;
      }
    };
    const next = c.nextLine();
    await say(brain.reply("yes", [], new AbortController().signal));
    assert.equal(await next, "OK, book me Tuesday at 3 pm.");

    // The time said is read back, and the callee agrees to it before it is booked.
    const readBack = c.nextLine();
    await say(brain.reply("book me tuesday at three pm", [], new AbortController().signal));
    assert.equal(await readBack, "Yes.");

    const afterCheck = c.nextLine();
    await say(brain.reply("yes", [], new AbortController().signal), true);
    assert.equal(c.lines.length, 3, "nothing said while the agent was still checking");
    assert.equal(await afterCheck, "The first one works.");

    const confirmed = c.nextLine();
    await say(brain.reply("the first one works", [], new AbortController().signal));
    assert.equal(await confirmed, "Yes.");

    const done = c.nextLine();
    await say(brain.reply("yes", [], new AbortController().signal));
    assert.equal(await done, "No, that's all. Thank you, bye.");
    await say(brain.reply("no that's all", [], new AbortController().signal));
    for (let i = 0; i < 100 && !c.ended(); i++) await sleep(50);
    assert.ok(c.ended(), "the callee hangs up after the goodbye");
  });

  test("a script does not react: it says its own next line", async () => {
    const c = await conversation("say:Hello?;say:Not now, bye;hangup", "+14155550100");
    const brain = c.brain([["I could do Monday at 10 am or Tuesday at 2 pm. Which works better for you?"]]);
    brain.greeting();
    c.talk();
    assert.equal(await c.nextLine(), "Hello?");
    const next = c.nextLine();
    for await (const _ of brain.reply("hello", [], new AbortController().signal)) c.talk();
    assert.equal(await next, "Not now, bye");
  });

  test("question: on some numbers it asks one of the campaign's FAQs, always the same for a number", async () => {
    const faqs = [
      { question: "Do you ship to Canada?", answer: "Yes." },
      { question: "Is there a free trial?", answer: "Yes." },
    ];
    const numbers = Array.from({ length: 12 }, (_, i) => `+1415555${String(1000 + i)}`);
    const picks = numbers
      .map((n) => parsePersona("question", n))
      .map((p) => (p.kind === "conversation" && p.steps[0]!.kind === "say" ? p.steps[0]!.faq : null));
    assert.ok(
      picks.some((p) => p === undefined) && picks.some((p) => p !== undefined),
      "some numbers ask an FAQ, some the preset question",
    );
    assert.deepEqual(
      picks,
      numbers
        .map((n) => parsePersona("question", n))
        .map((p) => (p.kind === "conversation" && p.steps[0]!.kind === "say" ? p.steps[0]!.faq : null)),
    );

    const phone = numbers[picks.findIndex((p) => p !== undefined)]!;
    const c = await conversation("question", phone, faqs);
    const brain = c.brain([]);
    brain.greeting();
    await sleep(200); // the FAQ line is synthesised while the phone rings
    c.talk();
    assert.match(await c.nextLine(), /Canada|free trial/);

    const plain = await conversation("question", numbers[picks.findIndex((p) => p === undefined)]!, faqs);
    plain.brain([]).greeting();
    plain.talk();
    assert.equal(await plain.nextLine(), "What does the premium plan cost?");
  });
  test("interested: on some numbers asks a campaign FAQ before naming a time; with none, goes on", async () => {
    // The question is asked as the contact would ask it: variables filled, never a brace.
    const faqs = [{ question: "Do you ship to Canada, {first_name}?", answer: "Yes." }];
    const numbers = Array.from({ length: 12 }, (_, i) => `+1415555${String(2000 + i)}`);
    const asks = (n: string) => {
      const p = parsePersona("interested", n);
      return p.kind === "conversation" && p.steps.some((s) => s.kind === "say" && s.faqOnly);
    };
    assert.ok(numbers.some(asks) && !numbers.every(asks), "some numbers ask, some do not");
    const phone = numbers.find(asks)!;
    const run = async (withFaqs: typeof faqs) => {
      const c = await conversation("interested", phone, withFaqs);
      const brain = c.brain([
        ["Great.", "What day and time would suit you?"],
        ["Yes, we do.", "So, what day and time would suit you for the meeting?"],
      ]);
      brain.greeting();
      await sleep(200); // the FAQ line is synthesised while the phone rings
      c.talk();
      assert.equal(await c.nextLine(), "Yes, I am interested.");
      const next = c.nextLine();
      for await (const _ of brain.reply("yes", [], new AbortController().signal)) c.talk();
      return { c, brain, next: await next };
    };
    const asked = await run(faqs);
    assert.equal(asked.next, "Do you ship to Canada, Ana?");
    const then = asked.c.nextLine();
    for await (const _ of asked.brain.reply("do you ship to canada", [], new AbortController().signal)) asked.c.talk();
    assert.equal(await then, "OK, book me Tuesday at 3 pm.");
    assert.equal((await run([])).next, "OK, book me Tuesday at 3 pm.", "no FAQ to ask: the question step is skipped");
  });
});
