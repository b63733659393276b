import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { OutcomeField } from "@parley/shared/outcome-fields";
import { createRecordingTools, londonContext } from "../../../../tests/support/voice/fake-agent-tools.ts";
import { startFakeOpenAi, text, toolDelta } from "../../../../tests/support/voice/fake-openai-server.ts";
import { createLlmBrain } from "../brain/llm-brain.ts";
import type { ToolDefinition } from "../brain/llm/chat-types.ts";

const FIELDS: OutcomeField[] = [
  { name: "Team size", type: "number", question: "How many people work there?", options: [], qualifies_when: null },
  {
    name: "CRM",
    type: "choice",
    question: "Which CRM do you use?",
    options: ["Salesforce", "HubSpot"],
    qualifies_when: null,
  },
];
const servers: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(servers.map((s) => s.close())));

const record = (id: string, field: string, words: string) => [
  toolDelta({ index: 0, id, name: "record_answer" }),
  toolDelta({ index: 0, args: JSON.stringify({ field, caller_words: words }) }),
];

async function say(brain: ReturnType<ReturnType<typeof createLlmBrain>>, words: string, confidence: number | null) {
  const out: string[] = [];
  const history = [{ speaker: "agent" as const, text: "How many people work there?", startMs: 0, endMs: 1 }];
  for await (const s of brain.reply(words, history, new AbortController().signal, confidence)) out.push(s);
  return out;
}

describe("the language model fills the fields with record_answer, from the caller's own words only", () => {
  test("told the fields; a value read from the quote; invented or doubtful words refused", async () => {
    const server = await startFakeOpenAi([
      { kind: "sse", events: record("c1", "team_size", "maybe fifty people") },
      { kind: "sse", events: [text("Thanks. Which CRM do you use?")] },
      { kind: "sse", events: record("c2", "crm", "we use Salesforce") },
      { kind: "sse", events: [text("Sorry, which one was it?")] },
      { kind: "sse", events: record("c3", "crm", "hubspot i think") },
      { kind: "sse", events: [text("Could you say that again?")] },
    ]);
    servers.push(server);
    const ctx = londonContext({ campaign: { ...londonContext().campaign, outcomeFields: FIELDS } });
    const brain = createLlmBrain({ baseUrl: server.baseUrl, apiKey: "k", model: "m" })(
      ctx,
      createRecordingTools().tools,
    );
    assert.deepEqual(await say(brain, "maybe fifty people", null), ["Thanks.", "Which CRM do you use?"]);
    const first = server.seen[0]!.body;
    const system = (first.messages as { content: string }[])[0]!.content;
    assert.match(system, /- team_size \(number\): "How many people work there\?"/);
    assert.match(system, /- crm \(one of a list \(one of: Salesforce, HubSpot\)\)|- crm \(one of a list/);
    assert.ok((first.tools as ToolDefinition[]).some((t) => t.function.name === "record_answer"));
    const kept = (server.seen[1]!.body.messages as { role: string; content: string }[]).at(-1)!;
    assert.deepEqual(JSON.parse(kept.content), { recorded: "50" });

    await say(brain, "we're on pipedrive", null); // the model quotes words the caller never said
    const refused = (server.seen[3]!.body.messages as { content: string }[]).at(-1)!;
    assert.match(JSON.parse(refused.content).error, /not the caller's words/);

    await say(brain, "hubspot i think", 0.2); // said, but heard with doubt
    const doubtful = (server.seen[5]!.body.messages as { content: string }[]).at(-1)!;
    assert.match(JSON.parse(doubtful.content).error, /unsure of those words/);

    const s = await brain.finish([]);
    assert.deepEqual(
      s.qualifying?.answers.map((a) => [a.key, a.answered, a.value, a.utterance]),
      [
        ["team_size", true, 50, "maybe fifty people"],
        ["crm", false, null, null],
      ],
    );
    assert.equal(s.qualifying?.qualified, false);
  });
});
