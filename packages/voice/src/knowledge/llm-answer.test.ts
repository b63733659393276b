import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { answerWithLlm } from "./llm-answer.ts";
import { NOT_IN_KNOWLEDGE_BASE } from "./answer.ts";
import type { ChatMessage } from "../brain/llm/chat-types.ts";
import { startFakeOpenAi, type FakeAnswer } from "../../../../tests/support/voice/fake-openai-server.ts";

const servers: Array<Awaited<ReturnType<typeof startFakeOpenAi>>> = [];
after(() => Promise.all(servers.map((s) => s.close())));
const fake = async (answers: FakeAnswer[]) => {
  const s = await startFakeOpenAi(answers);
  servers.push(s);
  return { config: { baseUrl: s.baseUrl, model: "m" }, seen: s.seen };
};
const reply = (content: string): FakeAnswer => ({ kind: "json", body: { choices: [{ message: { content } }] } });
// From Debian's zlib1g-dev FAQ.
const passages = [
  {
    heading: "zlib FAQ",
    text: "21. Is zlib thread-safe? Yes. However any library routines that zlib uses must also be thread-safe.",
  },
  {
    heading: "zlib FAQ",
    text: "11. Can zlib handle .zip archives? Not by itself, no. See the directory contrib/minizip.",
  },
];
const never = new AbortController().signal;

describe("answerWithLlm", () => {
  test("the model answers from the passages it is given, under the rule to use only them", async () => {
    const { config, seen } = await fake([reply("**Yes**, zlib is thread-safe.")]);
    const a = await answerWithLlm(config, "is zlib thread safe", passages, never);
    assert.deepEqual(
      { text: a.text, answered: a.answered, used: a.used },
      { text: "Yes, zlib is thread-safe.", answered: true, used: [0] },
    );
    const [system, user] = seen[0]!.body.messages as ChatMessage[];
    assert.match(system!.content as string, /Answer a question only from what these passages say/);
    assert.match(system!.content as string, /\[1\] \(zlib FAQ\) 21\. Is zlib thread-safe\? Yes\./);
    assert.deepEqual(user, { role: "user", content: "is zlib thread safe" });
  });
  test("when the passages do not answer, the model says so and the caller hears the honest line", async () => {
    const { config } = await fake([reply("NOT_IN_PASSAGES")]);
    const a = await answerWithLlm(config, "does zlib support bzip2", passages, never);
    assert.deepEqual(
      { text: a.text, answered: a.answered, used: a.used },
      {
        text: NOT_IN_KNOWLEDGE_BASE,
        answered: false,
        used: [],
      },
    );
  });
  test("a failing model leaves the offline answer, as a call falls back to the rules brain", async () => {
    const { config } = await fake([{ kind: "status", status: 500, body: "down" }]);
    const a = await answerWithLlm(config, "is zlib thread safe", passages, never);
    assert.equal(a.answered, true);
    assert.match(a.text, /^Yes\. However any library routines/);
  });
});
