/**
 * Spelled-out numbers → digits, so chrono-node (which reads only digits) understands STT output such as
 * "three pm", "half past two" or "ten thirty", and budgets such as "five thousand dollars" can be read.
 */

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
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
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000 };

/** Reads a run of number words ("five thousand two hundred", "twenty five") into a number, or null. */
function readNumber(words: string[]): number | null {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const w of words) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === "hundred") current = (current || 1) * 100;
    else if (w in SCALES) {
      total += (current || 1) * SCALES[w]!;
      current = 0;
    } else return null;
    seen = true;
  }
  return seen ? total + current : null;
}

const HOUR = "(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\\d{1,2})";
const MINUTE_WORDS = "(o'? ?clock|oh \\w+|fifteen|thirty|forty[- ]five|twenty|forty|fifty|ten|\\d{2})";

function toNum(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (readNumber(word.split(/[- ]/)) ?? 0);
}

/** Clock phrases first ("half past two" → "2:30"), before generic numbers turn them into other digits. */
function normaliseClock(text: string): string {
  return text
    .replace(new RegExp(`\\bhalf past ${HOUR}\\b`, "g"), (_m, h: string) => `${toNum(h)}:30`)
    .replace(new RegExp(`\\b(?:a )?quarter past ${HOUR}\\b`, "g"), (_m, h: string) => `${toNum(h)}:15`)
    .replace(new RegExp(`\\b(?:a )?quarter to ${HOUR}\\b`, "g"), (_m, h: string) => `${((toNum(h) + 10) % 12) + 1}:45`)
    .replace(
      new RegExp(`\\b${HOUR} ${MINUTE_WORDS}\\b(?! (?:minutes|hours|days|dollars|thousand|hundred))`, "g"),
      (m, h: string, min: string) => {
        if (/^o'? ?clock$/.test(min)) return `${toNum(h)}:00`;
        const mm = min.startsWith("oh ") ? toNum(min.slice(3)) : toNum(min);
        if (!/[a-z]/.test(h) && !/[a-z]/.test(min)) return m; // "3 30" could be anything: leave digits alone
        return mm < 60 ? `${toNum(h)}:${String(mm).padStart(2, "0")}` : m;
      },
    )
    .replace(/\bnoon\b/g, "12:00 pm")
    .replace(/\bmidday\b/g, "12:00 pm");
}

const WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join("|")})`;
const RUN = new RegExp(`\\b${WORD}(?: (?:and )?${WORD})*\\b`, "g");

/** Lower-cases and replaces every run of number words by its value: "three pm" → "3 pm", "five thousand" → "5000". */
export function normaliseNumberWords(input: string): string {
  const text = input
    .toLowerCase()
    .replace(/(\w)-(\w)/g, "$1 $2")
    .replace(/\s+/g, " ")
    .replace(/\ba (hundred|thousand|million)\b/g, "one $1");
  return normaliseClock(text).replace(RUN, (m) => {
    const value = readNumber(m.split(" ").filter((w) => w !== "and"));
    return value === null ? m : String(value);
  });
}
