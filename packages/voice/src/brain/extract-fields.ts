import { normaliseNumberWords } from "./number-words.ts";

const CURRENCY: Array<[RegExp, string]> = [
  [/^(dollars?|bucks|usd|\$)$/, "$"],
  [/^(euros?|eur|€)$/, "€"],
  [/^(pounds?|quid|gbp|£)$/, "£"],
  [/^(rupees?|inr|rs|₹)$/, "₹"],
  [/^(dirhams?|aed)$/, "AED "],
];

const AMOUNT = new RegExp(
  String.raw`(\$|€|£|₹)?\s?(\d[\d,]*(?:\.\d+)?)\s?(k\b|thousand\b|grand\b|million\b)?\s?(dollars?|` +
    String.raw`bucks|usd|euros?|eur|pounds?|quid|gbp|rupees?|inr|dirhams?|aed)?`,
  "g",
);

/** A budget the callee named ("about five thousand dollars" → "$5,000"), or null. */
export function extractBudget(text: string): string | null {
  const t = normaliseNumberWords(text);
  const budgetTalk = /\b(budget|spend|afford|pay|price range|around|about|up to|max(imum)?)\b/.test(t);
  for (const m of t.matchAll(AMOUNT)) {
    const [, prefix, digits = "", scale, word] = m;
    if (!prefix && !word && !(budgetTalk && (scale || /budget/.test(t)))) continue;
    let value = Number(digits.replace(/,/g, ""));
    if (!Number.isFinite(value) || value <= 0) continue;
    if (scale && /^(k|thousand|grand)$/.test(scale)) value *= 1_000;
    if (scale === "million") value *= 1_000_000;
    const unit = prefix ?? word ?? "";
    const symbol = CURRENCY.find(([re]) => re.test(unit))?.[1] ?? "";
    return `${symbol}${value.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
  }
  return null;
}

const OFFER_WORDS = "plan|package|service|product|subscription|tier|membership|bundle|license|licence";
const LEADING_STOP = /^(the|a|an|your|my|our|this|that|which|what|about|for|of|on|in|is|it)$/;

/** The product or service the callee talked about ("the premium plan" → "premium plan"), or null. */
export function extractService(text: string, campaignService: string): string | null {
  const t = text.toLowerCase().replace(/[^a-z0-9\s-]/g, " ");
  const m = t.match(new RegExp(`\\b((?:[a-z0-9-]+ ){0,2})(${OFFER_WORDS})s?\\b`));
  if (m) {
    const words = (m[1] ?? "").trim().split(/\s+/).filter(Boolean);
    while (words.length && LEADING_STOP.test(words[0]!)) words.shift();
    return [...words, m[2]].join(" ");
  }
  const service = campaignService.trim().toLowerCase();
  return service && service !== "sales" && t.includes(service) ? service : null;
}
