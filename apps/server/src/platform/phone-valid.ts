import { Metadata, type PhoneNumber } from "libphonenumber-js/max";

// The parts of the library's numbering plan this reads (present at run time, not in its type definitions).
type TypeDefinition = { pattern(): string; possibleLengths(): number[] | undefined };
type NumberingPlan = {
  nationalNumberPattern(): string;
  hasTypes(): boolean;
  type(name: string): TypeDefinition | undefined;
};

// getNumberType's order: a fixed-line match, or any of these, makes a number valid.
const TYPES = [
  "FIXED_LINE",
  "MOBILE",
  "PREMIUM_RATE",
  "TOLL_FREE",
  "SHARED_COST",
  "VOIP",
  "PERSONAL_NUMBER",
  "PAGER",
  "UAN",
  "VOICEMAIL",
];

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);

function checkerFor(plan: NumberingPlan): (national: string) => boolean {
  const national = whole(plan.nationalNumberPattern());
  if (!plan.hasTypes()) return (n) => national.test(n);
  const types = TYPES.flatMap((name) => {
    const t = plan.type(name);
    return t && t.pattern() ? [{ re: whole(t.pattern()), lengths: t.possibleLengths() }] : [];
  });
  return (n) => national.test(n) && types.some((t) => (!t.lengths || t.lengths.includes(n.length)) && t.re.test(n));
}

const checkers = new Map<string, (national: string) => boolean>();

/**
 * Exactly `parsed.isValid()` (libphonenumber-js max metadata: the number matches its country's pattern
 * for one of the number types), with each pattern compiled once. The library builds a new RegExp from
 * the pattern text on every check, which dominated the reading of a large contact list.
 * phone-valid.test.ts compares both on many numbers of many countries.
 */
export function isValidPhone(parsed: PhoneNumber): boolean {
  const planKey = parsed.country ?? parsed.countryCallingCode;
  let check = checkers.get(planKey);
  if (!check) {
    const metadata = new Metadata() as unknown as {
      selectNumberingPlan(key: string): void;
      numberingPlan: NumberingPlan;
    };
    metadata.selectNumberingPlan(planKey);
    check = checkerFor(metadata.numberingPlan);
    checkers.set(planKey, check);
  }
  return check(parsed.nationalNumber);
}
