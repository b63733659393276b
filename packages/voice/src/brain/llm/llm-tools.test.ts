import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { CallEvent } from "../call-events.ts";
import { createRecordingTools, londonContext } from "../../../../../tests/support/voice/fake-agent-tools.ts";
import { systemPrompt } from "./llm-prompt.ts";
import { runToolCall, TOOL_DEFINITIONS } from "./llm-tools.ts";

const call = (name: string, args: string) => ({
  id: "c",
  type: "function" as const,
  function: { name, arguments: args },
});

describe("LLM tool calls", () => {
  test("book_meeting refused → alternatives in local ISO and words; events recorded", async () => {
    const rec = createRecordingTools({
      refuse: ["2026-10-27T15:00:00.000Z"],
      alternatives: [new Date("2026-10-27T16:00:00Z")],
    });
    const events: CallEvent[] = [];
    const out = JSON.parse(
      await runToolCall(call("book_meeting", '{"start":"2026-10-27T15:00"}'), londonContext(), rec.tools, events),
    );
    assert.deepEqual(out, {
      booked: false,
      reason: "conflict",
      alternatives: [{ start: "2026-10-27T16:00:00+00:00", spoken: "Tuesday, October 27 at 4:00 PM" }],
    });
    assert.equal(events[0]!.kind, "booking_refused");
  });
  test("schedule_callback reads a local time in the campaign zone (BST here)", async () => {
    const rec = createRecordingTools();
    const events: CallEvent[] = [];
    await runToolCall(call("schedule_callback", '{"at":"2026-10-24T09:00"}'), londonContext(), rec.tools, events);
    assert.deepEqual(rec.calls, [{ tool: "scheduleCallback", arg: "2026-10-24T08:00:00.000Z" }]);
    assert.equal(events[0]!.kind, "callback");
  });
  test("mark_do_not_call, unknown tools and broken JSON", async () => {
    const rec = createRecordingTools();
    const events: CallEvent[] = [];
    assert.deepEqual(JSON.parse(await runToolCall(call("mark_do_not_call", ""), londonContext(), rec.tools, events)), {
      done: true,
    });
    assert.deepEqual(events, [{ kind: "dnc" }]);
    assert.match(
      await runToolCall(call("launch_rocket", "{}"), londonContext(), rec.tools, events),
      /unknown tool launch_rocket/,
    );
    assert.match(await runToolCall(call("book_meeting", '{"start":'), londonContext(), rec.tools, events), /"error"/);
    assert.match(await runToolCall(call("book_meeting", "{}"), londonContext(), rec.tools, events), /start/);
    assert.deepEqual(rec.names(), ["markDoNotCall"]);
  });

  test("the model is told to read a time back and book only on a yes, in the prompt and the tool", () => {
    const prompt = systemPrompt(londonContext(), []);
    assert.match(prompt, /Before you book, read the day and time back in their time/);
    assert.match(prompt, /use book_meeting only after they say yes/);
    const book = TOOL_DEFINITIONS.find((t) => t.function.name === "book_meeting")!;
    assert.match(book.function.description, /only once they said yes to the day and time you read back/);
  });
});
