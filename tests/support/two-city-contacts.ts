import { DateTime } from "luxon";
import { contactZones } from "../../apps/server/src/features/dialer/contact-zones.ts";
import { numbersInHoursNow } from "./in-hours-numbers.ts";

/** A row of a first campaign's contact list; `zone`: the clock the contact lives on. */
export type CityContact = { name: string; first: string; phone: string; zone: string; company: string; email: string };

// Real landlines (Sydney's 02 and Berlin's 030): a mobile would not tell the city.
const SYDNEY: CityContact = {
  name: "Oliver Hughes",
  first: "Oliver",
  phone: "+61293744001",
  zone: "Australia/Sydney",
  company: "Harbour Dental",
  email: "oliver@harbourdental.example",
};
const BERLIN: CityContact = {
  name: "Jonas Weber",
  first: "Jonas",
  phone: "+493090182001",
  zone: "Europe/Berlin",
  company: "Weber Logistik",
  email: "jonas@weberlogistik.example",
};

/**
 * Whether the dialer may ring `phone` from `at` for the next hour: it keeps to 08:00–21:00 in every zone of the
 * number's country (Australia has thirteen, from Perth to Lord Howe), so that is what is asked here too.
 */
export function callableForAnHour(phone: string, at: Date): boolean {
  const zones = contactZones(phone);
  return (
    zones.length > 0 &&
    zones.every((zone) => {
      const local = DateTime.fromJSDate(at, { zone });
      const minutes = local.hour * 60 + local.minute;
      return minutes >= 8 * 60 && minutes + 60 <= 21 * 60;
    })
  );
}

/**
 * A first campaign's list on the real clock: a contact in Sydney and one in Berlin, and the one the call is
 * placed to (no company, so the greeting's fallback is heard; an interested persona, so a meeting is booked).
 * That is the Sydney contact while Australia may be called, else the Berlin one; when neither may be called now
 * (about 20:00–00:00 UTC) a third contact in a country where it is daytime (`numbersInHoursNow`) takes the call,
 * and `fallback` says so. The others say they are busy should they be rung too.
 */
export function twoCityContacts(at: Date = new Date()): {
  contacts: CityContact[];
  caller: CityContact;
  fallback: boolean;
} {
  const city = [SYDNEY, BERLIN].find((c) => callableForAnHour(c.phone, at));
  const extra = city
    ? null
    : (() => {
        const phone = numbersInHoursNow(1, 4242, at)[0]!;
        const zone = contactZones(phone)[0]!;
        return { name: "Ana Torres", first: "Ana", phone, zone, company: "", email: "ana.torres@example.org" };
      })();
  const caller = { ...(city ?? extra!), company: "" };
  const contacts = [SYDNEY, BERLIN].map((c) => (c === city ? caller : c));
  return { contacts: extra ? [...contacts, caller] : contacts, caller, fallback: !city };
}

/** The list as the CSV a team would upload: the persona column tells the simulated carrier who does what. */
export function contactsCsv(contacts: CityContact[], caller: CityContact): string {
  const rows = contacts.map((c) =>
    [c.name, c.phone, c.email, c.company, c === caller ? "interested" : "busy"].join(","),
  );
  return `${["name,phone,email,company,persona", ...rows].join("\n")}\n`;
}
