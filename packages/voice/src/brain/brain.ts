import type { KbAnswerCheck } from "@parley/shared/knowledge-base";
import type { CallOutcomeFields, OutcomeField } from "@parley/shared/outcome-fields";
import type { Expectation, HeardAnswer } from "../expectation/expectation.ts";
/** The agent's mind: it reads what the callee said and answers, using tools that act on Parley's data. */

export type CallOutcome =
  | "interested"
  | "not_interested"
  | "follow_up"
  | "scheduled"
  /** The caller asked for a person and the person answered: the team has the conversation. */
  | "transferred"
  | "voicemail"
  | "no_answer"
  | "busy"
  | "failed"
  | "do_not_call"
  /** The callee spoke but the server was too busy to recognise their words (session/call-result.ts). */
  | "not_understood";

export type Sentiment = "positive" | "neutral" | "negative";

/** One line of the conversation; times are milliseconds since the call was answered. */
export type TranscriptTurn = {
  speaker: "agent" | "callee";
  text: string;
  startMs: number;
  endMs: number;
  /** The agent was cut off by the callee: `text` holds only what was really played. */
  interrupted?: boolean;
};

export type Faq = { question: string; answer: string };

/** Everything the brain may know about this call. */
export type AgentContext = {
  orgName: string;
  /** The name the agent introduces itself with (organisation settings), e.g. "Maya"; absent → unnamed AI assistant. */
  agentName?: string;
  /** The company the agent says it calls for (organisation settings); absent → `orgName`. */
  companyName?: string;
  campaign: {
    name: string;
    description: string;
    /** What the agent offers (the campaign's service, e.g. "sales", or the product name). */
    service: string;
    /** The campaign's own first words after the AI disclosure, with {{variables}}. */
    openingLine?: string;
    /** What the call is for, e.g. "book a demo of the premium plan". */
    goal?: string;
    faqs: Faq[];
    /** The qualifying questions to ask, in order, after the callee agrees to talk (docs/outcome-fields.md). */
    outcomeFields?: OutcomeField[];
    timezone: string;
    businessHours: { start: string; end: string };
  };
  contact: {
    name: string;
    firstName: string;
    phone: string;
    email: string;
    /** Every CSV column of the contact, e.g. { first_name: "Ana", company: "Acme" } for {{variables}}. */
    variables: Record<string, string>;
  };
  /** The call is recorded: the greeting must say so. */
  recording: boolean;
  /** The contact called us (an inbound campaign): the agent answers rather than introduces a call. */
  inbound?: boolean;
  now(): Date;
};

/** A knowledge-base passage as the agent gets it: its id (to record it as a source), heading and text. */
export type KnowledgePassage = { id: string; heading: string; text: string };
/** A passage looked at for a question: the answer was taken from it (`used`) or not, and each check's verdict. */
export type KnowledgeLookup = { passage: KnowledgePassage; used: boolean; checks: KbAnswerCheck[] };

export type MeetingResult =
  | { booked: true; start: Date; end: Date; eventId: string }
  | { booked: false; reason: string; alternatives: Date[] };

/** Actions the brain can take; the server binds them to the calendar, the dialer and the do-not-call list. */
export interface AgentTools {
  /** A meeting with the contact, inside business hours and never over another one; else the nearest free slots. */
  bookMeeting(req: { start: Date; durationMinutes?: number; notes?: string }): Promise<MeetingResult>;
  /** The contact's next attempt happens at this time. */
  scheduleCallback(at: Date): Promise<void>;
  /** The number is never dialled again by any campaign of the organisation. */
  markDoNotCall(): Promise<void>;
  /** Hang up once the reply being spoken has been played. */
  endCall(): void;
  /** Knowledge-base passages relevant to what the callee asked, best first (may be empty). */
  retrieve(query: string): Promise<KnowledgePassage[]>;
  /**
   * The passages looked at for a question (the call's kb_sources): whether the answer was taken from each,
   * and why its sentences were accepted or refused. Tools that keep no record leave it out.
   */
  citeSources?(query: string, looked: KnowledgeLookup[]): void;
  /**
   * Puts the caller through to a person (the campaign's "Transfer to"): once the reply being spoken has played,
   * the session rings the person, tells them who is calling and why, and joins the two. Absent when the
   * campaign names nobody (the agent offers a callback instead). The result comes back as `Brain.transferEnded`.
   */
  transferCall?(req: { reason: string }): void;
}

/** How a transfer ended: the person answered (the call was theirs from then on), or not and why. */
export type TransferResult = { answered: true } | { answered: false; detail: string };

/** What a finished conversation amounts to, stored on the call record. */
export type CallSummary = {
  outcome: CallOutcome;
  summary: string;
  sentiment: Sentiment;
  /** Fields the agent learnt, e.g. { budget: "$5,000", service: "premium plan", meeting_time: ISO }. */
  extracted: Record<string, string>;
  /** The campaign's qualifying fields as the call left them; absent when it has none. */
  qualifying?: CallOutcomeFields;
};

export interface Brain {
  readonly name: string;
  /** The opening line (AI disclosure, the organisation, recording notice when on); prepared while the phone rings. */
  greeting(): string;
  /**
   * The reply to what the callee just said, streamed sentence by sentence; tools are called along the way.
   * `confidence` (0–1, null when the engine gives none) is how sure speech recognition was of those words:
   * below the brain's bar it confirms before booking, opting out, scheduling or hanging up.
   * `heard` is the answer read from those words (or keys) under what the last turn expected (`expecting`): taken,
   * to be asked again, or neither (open speech); absent when nothing was expected.
   */
  reply(
    calleeText: string,
    history: TranscriptTurn[],
    signal: AbortSignal,
    confidence?: number | null,
    heard?: HeardAnswer,
  ): AsyncIterable<string>;
  /**
   * What the turn just said (the greeting, the last reply, a transfer's outcome) expects the callee to answer; read
   * by the session after each turn, for speech recognition to listen for those answers.
   */
  expecting(): Expectation;
  /** What to say after the n-th silence in a row (1: a check-in; 2: goodbye, then the call ends). */
  onSilence(count: number): string;
  /** The short personalised message left after a voicemail beep. */
  voicemailMessage(): string;
  /**
   * A transfer the brain asked for is over. Answered: nothing to say (the person has the caller). Not answered:
   * the agent has the call back, and this is what it says (an apology and a callback offer).
   */
  transferEnded?(result: TransferResult): string | null;
  /** Called once when a conversation ends. */
  finish(transcript: TranscriptTurn[]): Promise<CallSummary>;
}

export type BrainFactory = (ctx: AgentContext, tools: AgentTools) => Brain;
