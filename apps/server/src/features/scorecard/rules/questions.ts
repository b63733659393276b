import { terms } from "@parley/voice/knowledge/words";
import type { Line, ScoreInput } from "../score-input.ts";

// Speech recognition writes no question marks: a question is known by how it starts ("how much…", "do you…",
// "can I…"), after the fillers a caller puts in front ("um, so, and what about…").
const LEAD_IN = /^(?:(?:um+|uh+|er+|so|and|but|well|okay|ok|oh|yeah|right|sorry|hi|hello|quick question)[\s,]+)+/i;
const ASKS = new RegExp(
  "^(?:what|what's|whats|how|how's|when|where|who|who's|why|which|whose|" +
    String.raw`(?:do|does|did|is|are|was|were|can|could|will|would|should|have|has|may)\s+(?:you|i|we|it|they|this|` +
    String.raw`that|there|your|the|my|our|he|she|a|an)\b)`,
  "i",
);
// "I'd like to know…", "I was wondering…", "tell me…": a question said as a statement.
const INDIRECT =
  /\b(?:i'?d like to know|i (?:was )?wonder(?:ing)?|c(?:an|ould) you tell me|tell me (?:about|what|how|if|whether))\b/i;
// "What?", "Sorry, what was that?", "who?": asking to hear the agent again, not a question to answer.
const PARDON =
  /^(?:(?:sorry|pardon|what|who|huh|come again|excuse me)[\s,?.!]*)+$|\b(?:say (?:that|it) again|what was that)\b/i;

/** The callee's line asks something the agent must answer or decline. */
export function isQuestion(text: string): boolean {
  const t = text.trim();
  if (PARDON.test(t)) return false;
  if (t.endsWith("?")) return true;
  const body = t.replace(LEAD_IN, "");
  return ASKS.test(body) || INDIRECT.test(body);
}

// "I don't have that information", "I'm not sure", "someone from the team will follow up": an honest decline.
const DECLINE = new RegExp(
  String.raw`\b(?:i (?:don't|do not) (?:have|know)|i'?m not (?:sure|able)|i can(?:'t|not) (?:say|answer|confirm|` +
    "tell)|(?:doesn't|does not) say|not something i (?:know|have)|follow up|find out|get back to you|" +
    String.raw`check (?:with|on) (?:the team|that))\b`,
  "i",
);
export const isDecline = (text: string) => DECLINE.test(text);

// "Sorry, I didn't quite catch that", "could you say it again": the agent did not hear it, so did not answer.
const DID_NOT_HEAR = /\b(?:didn't (?:quite )?catch|did not catch|say (?:it|that) again|repeat that|trouble hearing)\b/i;
export const isRepeatRequest = (text: string) => DID_NOT_HEAR.test(text);

/** Share of the content words of `a` found in `b` (folded alike). */
export function sharedTerms(a: string, b: string): number {
  const want = new Set(terms(a));
  if (!want.size) return 0;
  const have = new Set(terms(b));
  let hits = 0;
  for (const w of want) if (have.has(w)) hits += 1;
  return hits / want.size;
}

/** The campaign FAQ the reply read out, if any (most of the FAQ answer's words are in it). */
export function faqAnswered(s: ScoreInput, reply: string): boolean {
  return s.faqs.some((f) => f.answer.trim() && sharedTerms(f.answer, reply) >= 0.6);
}

/** The knowledge-base lookups made for this line (the brain records the callee's words as the query). */
export function lookupsFor(s: ScoreInput, line: Line) {
  const said = line.text.trim().toLowerCase();
  return s.kbSources.filter((k) => k.query.trim().toLowerCase() === said);
}

// A yes/no question answered as one: "Yes, we do…", "No, not on weekends", "Of course".
export const YES_NO =
  /^(?:yes|yeah|yep|no|nope|sure|of course|absolutely|certainly|definitely|unfortunately|we do|we don't)\b/i;
// "Who is this?" answered by who is calling.
export const SELF = /\b(?:this is|i'm|i am|my name is|calling (?:on behalf of|from))\b/i;
export const WHO_ASKED =
  /\b(?:who (?:is|are|'s) (?:this|you|calling)|who am i (?:speaking|talking) (?:to|with)|what(?:'s| is) your name)\b/i;
// Asked to book, to be called back or put through: the agent's answer is doing it.
export const ACTS =
  /\b(?:calendar|booked|book (?:you|that|it)|connect(?:ing)? you|put you through|call you back|callback)\b/i;

export const callerQuestions = (s: ScoreInput): Line[] =>
  s.lines.filter((l) => l.speaker === "callee" && isQuestion(l.text));
