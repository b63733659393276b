/** What the callee meant, from one utterance (typed text or lowercase STT output without punctuation). */
export type Intent =
  | "dnc"
  | "person"
  | "callback"
  | "booking"
  | "no"
  | "bye"
  | "yes"
  | "question"
  | "greeting"
  | "unclear";

/** Lowercase words only: punctuation and apostrophes go, so "Don't" and "dont" read the same. */
export function normaliseUtterance(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9:\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim()} `;
}

const has = (t: string, re: RegExp): boolean => re.test(t);

const DNC = new RegExp(
  String.raw`\b(stop calling|dont (ever )?call( me)?( again| anymore| back)|` +
    String.raw`do not (ever )?call( me)?( again| anymore| back)?|never call|take me off|remove me|` +
    String.raw`off (of )?your (list|calling list)|unsubscribe|do not call list|dnc|stop contacting|` +
    String.raw`leave me alone)\b`,
);
// Asking for a person, not asking whether the agent is one ("are you a real person?" is a question).
const PERSON = new RegExp(
  String.raw`\b((talk|speak|chat) (to|with) (a |an |the |some |your |one of your )?(real |actual |live )?(person|` +
    String.raw`human( being)?|someone|somebody|agent|representative|rep|manager|operator|people|colleague)|(transfer|` +
    String.raw`connect|put) me (through|to|with)|(get|give) me (a |an )?(real |actual |live )?(person|human|agent|` +
    String.raw`representative|operator)|(want|like|need) (a |an )?(real |actual |live )?(person|human|representative|` +
    String.raw`operator)|someone from (the|your) (team|company|office|sales))\b`,
);
const CALLBACK = new RegExp(
  String.raw`\b(call (me )?(back|later|again (later|tomorrow|next))|call me (tomorrow|tonight|next|on|at|in|this|` +
    String.raw`later)|try (me )?(again )?later|not (right )?now|bad time|busy (right )?now|im busy|i am busy|` +
    String.raw`in a meeting|driving|another time|some other time|later (today|this)|ring me)\b`,
);
export const TIME_HINT = new RegExp(
  String.raw`\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|tonight|morning|afternoon|` +
    String.raw`evening|next week|noon|\d{1,2}(:\d\d)? ?(am|pm|a m|p m)|at \d{1,2}|(one|two|three|four|five|six|seven|` +
    String.raw`eight|nine|ten|eleven|twelve) (oclock|am|pm|a m|p m|thirty|fifteen|forty five)|at (one|two|three|four|` +
    String.raw`five|six|seven|eight|nine|ten|eleven|twelve)|half past|quarter (past|to)|in (an|one|two|three|` +
    String.raw`\d+) (hour|hours|minutes)|january|february|march|april|june|july|august|september|october|november|` +
    String.raw`december)\b`,
);
const BOOKING = new RegExp(
  String.raw`\b(book|but the meeting|schedule|set (it |one |that )?up|meeting|appointment|meet|demo|slot|` +
    String.raw`works for me|how about|what about|lets do|(can|could) (we|you) do|put me down|pencil)\b`,
);
const NO = new RegExp(
  String.raw`\b(not interested|no thanks|no thank you|no thank|not for me|dont want|` +
    String.raw`do not want|dont need|do not need|not really|nope|nah|pass|no way|` +
    String.raw`not at the moment|we are good|were good|im good|i am good|already have)\b`,
);
const BARE_NO = /^ no( no)*( i dont| sorry)? $/;
const BYE = new RegExp(
  String.raw`\b(bye|goodbye|thats all|that is all|thats it|that is it|nothing else|no more questions|` +
    String.raw`have a (good|nice|great) (day|one)|talk (to you )?later|all set)\b`,
);
const THANKS_ONLY = new RegExp(
  String.raw`^ (ok |okay |great |perfect |alright )?(thanks|thank you|thanks a lot|` +
    String.raw`thank you very much|cheers)( so much)?( bye)? $`,
);
const YES = new RegExp(
  String.raw`\b(yes|yeah|yep|yup|sure|interested|sounds (good|great|interesting)|tell me more|` +
    String.raw`go ahead|of course|absolutely|definitely|why not|i would like|id like|i do|` +
    String.raw`i have a minute|ive got a minute|okay|ok|alright|please do)\b`,
);
const QUESTION_START = new RegExp(
  String.raw`^ (what|whats|how|hows|why|when|where|which|who|whos|can|could|do|does|did|is|are|` +
    String.raw`will|would|should|tell me about|i want to know|i wonder|explain) `,
);
const GREETING = new RegExp(
  String.raw`^ (hello|hi|hey|hallo|yes hello|hello hello|good (morning|afternoon|evening))( there|` +
    String.raw` who is this| whos this| whos calling| who is calling)? $|\b(who is this|whos this|` +
    String.raw`who is calling|whos calling|who are you|speaking)\b`,
);

/** Classifies one utterance; the order of checks encodes which meaning wins when several words match. */
export function classifyIntent(text: string): Intent {
  const t = normaliseUtterance(text);
  if (t.trim() === "") return "unclear";
  if (has(t, DNC)) return "dnc";
  if (has(t, PERSON)) return "person";
  // "no problem", "no worries" are agreement, not a refusal; "not sure" is not a "sure".
  const u = t
    .replace(/\bno (problem|worries|doubt|pressure)\b/g, "fine")
    .replace(/\b(im |i am )?not (so |really |too )?sure\b/g, "unsure");
  if (has(u, CALLBACK) && !has(u, /\bnot interested\b/)) return "callback";
  if (has(u, TIME_HINT) && (has(u, BOOKING) || /^ (on |at |maybe |perhaps )?\S*day\b/.test(u))) return "booking";
  // A bare "ok" beside a time books it, but not in a goodbye ("ok that is all … thanks bye"): a time
  // misheard inside a farewell must not book a meeting nobody asked for.
  if (has(u, TIME_HINT) && has(u, YES) && !has(u, BYE)) return "booking";
  if (has(u, NO) || has(u, BARE_NO)) return "no";
  if (has(u, BYE) || has(u, THANKS_ONLY)) return "bye";
  if (has(u, GREETING)) return "greeting";
  if (has(u, QUESTION_START) || /\?\s*$/.test(text) || has(u, /\b(how much|price|cost|pricing)\b/)) return "question";
  if (has(u, BOOKING)) return "booking";
  if (has(u, YES)) return "yes";
  if (has(u, /^ no /)) return "no";
  return "unclear";
}

/** The callee is closing the conversation ("that's all, thank you", "bye"), whatever else the words say. */
export function isFarewell(text: string): boolean {
  const t = normaliseUtterance(text);
  return has(t, BYE) || has(t, THANKS_ONLY);
}
