/** Business hours in 30-minute steps, "00:00" … "23:30". */
export const BUSINESS_HOUR_CHOICES: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const h = String(Math.floor(i / 2)).padStart(2, "0");
  return `${h}:${i % 2 ? "30" : "00"}`;
});
export const DEFAULT_BUSINESS_HOURS_START = "09:00";
export const DEFAULT_BUSINESS_HOURS_END = "17:00";

export const DEFAULT_TIMEZONE = "Asia/Kolkata";
const PREFERRED_ZONES = ["Asia/Kolkata", "Asia/Dubai"];

/** The spec's two zones first, then every other IANA zone the browser knows, without repeats. */
export function timezoneChoices(known: readonly string[] = supportedZones()): string[] {
  const rest = known.filter((z) => !PREFERRED_ZONES.includes(z));
  return [...PREFERRED_ZONES, ...rest];
}

function supportedZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf("timeZone") : [];
}
