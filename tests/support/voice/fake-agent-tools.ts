import type {
  AgentContext,
  AgentTools,
  KnowledgePassage,
  MeetingResult,
  TranscriptTurn,
} from "@parley/voice/brain/brain";
import type { Expectation, HeardAnswer } from "@parley/voice/expectation/expectation";

/**
 * Tools that record every call; `refuse` lists ISO instants the calendar will not accept (for `reason`,
 * taken unless told, offering `alternatives`).
 */
export function createRecordingTools(
  opts: {
    refuse?: string[];
    reason?: "conflict" | "in_past" | "outside_hours";
    alternatives?: Date[];
    passages?: KnowledgePassage[];
  } = {},
) {
  const calls: Array<{ tool: string; arg?: unknown }> = [];
  const tools: AgentTools = {
    async bookMeeting(req): Promise<MeetingResult> {
      calls.push({ tool: "bookMeeting", arg: req.start.toISOString() });
      if (opts.refuse?.includes(req.start.toISOString())) {
        return { booked: false, reason: opts.reason ?? "conflict", alternatives: opts.alternatives ?? [] };
      }
      return { booked: true, start: req.start, end: new Date(req.start.getTime() + 30 * 60_000), eventId: "ev-1" };
    },
    async scheduleCallback(at) {
      calls.push({ tool: "scheduleCallback", arg: at.toISOString() });
    },
    async markDoNotCall() {
      calls.push({ tool: "markDoNotCall" });
    },
    endCall() {
      calls.push({ tool: "endCall" });
    },
    async retrieve(query) {
      calls.push({ tool: "retrieve", arg: query });
      return opts.passages ?? [];
    },
    citeSources(query, looked) {
      calls.push({ tool: "citeSources", arg: looked.filter((l) => l.used).map((l) => l.passage.id) });
    },
  };
  return { tools, calls, names: () => calls.map((c) => c.tool) };
}

/** A campaign in London whose "now" is Friday 23 October 2026, 10:00 BST (British summer time ends on the 25th). */
export function londonContext(overrides: Partial<AgentContext> = {}): AgentContext {
  return {
    orgName: "Acme",
    campaign: {
      name: "Spring upgrade",
      description: "Our premium plans. Faster support and more seats.",
      service: "sales",
      faqs: [
        {
          question: "What does the premium plan cost?",
          answer: "The premium plan is 49 pounds a month for {{company}}, {{first_name}}.",
        },
      ],
      timezone: "Europe/London",
      businessHours: { start: "09:00", end: "17:00" },
    },
    contact: {
      name: "Ana Lima",
      firstName: "Ana",
      phone: "+447700900123",
      email: "ana@example.com",
      variables: { first_name: "Ana", company: "Lima Bakery" },
    },
    recording: true,
    now: () => new Date("2026-10-23T09:00:00Z"),
    ...overrides,
  };
}

/**
 * Plays a callee script through a brain, returning what the agent said per turn and the transcript. A line
 * may carry the recognizer's confidence: { text, confidence }.
 */
export async function converse(
  brain: {
    greeting(): string;
    reply(
      t: string,
      h: TranscriptTurn[],
      s: AbortSignal,
      c?: number | null,
      heard?: HeardAnswer,
    ): AsyncIterable<string>;
    expecting?(): Expectation;
  },
  callee: Array<string | { text: string; confidence?: number | null; heard?: HeardAnswer }>,
): Promise<{ replies: string[][]; transcript: TranscriptTurn[]; expected: Expectation[] }> {
  const transcript: TranscriptTurn[] = [];
  const at = () => transcript.length * 1000;
  transcript.push({ speaker: "agent", text: brain.greeting(), startMs: at(), endMs: at() + 900 });
  // What the greeting, then each reply, expects.
  const expected: Expectation[] = [brain.expecting?.() ?? { kind: "open" }];
  const replies: string[][] = [];
  for (const line of callee) {
    const { text, confidence = null, heard } = typeof line === "string" ? { text: line } : line;
    transcript.push({ speaker: "callee", text, startMs: at(), endMs: at() + 900 });
    const said: string[] = [];
    const signal = new AbortController().signal;
    for await (const s of brain.reply(text, [...transcript], signal, confidence, heard)) said.push(s);
    replies.push(said);
    expected.push(brain.expecting?.() ?? { kind: "open" });
    transcript.push({ speaker: "agent", text: said.join(" "), startMs: at(), endMs: at() + 900 });
  }
  return { replies, transcript, expected };
}
