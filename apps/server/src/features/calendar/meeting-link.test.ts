import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { meetingUrlFor, randomRoomName } from "./meeting-link.ts";

describe("the link of a meeting the agent books", () => {
  test("the team's own room is used as it is, for every meeting", () => {
    const room = "https://zoom.us/j/1234567890?pwd=abc";
    assert.equal(meetingUrlFor({ kind: "room", url: room }), room);
    assert.equal(meetingUrlFor({ kind: "room", url: room }), room);
  });

  test("a host that opens rooms on demand gives each meeting a room of its own", () => {
    const links = Array.from({ length: 200 }, () => meetingUrlFor({ kind: "on_demand", url: "https://meet.jit.si" }));
    for (const l of links) assert.match(l ?? "", /^https:\/\/meet\.jit\.si\/parley-[a-z2-7]{10}$/);
    assert.equal(new Set(links).size, links.length, "no two meetings share a room");
  });

  test("a host with a path keeps it, without a doubled slash", () => {
    const l = meetingUrlFor({ kind: "on_demand", url: "https://video.example.com/rooms/" });
    assert.match(l ?? "", /^https:\/\/video\.example\.com\/rooms\/parley-[a-z2-7]{10}$/);
  });

  test("no link at all when none is set", () => {
    assert.equal(meetingUrlFor({ kind: "none", url: null }), null);
    assert.equal(meetingUrlFor(null), null);
    assert.equal(meetingUrlFor(undefined), null);
    // A leftover address under "none" is not used.
    assert.equal(meetingUrlFor({ kind: "none", url: "https://meet.jit.si" }), null);
  });

  test("room names draw on the whole base32 alphabet", () => {
    const seen = new Set(Array.from({ length: 400 }, () => randomRoomName().slice(7)).join(""));
    assert.equal(seen.size, 32);
  });
});
