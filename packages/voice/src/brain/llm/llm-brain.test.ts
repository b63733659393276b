import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createLlmBrain } from "../llm-brain.ts";
import { createRulesBrain } from "../rules-brain.ts";
import { withFallback } from "../with-fallback.ts";
import { createBrainFactory } from "../create-brain.ts";
import { converse, createRecordingTools, londonContext } from "../../../../../tests/support/voice/fake-agent-tools.ts";
import type { ChatMessage, ToolDefinition } from "./chat-types.ts";
import {
  startFakeOpenAi,
  text,
  toolDelta,
  type FakeAnswer,
} from "../../../../../tests/support/voice/fake-openai-server.ts";

const servers: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(servers.map((s) => s.close())));
async function fake(answers: FakeAnswer[]) {
  const s = await startFakeOpenAi(answers);
  servers.push(s);
  return s;
}

async function collect(iter: AsyncIterable<string>, onFirst?: () => void): Promise<string[]> {
  const out: string[] = [];
  for await (const s of iter) {
    if (!out.length) onFirst?.();
    out.push(s);
  }
  return out;
}

describe("LLM brain against a local OpenAI-compatible server", () => {
  test("streams sentences early, runs a streamed tool call and continues with its result", {
    timeout: 5000,
  }, async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const server = await fake([
      {
        kind: "sse",
        holdAfter: 2,
        release: released,
        events: [
          text("Great! Let me "),
          text("book that for you. "),
          toolDelta({ index: 0, id: "call_1", name: "book_meeting" }),
          toolDelta({ index: 0, args: '{"start":"2026-10-27' }),
          toolDelta({ index: 0, args: 'T15:00"}' }),
        ],
      },
      { kind: "sse", events: [text("You're booked for Tuesday, October 27 at 3:00 PM. Anything"), text(" else?")] },
    ]);
    const rec = createRecordingTools({
      passages: [{ id: "p1", heading: "Meetings", text: "Meetings last thirty minutes and happen on video." }],
    });
    const brain = createLlmBrain({ baseUrl: server.baseUrl, apiKey: "sk-test", model: "gpt-test" })(
      londonContext(),
      rec.tools,
    );
    // The agent read the time back on its previous turn: the booking may go ahead (booking-readback.test.ts).
    const history = [
      { speaker: "agent" as const, text: brain.greeting(), startMs: 0, endMs: 900 },
      { speaker: "callee" as const, text: "Could we meet Tuesday afternoon?", startMs: 1000, endMs: 2000 },
      {
        speaker: "agent" as const,
        text: "Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?",
        startMs: 2500,
        endMs: 5000,
      },
    ];
    // The server holds back the tool call until the first sentence arrived: a
    // brain that waits for the whole answer hangs here.
    const said = await collect(brain.reply("Book me Tuesday at 3 pm", history, new AbortController().signal), release);
    assert.deepEqual(said, [
      "Great!",
      "Let me book that for you.",
      "You're booked for Tuesday, October 27 at 3:00 PM.",
      "Anything else?",
    ]);
    assert.deepEqual(rec.calls, [
      { tool: "retrieve", arg: "Book me Tuesday at 3 pm" },
      // The passage was looked at and cited as not answering the booking.
      { tool: "citeSources", arg: [] },
      { tool: "bookMeeting", arg: "2026-10-27T15:00:00.000Z" },
    ]);

    const [first, second] = server.seen;
    assert.equal(first!.path, "/v1/chat/completions");
    assert.equal(first!.headers.authorization, "Bearer sk-test");
    assert.equal(first!.body.model, "gpt-test");
    assert.equal(first!.body.stream, true);
    assert.deepEqual(
      (first!.body.tools as ToolDefinition[]).map((t) => t.function.name),
      ["book_meeting", "schedule_callback", "mark_do_not_call", "end_call"],
    );
    const msgs = first!.body.messages as ChatMessage[];
    assert.equal(msgs[0]!.role, "system");
    for (const fact of [
      "Acme",
      "AI assistant",
      "recorded",
      "Europe/London",
      "09:00 to 17:00",
      "Friday, October 23, 2026, 10:00 AM",
      "company: Lima Bakery",
      "49 pounds a month for Lima Bakery",
    ]) {
      assert.ok((msgs[0]!.content as string).includes(fact), `system prompt mentions ${fact}`);
    }
    assert.deepEqual(msgs[1], { role: "assistant", content: history[0]!.text });
    assert.match(msgs.at(-2)!.content as string, /Meetings last thirty minutes/);
    assert.deepEqual(msgs.at(-1), { role: "user", content: "Book me Tuesday at 3 pm" });
    const followUp = second!.body.messages as ChatMessage[];
    const assistant = followUp.at(-2)!;
    assert.ok(
      assistant.role === "assistant" &&
        assistant.tool_calls?.[0]?.function.arguments === '{"start":"2026-10-27T15:00"}',
    );
    const tool = followUp.at(-1)!;
    assert.ok(tool.role === "tool" && tool.tool_call_id === "call_1");
    assert.deepEqual(JSON.parse(tool.content), {
      booked: true,
      start: "2026-10-27T15:00:00+00:00",
      spoken: "Tuesday, October 27 at 3:00 PM",
    });
  });

  test("a bad tool call is reported back to the model, not thrown; end_call hangs up", async () => {
    const server = await fake([
      {
        kind: "sse",
        events: [
          toolDelta({ index: 0, id: "a", name: "schedule_callback", args: '{"at":"someday"}' }),
          toolDelta({ index: 1, id: "b", name: "end_call", args: "{}" }),
        ],
      },
      { kind: "sse", events: [text("Sorry about that. Goodbye.")] },
    ]);
    const rec = createRecordingTools();
    const brain = createLlmBrain({ baseUrl: server.baseUrl, model: "m" })(londonContext(), rec.tools);
    assert.deepEqual(await collect(brain.reply("call me someday", [], new AbortController().signal)), [
      "Sorry about that.",
      "Goodbye.",
    ]);
    assert.equal(server.seen[0]!.headers.authorization, undefined); // no key configured: no header
    const toolMsgs = (server.seen[1]!.body.messages as ChatMessage[]).filter((m) => m.role === "tool");
    assert.match(toolMsgs[0]!.content, /"error":".*someday.*not an ISO 8601 time/);
    assert.deepEqual(rec.names(), ["retrieve", "endCall"]);
  });

  test("finish validates the model's JSON; tool facts decide the outcome; bad JSON falls back to rules", async () => {
    const summary = {
      outcome: "interested",
      summary: "Ana wants a demo.",
      sentiment: "positive",
      extracted: { budget: "$5,000", seats: 12 },
    };
    const server = await fake([
      { kind: "json", body: { choices: [{ message: { content: "```json\n" + JSON.stringify(summary) + "\n```" } }] } },
      { kind: "json", body: { choices: [{ message: { content: '{"outcome":"maybe","summary":""}' } }] } },
    ]);
    const rec = createRecordingTools();
    const brain = createLlmBrain({ baseUrl: server.baseUrl, model: "m" })(londonContext(), rec.tools);
    const transcript = [{ speaker: "callee" as const, text: "No thanks, I am not interested.", startMs: 0, endMs: 1 }];
    assert.deepEqual(await brain.finish(transcript), { ...summary, extracted: { budget: "$5,000", seats: "12" } });
    assert.equal(server.seen[0]!.body.stream, false);
    const fallback = await brain.finish(transcript);
    assert.deepEqual(
      [fallback.outcome, fallback.summary],
      ["not_interested", "Ana Lima said they were not interested."],
    );
  });

  test("HTTP 401 is a clear error, and withFallback answers with the rules brain for the rest of a call", async () => {
    const server = await fake([
      { kind: "status", status: 401, body: '{"error":{"message":"Incorrect API key provided"}}' },
      { kind: "status", status: 401, body: "{}" },
    ]);
    const config = { baseUrl: server.baseUrl, apiKey: "bad", model: "m" };
    const direct = createLlmBrain(config)(londonContext(), createRecordingTools().tools);
    await assert.rejects(
      collect(direct.reply("hi", [], new AbortController().signal)),
      /HTTP 401 — check the API key: .*Incorrect API key/,
    );

    const rec = createRecordingTools();
    const brain = withFallback(createLlmBrain(config), createRulesBrain)(londonContext(), rec.tools);
    const { replies, transcript } = await converse(brain, ["Hello?", "No thanks, I am not interested."]);
    assert.match(replies[0]!.join(" "), /^Hi, this is an AI assistant calling on behalf of Acme/);
    assert.match(replies[1]!.join(" "), /Goodbye/);
    assert.match(brain.name, /^rules \(fallback from llm:m: LLM request failed with HTTP 401/);
    assert.equal(server.seen.length, 2); // later turns do not try the broken server again
    assert.equal((await brain.finish(transcript)).outcome, "not_interested");
  });

  test("a barge-in aborts the stream without switching to the fallback", { timeout: 5000 }, async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const server = await fake([
      { kind: "sse", holdAfter: 1, release: released, events: [text("First sentence. "), text("Second sentence. ")] },
      { kind: "sse", events: [text("Still the model.")] },
    ]);
    const brain = withFallback(createLlmBrain({ baseUrl: server.baseUrl, model: "m" }), createRulesBrain)(
      londonContext(),
      createRecordingTools().tools,
    );
    const ac = new AbortController();
    const said = await collect(brain.reply("tell me more", [], ac.signal), () => ac.abort());
    release();
    assert.deepEqual(said, ["First sentence."]);
    assert.equal(brain.name, "llm:m");
    assert.deepEqual(await collect(brain.reply("go on", [], new AbortController().signal)), ["Still the model."]);
  });

  test("a server that never answers times out with a clear error", async () => {
    const server = await fake([{ kind: "hang" }]);
    const brain = createLlmBrain({ baseUrl: server.baseUrl, model: "m", timeoutMs: 300 })(
      londonContext(),
      createRecordingTools().tools,
    );
    await assert.rejects(collect(brain.reply("hi", [], new AbortController().signal)), /timed out after 0.3 s/);
  });

  test("createBrainFactory: rules without an LLM, LLM with rules fallback otherwise", () => {
    const tools = createRecordingTools().tools;
    assert.equal(createBrainFactory({ llm: null })(londonContext(), tools).name, "rules");
    assert.equal(
      createBrainFactory({ llm: { baseUrl: "http://127.0.0.1:9", model: "llama3" } })(londonContext(), tools).name,
      "llm:llama3",
    );
  });
});
