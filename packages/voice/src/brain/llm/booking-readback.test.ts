import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import type { TranscriptTurn } from "../brain.ts";
import { createLlmBrain } from "../llm-brain.ts";
import { createRecordingTools, londonContext } from "../../../../../tests/support/voice/fake-agent-tools.ts";
import { startFakeOpenAi, text, toolDelta } from "../../../../../tests/support/voice/fake-openai-server.ts";
import { lastAgentTurn, readBackRefusal } from "./booking-readback.ts";
import type { ChatMessage } from "./chat-types.ts";

// londonContext's now is Friday, October 23, 2026, 10:00 in London: Tuesday is the 27th.
const TUESDAY_3PM = new Date("2026-10-27T15:00:00Z");
const READ_BACK = "Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, your time?";
const turn = (agentTurn: string, calleeText: string) => ({ agentTurn, calleeText });
const ctx = londonContext();

describe("the language model books only a time read back and agreed to", () => {
  test("refused without a read-back, with what to ask instead", () => {
    const why = readBackRefusal(TUESDAY_3PM, turn("Which day suits you?", "Tuesday at 3 pm"), ctx);
    assert.equal(
      why,
      'Not booked: read the time back first. Ask "Just to confirm, shall I book Tuesday, October 27 at 3:00 PM, ' +
        'your time?" and use book_meeting only after they say yes.',
    );
    // Naming the time without asking is no read-back; nor is a question about another time.
    assert.match(readBackRefusal(TUESDAY_3PM, turn("I'll book Tuesday at 3 pm.", "yes"), ctx)!, /read the time back/);
    const fourPm = "Just to confirm, shall I book Tuesday, October 27 at 4:00 PM, your time?";
    assert.match(readBackRefusal(TUESDAY_3PM, turn(fourPm, "yes please"), ctx)!, /read the time back/);
  });

  test("read back and agreed: booked; read back and not agreed: refused", () => {
    assert.equal(readBackRefusal(TUESDAY_3PM, turn(READ_BACK, "Yes, that's fine"), ctx), null);
    assert.equal(readBackRefusal(TUESDAY_3PM, turn(`Great. ${READ_BACK}`, "Tuesday at three works"), ctx), null);
    assert.equal(
      readBackRefusal(TUESDAY_3PM, turn(READ_BACK, "No, not then"), ctx),
      "Not booked: they have not said yes to Tuesday, October 27 at 3:00 PM. Ask whether it suits them, or which " +
        "time does.",
    );
    assert.match(readBackRefusal(TUESDAY_3PM, turn(READ_BACK, "how about Wednesday at 3"), ctx)!, /not said yes/);
    assert.match(readBackRefusal(TUESDAY_3PM, turn(READ_BACK, "what does it cost?"), ctx)!, /not said yes/);
  });

  test("the previous turn is what the agent said since the callee last spoke, as played", () => {
    const history: TranscriptTurn[] = [
      { speaker: "agent", text: READ_BACK, startMs: 0, endMs: 1 },
      { speaker: "callee", text: "Hmm.", startMs: 2, endMs: 3 },
      { speaker: "agent", text: "Sorry, I missed that.", startMs: 4, endMs: 5 },
      { speaker: "agent", text: "Just to confirm, shall I", startMs: 6, endMs: 7, interrupted: true },
    ];
    assert.equal(lastAgentTurn(history), "Sorry, I missed that. Just to confirm, shall I");
    assert.equal(lastAgentTurn([]), "");
  });

  const servers: Array<{ close(): Promise<void> }> = [];
  after(() => Promise.all(servers.map((s) => s.close())));
  const book = (id: string, start: string) =>
    toolDelta({ index: 0, id, name: "book_meeting", args: `{"start":"${start}"}` });

  test("a scripted model that books at once is told to read back; booked on the yes that follows", async () => {
    const server = await startFakeOpenAi([
      { kind: "sse", events: [book("c1", "2026-10-27T15:00")] },
      { kind: "sse", events: [text(READ_BACK)] },
      { kind: "sse", events: [book("c2", "2026-10-27T15:00")] },
      { kind: "sse", events: [text("You're booked. See you then!")] },
    ]);
    servers.push(server);
    const rec = createRecordingTools();
    const brain = createLlmBrain({ baseUrl: server.baseUrl, model: "m" })(londonContext(), rec.tools);
    const history: TranscriptTurn[] = [{ speaker: "agent", text: brain.greeting(), startMs: 0, endMs: 1 }];
    const say = async (words: string) => {
      const out: string[] = [];
      for await (const s of brain.reply(words, history, new AbortController().signal)) out.push(s);
      history.push({ speaker: "callee", text: words, startMs: 0, endMs: 0 });
      history.push({ speaker: "agent", text: out.join(" "), startMs: 0, endMs: 0 });
      return out;
    };
    assert.deepEqual(await say("Tuesday at 3 pm maybe"), [READ_BACK]);
    assert.ok(!rec.names().includes("bookMeeting"), "the calendar was not asked");
    const refusal = (server.seen[1]!.body.messages as ChatMessage[]).at(-1)!;
    assert.equal(refusal.role, "tool");
    assert.equal(JSON.parse(refusal.content as string).booked, false);
    assert.match(JSON.parse(refusal.content as string).reason, /read the time back first/);

    assert.deepEqual(await say("Yes please"), ["You're booked.", "See you then!"]);
    assert.deepEqual(
      rec.calls.filter((c) => c.tool === "bookMeeting"),
      [{ tool: "bookMeeting", arg: TUESDAY_3PM.toISOString() }],
    );
  });
});
