/**
 * The ways people say the answers an agent expects, for reading them from words and for the recogniser's model of
 * them. Forms are lower-case words as the recogniser spells them.
 */
export const YES_FORMS = [
  "yes",
  "yeah",
  "yep",
  "yup",
  "yes please",
  "yes i am",
  "yes i do",
  "yeah sure",
  "sure",
  "sure thing",
  "of course",
  "go ahead",
  "please go ahead",
  "please do",
  "uh huh",
  "mm hmm",
  "correct",
  "that's correct",
  "right",
  "that's right",
  "absolutely",
  "definitely",
  "certainly",
  "okay",
  "ok",
  "alright",
  "all right",
  "sounds good",
  "that works",
  "i do",
  "i am",
  "yes that's right",
  "yeah that's fine",
];

export const NO_FORMS = [
  "no",
  "nope",
  "nah",
  "no thanks",
  "no thank you",
  "not really",
  "no i'm good",
  "i'm good thanks",
  "no i'm not",
  "no i don't",
  "i'm not",
  "i don't",
  "not interested",
  "i'm not interested",
  "no not interested",
  "not now",
  "not at all",
  "no way",
  "never",
  "negative",
  "no it's not",
  "please don't",
  "don't",
];

/** Words said around an answer that change nothing ("um yes", "no thanks bye"). */
export const FILLERS = ["um", "uh", "er", "erm", "hmm", "well", "oh", "so", "thanks", "thank", "you", "please", "bye"];

export const DIGIT_WORDS: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
export const TEEN_WORDS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
export const TENS_WORDS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
export const SCALE_WORDS: Record<string, number> = { hundred: 100, thousand: 1000 };
/** Said around a number ("it's forty two", "one hundred and five", "double seven"). */
export const NUMBER_FILLERS = ["it's", "it", "is", "my", "number", "and", "a", "about", "dollars", "double", "triple"];

export const DAY_WORDS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "today",
  "tomorrow",
];
export const TIME_WORDS = ["am", "pm", "a.m.", "p.m.", "o'clock", "noon", "morning", "afternoon", "evening", "at"];
