import assert from "node:assert/strict";
import { test } from "node:test";
import type { LiveControls } from "@parley/voice/session/live-tap";
import { createLiveAudio, type InterventionKind, type Listener } from "./live-audio.ts";

function setUp() {
  const recorded: string[] = [];
  const live = createLiveAudio({
    record: (_org, _call, user, kind: InterventionKind) => void recorded.push(`${user} ${kind}`),
  });
  const sent: Int16Array[] = [];
  const controls: LiveControls & { held: boolean } = {
    held: false,
    takeOver: () => {
      controls.held = true;
    },
    handBack: () => {
      controls.held = false;
    },
    staffFrame: (f) => void sent.push(f),
  };
  const call = live.open("org-1", "call-1", 8000);
  call.tap.attach(controls);
  return { live, call, controls, sent, recorded };
}

function listener(userId: string) {
  const got = { frames: [] as { side: string; length: number }[], states: [] as (string | null)[], ended: false };
  const l: Listener = {
    userId,
    name: `Name of ${userId}`,
    frame: (side, f) => void got.frames.push({ side, length: f.length }),
    state: (heldBy) => void got.states.push(heldBy?.name ?? null),
    ended: () => {
      got.ended = true;
    },
  };
  return { l, got };
}

test("listeners hear both sides at 16 kHz; one person holds the call at a time; leaving hands it back", () => {
  const { live, call, controls, sent, recorded } = setUp();
  const a = listener("u-a");
  const b = listener("u-b");
  assert.equal(live.join("org-2", "call-1", a.l), null, "another organisation's call is not joined");
  const la = live.join("org-1", "call-1", a.l)!;
  const lb = live.join("org-1", "call-1", b.l)!;

  call.tap.frame("callee", new Int16Array(160)); // 20 ms at 8 kHz
  assert.deepEqual(a.got.frames, [{ side: "callee", length: 320 }]);
  assert.deepEqual(b.got.frames, [{ side: "callee", length: 320 }]);

  assert.equal(la.takeOver(), true);
  assert.equal(controls.held, true);
  assert.equal(lb.takeOver(), false, "a second person cannot take a held call");
  assert.deepEqual(b.got.states.at(-1), "Name of u-a");
  lb.staffFrame(new Int16Array(320));
  assert.equal(sent.length, 0, "only the holder's voice reaches the call");
  la.staffFrame(new Int16Array(320));
  assert.deepEqual(
    sent.map((f) => f.length),
    [160],
    "the holder's 16 kHz frame is resampled to the line's 8 kHz",
  );

  la.leave();
  assert.equal(controls.held, false, "the holder's socket closing hands the call back");
  assert.equal(b.got.states.at(-1), null);
  call.close();
  assert.equal(b.got.ended, true);
  assert.equal(live.isLive("org-1", "call-1"), false);
  assert.deepEqual(recorded, ["u-a listen", "u-b listen", "u-a take_over", "u-a hand_back"]);
});
