import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MeetingLinkMessages as M, meetingLinkProblem, normalizeMeetingLink } from "@parley/shared/meeting-link";

describe("the meeting link Settings accepts", () => {
  test("real https addresses pass", () => {
    assert.equal(meetingLinkProblem("room", "https://zoom.us/j/1234567890?pwd=abc"), null);
    assert.equal(meetingLinkProblem("on_demand", "https://meet.jit.si"), null);
    assert.equal(meetingLinkProblem("on_demand", "https://video.example.com/rooms/"), null);
    assert.equal(meetingLinkProblem("none", null), null);
  });

  test("each wrong address is named", () => {
    assert.equal(meetingLinkProblem("room", null), M.roomRequired);
    assert.equal(meetingLinkProblem("on_demand", ""), M.hostRequired);
    assert.equal(meetingLinkProblem("room", "zoom.us/j/1"), M.url);
    assert.equal(meetingLinkProblem("room", "http://zoom.us/j/1"), M.https);
    assert.equal(meetingLinkProblem("room", "https://bob:secret@zoom.us/j/1"), M.credentials);
    assert.equal(meetingLinkProblem("on_demand", "https://localhost"), M.host);
    assert.equal(meetingLinkProblem("on_demand", "https://192.168.1.4"), M.host);
    assert.equal(meetingLinkProblem("on_demand", "https://meet.jit.si/?room="), M.hostParts);
    assert.equal(meetingLinkProblem("on_demand", "https://meet.jit.si#x"), M.hostParts);
    assert.equal(meetingLinkProblem("room", `https://zoom.us/${"a".repeat(500)}`), M.long);
  });

  test("stored trimmed, a host without its trailing slash, nothing under none", () => {
    assert.equal(normalizeMeetingLink("on_demand", " https://meet.jit.si/ "), "https://meet.jit.si");
    assert.equal(normalizeMeetingLink("room", "https://zoom.us/j/1/"), "https://zoom.us/j/1/");
    assert.equal(normalizeMeetingLink("none", "https://meet.jit.si"), null);
  });
});
