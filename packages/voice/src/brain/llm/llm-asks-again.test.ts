import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { HeardAnswer } from "../../expectation/expectation.ts";
import { MAX_ASK_AGAIN } from "../ask-again.ts";
import { createLlmBrain } from "../llm-brain.ts";
import { createRecordingTools, londonContext } from "../../../../../tests/support/voice/fake-agent-tools.ts";
import { startFakeOpenAi, text } from "../../../../../tests/support/voice/fake-openai-server.ts";

const servers: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(servers.map((s) => s.close())));

const ASK_AGAIN = "Sorry, was that a yes or a no? You can also press 1 for yes, or 2 for no.";
const unsure: HeardAnswer = { answer: null, askAgain: true };
const no: HeardAnswer = { answer: { kind: "yes-no", value: "no" }, askAgain: false };

/** An LLM brain on a local OpenAI-compatible server that answers each request with the next line. */
async function llmBrain(replies: string[]) {
  const server = await startFakeOpenAi(replies.map((r) => ({ kind: "sse" as const, events: [text(r)] })));
  servers.push(server);
  const brain = createLlmBrain({ baseUrl: server.baseUrl, apiKey: "sk-test", model: "gpt-test" })(
    londonContext(),
    createRecordingTools().tools,
  );
  const say = async (words: string, heard?: HeardAnswer) => {
    const out: string[] = [];
    for await (const s of brain.reply(words, [], new AbortController().signal, 0.4, heard)) out.push(s);
    return out;
  };
  return { brain, server, say };
}

describe("the LLM brain asks again when the answer was not understood", () => {
  test("an unsure answer to its yes/no question is asked again, at most twice, then goes to the model", async () => {
    const { brain, server, say } = await llmBrain(["Alright, what would suit you better?"]);
    assert.match(brain.greeting(), /Do you have a minute\?$/);
    assert.deepEqual(brain.expecting(), { kind: "yes-no" });
    for (let i = 0; i < MAX_ASK_AGAIN; i++) {
      assert.deepEqual(await say("now", unsure), [ASK_AGAIN]);
      // Still the same question: the recogniser keeps listening for a yes or a no.
      assert.deepEqual(brain.expecting(), { kind: "yes-no" });
    }
    assert.equal(server.seen.length, 0, "asking again needs no round trip to the model");
    assert.deepEqual(await say("now", unsure), ["Alright, what would suit you better?"]);
    assert.equal(server.seen.length, 1);
    const messages = server.seen[0]!.body.messages as Array<{ role: string; content: string }>;
    assert.match(messages.at(-1)!.content, /now/, "the model reads the words as they were heard");
    assert.deepEqual(brain.expecting(), { kind: "open" });
  });

  test("a taken answer starts the count again; words that ask for something else are never asked again", async () => {
    const { server, say } = await llmBrain([
      "I understand. Is there a better time to call?",
      "Of course, I will not call you again. Goodbye.",
    ]);
    assert.deepEqual(await say("now", unsure), [ASK_AGAIN]);
    // The answer taken reaches the model as the answer ("no"), not as the words misheard.
    assert.deepEqual(await say("now", no), ["I understand.", "Is there a better time to call?"]);
    const first = server.seen[0]!.body.messages as Array<{ role: string; content: string }>;
    assert.match(first.at(-1)!.content, /\bno\b/);
    // A new yes/no question: an unsure "stop calling" is acted on by the model, not asked again as a yes or a no.
    assert.deepEqual(await say("please stop calling me", unsure), [
      "Of course, I will not call you again.",
      "Goodbye.",
    ]);
    assert.equal(server.seen.length, 2);
  });

  test("open speech and a sure answer are never asked again", async () => {
    const { server, say } = await llmBrain(["Happy to help.", "Great."]);
    assert.deepEqual(await say("what is this about", { answer: null, askAgain: false }), ["Happy to help."]);
    assert.deepEqual(await say("yes", { answer: { kind: "yes-no", value: "yes" }, askAgain: false }), ["Great."]);
    assert.equal(server.seen.length, 2);
  });
});
