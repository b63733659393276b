import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { contactZones } from "../../apps/server/src/features/dialer/contact-zones.ts";
import { drawFor, pickUpChance, population, type Contact } from "./retry-hours-model.ts";

const office: Contact = { persona: "office", responsiveness: 1, zone: "Asia/Dubai", phone: "+971501000001" };

describe("the retry-hours bench's callees", () => {
  test("a contact's n-th call draws the same number in every run, and another for the next call", () => {
    assert.equal(drawFor(7, 12, 2), drawFor(7, 12, 2));
    assert.notEqual(drawFor(7, 12, 2), drawFor(7, 12, 3));
    assert.notEqual(drawFor(7, 12, 2), drawFor(7, 13, 2));
  });

  test("the chance follows the persona's hour and weekday, is never certain, and is nil outside 08:00–21:00", () => {
    assert.equal(pickUpChance(office, 3, 12), 0.45); // Wednesday lunch
    assert.equal(pickUpChance(office, 3, 10), 0.1); // Wednesday mid-morning
    assert.equal(pickUpChance(office, 1, 12), 0.45 * 0.8); // Monday
    assert.equal(pickUpChance({ ...office, responsiveness: 3 }, 6, 18), 0.95);
    assert.equal(pickUpChance(office, 3, 7), 0);
    assert.equal(pickUpChance(office, 3, 21), 0);
  });

  test("the same seed makes the same people, each number in the country of its zone", () => {
    const people = population(50, 3);
    assert.deepEqual(people, population(50, 3));
    assert.notDeepEqual(people, population(50, 4));
    for (const c of people) assert.deepEqual(contactZones(c.phone), [c.zone], c.phone);
    assert.deepEqual(new Set(people.map((c) => c.zone)).size, 5);
  });
});
