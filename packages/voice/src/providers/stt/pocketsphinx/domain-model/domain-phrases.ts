/**
 * What a callee commonly says on a sales call: answers, refusals, callbacks, and booking times. The
 * domain language model is built from these plus the call's own words and phrases.
 */
const DAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "today",
  "tomorrow",
  "next week",
];
const HOURS = [
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "noon",
];
const MINUTES = ["", " thirty", " fifteen", " forty five", " o'clock"];
const PARTS = ["", " am", " pm", " in the morning", " in the afternoon", " in the evening"];

export const REPLIES = [
  "hello",
  "hi",
  "yes",
  "yeah",
  "yep",
  "no",
  "nope",
  "okay",
  "ok",
  "sure",
  "right",
  "mm hmm",
  "uh huh",
  "correct",
  "yes please",
  "no thanks",
  "no thank you",
  "yes i am interested",
  "i am interested",
  "i am not interested",
  "not interested",
  "sounds good",
  "that sounds great",
  "tell me more",
  "who is this",
  "who are you",
  "what is this about",
  "i am busy right now",
  "can you call me later",
  "call me tomorrow",
  "call me tomorrow morning",
  "call me next week",
  "call me back in an hour",
  "not now",
  "please stop calling me",
  "take me off your list",
  "do not call me again",
  "what does it cost",
  "how much does it cost",
  "how much is it",
  "what is the price",
  "do you have a free trial",
  "can you send me an email",
  "send me the details",
  "that's all",
  "that is all",
  "thank you",
  "thanks bye",
  "bye",
  "goodbye",
  "sorry i did not hear you",
  "can you repeat that",
  "i have a question",
  "what are your hours",
  "book me",
  "book a meeting",
  "let's book a meeting",
  "can we meet",
  "i am free",
  "that works",
  "that works for me",
  "what times do you have",
  "is there another time",
  "my budget is",
  "around five thousand dollars",
  // asking for a person (the agent transfers) and closing (the agent ends the call): replies it acts on
  "can i talk to a real person",
  "can i speak to a person",
  "i want to talk to someone",
  "can i speak to someone from the team",
  "put me through",
  "transfer me",
  "no that's all",
  "no that's all thank you",
  "that's all thank you",
  "thank you bye",
  // how questions start: the knowledge base's own sentences (in the call's phrases) supply the rest
  "how long is the",
  "how long does it take",
  "how much is the",
  "how does it work",
  "what is the",
  "what are the",
  "is there a",
  "are there any",
  "do you offer",
  "do you have",
  "can i get",
  "can you tell me about the",
  "does it come with",
  "when is the",
  "where is the",
  "which one",
  "why should i",
  "is it",
  "what about the",
];

export function bookingPhrases(): string[] {
  const out: string[] = [];
  for (const day of DAYS) {
    for (const hour of HOURS) {
      for (const min of MINUTES) {
        const time = `${hour}${hour === "noon" ? "" : min}`;
        for (const part of hour === "noon" ? [""] : PARTS) out.push(`${day} at ${time}${part}`);
      }
    }
    out.push(
      `book me ${day}`,
      `how about ${day}`,
      `${day} works`,
      `${day} is good`,
      `${day} morning`,
      `${day} afternoon`,
    );
  }
  for (const hour of HOURS) out.push(`at ${hour}`, `${hour} pm works`, `book me at ${hour}`);
  return out;
}

/** The sentences of the domain model: common replies, booking times, and the call's own phrases. */
export function domainSentences(vocabulary: string[]): string[] {
  return [...REPLIES, ...bookingPhrases(), ...bookingPhrases().map((t) => `ok book me ${t}`), ...vocabulary];
}
