import { contactZone } from "../calls/contact-zone.ts";

/**
 * Each number's time zone, as the dialer reads it (calls/contact-zone.ts), for a whole list at launch. Reading a
 * number's country costs about 80 µs (libphonenumber's full metadata), 8 s for 100,000 contacts inside the launch's
 * transaction; numbers sharing their first seven digits are of one country in every numbering plan we dial (NANP
 * area codes are three digits, the longest country-and-area prefixes six), so each prefix is read once.
 */
export function zonesOf(phones: readonly string[], campaignZone: string): string[] {
  const byPrefix = new Map<string, string>();
  return phones.map((phone) => {
    const key = phone.slice(0, 8);
    let zone = byPrefix.get(key);
    if (zone === undefined) {
      zone = contactZone(phone, campaignZone);
      byPrefix.set(key, zone);
    }
    return zone;
  });
}
