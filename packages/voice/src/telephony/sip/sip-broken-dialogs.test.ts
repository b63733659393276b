import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { newBranch, openRawSip, SILENT_OFFER, sipRequest, type RawSip } from "../../../../../tests/support/raw-sip.ts";
import { until } from "../../../../../tests/support/until.ts";
import type { CallLeg, LegEvent } from "../call-leg.ts";
import { createSipTelephony, type SipTelephony } from "./sip-telephony.ts";

const SILENCE_MS = 1500;

// Inbound dialogs broken on purpose, by hand over UDP: whatever the caller does, every call the handler admitted
// (which holds one of the organisation's lines) gets its leg, and that leg ends within the RTP timeout.
describe("inbound SIP dialogs that break", () => {
  let sip: SipTelephony;
  let peer: RawSip;
  let admitted: number;
  let legs: { leg: CallLeg; events: LegEvent[] }[];
  let n = 0;

  before(async () => {
    peer = await openRawSip();
    sip = createSipTelephony({
      trunk: { host: "127.0.0.1", port: peer.port },
      trustTrunk: true,
      username: null,
      password: null,
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 44100, max: 44199 },
      from: null,
      silenceTimeoutMs: SILENCE_MS,
    });
    sip.onIncoming!(async () => {
      admitted++;
      return {
        answer: (leg) => {
          const entry = { leg, events: [] as LegEvent[] };
          leg.on((e) => entry.events.push(e));
          legs.push(entry);
        },
      };
    });
    assert.equal((await sip.start()).ok, true);
  });
  after(() => {
    sip.close();
    peer.close();
  });
  beforeEach(() => {
    admitted = 0;
    legs = [];
    peer.responses.length = 0;
  });

  const invite = (callId: string, o: Partial<Parameters<typeof sipRequest>[0]> = {}) =>
    sipRequest({ method: "INVITE", to: sip.port, via: peer.port, callId, cseq: 1, body: SILENT_OFFER, ...o });
  const statuses = (method = "INVITE") =>
    peer.responses.filter((r) => /INVITE|CANCEL|BYE/.exec(r.headers.find(([h]) => h === "cseq")![1])?.[0] === method);
  /** Every admitted call got its leg, and every leg has ended. */
  const released = () => legs.length === admitted && legs.every((l) => l.events.some((e) => e.type === "ended"));
  const allReleased = (what: string) => until(released, { ms: SILENCE_MS + 5000, what });

  test("an INVITE without SDP, or offering no codec we carry, is refused (488) and holds no line", async () => {
    peer.send(sip.port, invite(`nobody-${++n}`, { body: "" }));
    peer.send(
      sip.port,
      invite(`g729-${++n}`, { body: SILENT_OFFER.replace("RTP/AVP 0", "RTP/AVP 18").replace("0 PCMU", "18 G729") }),
    );
    await until(() => statuses().filter((r) => r.status === 488).length === 2, { what: "two 488" });
    await allReleased("every admitted call released");
  });

  test("a burst of INVITEs sharing a Call-ID, none acknowledged: one call at most, ended by RTP timeout", async () => {
    const callId = `burst-${++n}`;
    for (let i = 0; i < 6; i++) {
      peer.send(sip.port, invite(callId, { branch: newBranch(), fromTag: `t${i}`, cseq: 1 + (i % 3) }));
      peer.send(sip.port, invite(callId, { branch: newBranch(), fromTag: `t${i}`, cseq: 1 + (i % 3), body: "junk" }));
    }
    await until(() => admitted >= 1, { what: "the call admitted" });
    await allReleased("the unacknowledged call ended");
    assert.equal(admitted, 1);
  });

  test("answered and acknowledged but silent, then INVITEs again: dropped within the RTP timeout", async () => {
    const callId = `silent-${++n}`;
    const branch = newBranch();
    peer.send(sip.port, invite(callId, { branch }));
    await until(() => statuses().some((r) => r.status === 200), { what: "answered" });
    const toTag = /tag=([^;]+)/.exec(
      statuses()
        .find((r) => r.status === 200)!
        .headers.find(([h]) => h === "to")![1],
    )![1];
    peer.send(sip.port, sipRequest({ method: "ACK", to: sip.port, via: peer.port, callId, cseq: 1, toTag }));
    peer.send(sip.port, invite(callId, { branch }));
    peer.send(sip.port, invite(callId, { cseq: 9, toTag: "forged" }));
    await allReleased("the silent call dropped");
    assert.equal(admitted, 1);
  });

  test("a CANCEL right behind the INVITE, or a BYE before the ACK: the call ends at once", async () => {
    for (let i = 0; i < 3; i++) {
      const callId = `cancel-${++n}`;
      const branch = newBranch();
      peer.send(sip.port, invite(callId, { branch }));
      peer.send(sip.port, sipRequest({ method: "CANCEL", to: sip.port, via: peer.port, callId, cseq: 1, branch }));
      const bye = `bye-${++n}`;
      peer.send(sip.port, invite(bye));
      peer.send(sip.port, sipRequest({ method: "BYE", to: sip.port, via: peer.port, callId: bye, cseq: 2 }));
    }
    await until(() => admitted >= 1, { what: "calls admitted" });
    await allReleased("every cancelled call released");
  });

  test("the CANCEL arriving while the answer's RTP port opens: the admitted call gets its leg, ended", async () => {
    const callId = `late-cancel-${++n}`;
    const branch = newBranch();
    let decided!: () => void;
    const decision = new Promise<void>((r) => (decided = r));
    sip.onIncoming!(async () => {
      admitted++;
      await decision;
      // The caller gives up in the same moment the campaign answers.
      peer.send(sip.port, sipRequest({ method: "CANCEL", to: sip.port, via: peer.port, callId, cseq: 1, branch }));
      return {
        answer: (leg) => {
          const entry = { leg, events: [] as LegEvent[] };
          leg.on((e) => entry.events.push(e));
          legs.push(entry);
        },
      };
    });
    peer.send(sip.port, invite(callId, { branch }));
    await until(() => admitted === 1, { what: "asked" });
    decided();
    await allReleased("the cancelled call released");
  });
});
