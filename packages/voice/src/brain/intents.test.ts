import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { classifyIntent, type Intent } from "./intents.ts";

const CASES: Array<[string, Intent]> = [
  ["Yes, I am interested.", "yes"],
  ["yeah sure tell me more", "yes"],
  ["sounds good", "yes"],
  ["ok", "yes"],
  ["yes i would like to but the meeting on tuesday at three pm", "booking"],
  ["OK, book me Tuesday at 3 pm.", "booking"],
  ["can we do next tuesday afternoon", "booking"],
  ["how about friday at 10:30 am", "booking"],
  ["Monday works for me", "booking"],
  ["No thanks, I am not interested.", "no"],
  ["no", "no"],
  ["nah not for me", "no"],
  ["we already have a provider", "no"],
  ["No problem, go ahead", "yes"],
  ["I am busy right now. Can you call me tomorrow morning?", "callback"],
  ["call me later", "callback"],
  ["not right now", "callback"],
  ["im driving can you call back at five", "callback"],
  ["Please stop calling me and take me off your list.", "dnc"],
  ["don't call me again", "dnc"],
  ["dont call me again", "dnc"],
  ["remove me from your list", "dnc"],
  ["put me on your do not call list", "dnc"],
  ["What does the premium plan cost?", "question"],
  ["how much is it", "question"],
  ["do you integrate with salesforce", "question"],
  ["tell me about the onboarding", "question"],
  ["Hello?", "greeting"],
  ["who is this", "greeting"],
  ["hi there", "greeting"],
  ["No, that's all. Thank you, bye.", "bye"],
  ["no that's all thanks", "bye"],
  ["OK, that is all I wanted to know. Thanks, bye.", "bye"],
  ["thank you", "bye"],
  // pocketsphinx-style: lowercase, no punctuation, misheard words
  ["yes i am interested", "yes"],
  ["ok book me tuesday at three pm", "booking"],
  ["no thanks i am not interested", "no"],
  ["i am busy right now can you call me tomorrow morning", "callback"],
  ["please stop calling me and take me off your list", "dnc"],
  ["what does the premium plan cost", "question"],
  ["no thats all thank you bye", "bye"],
  // "OK, that is all I wanted to know. Thanks, bye." as the resident decoder's domain pass heard it (simulated call).
  ["ok that is all at one fifteen am thanks bye", "bye"],
  ["ok at three pm then", "booking"],
  ["hello", "greeting"],
  ["", "unclear"],
  ["the purple elephant sings", "unclear"],
  ["I'm not sure", "unclear"],
];

describe("classifyIntent", () => {
  for (const [text, intent] of CASES) {
    test(`"${text}" → ${intent}`, () => assert.equal(classifyIntent(text), intent));
  }
});
