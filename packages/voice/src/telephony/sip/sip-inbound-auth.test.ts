import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { openRawSip, SILENT_OFFER, sipRequest, type RawSip } from "../../../../../tests/support/raw-sip.ts";
import { until } from "../../../../../tests/support/until.ts";
import type { SipResponse } from "./sip-message.ts";
import { digestAuthorization, parseChallenge } from "./sip-digest.ts";
import { createSipTelephony, type SipTelephony } from "./sip-telephony.ts";

// Parley's user agent challenging INVITEs over UDP on 127.0.0.1, answered by hand: a password guessed again and
// again, an Authorization header replayed, the trunk's own address with and without SIP_TRUST_TRUNK.
describe("inbound SIP authentication", () => {
  let sip: SipTelephony;
  let peer: RawSip;
  let asked: number;
  let n = 0;

  async function start(o: { trunkPort?: number; trustTrunk?: boolean } = {}) {
    peer = await openRawSip();
    asked = 0;
    sip = createSipTelephony({
      trunk: { host: o.trunkPort ? "127.0.0.1" : "192.0.2.10", port: o.trunkPort ?? 5060 },
      trustTrunk: o.trustTrunk,
      username: "parley",
      password: "s3cret-pw",
      register: false,
      bind: { host: "127.0.0.1", port: 0 },
      publicHost: "127.0.0.1",
      rtpPorts: { min: 44200, max: 44299 },
      from: null,
    });
    sip.onIncoming!(async () => {
      asked++;
      return { refuse: "closed" };
    });
    await sip.start();
  }
  afterEach(() => {
    sip.close();
    peer.close();
  });

  const cseqOf = (r: SipResponse) => r.headers.find(([h]) => h === "cseq")![1];
  const callIdOf = (r: SipResponse) => r.headers.find(([h]) => h === "call-id")![1];
  /** Sends an INVITE and waits for its final answer. */
  async function invite(callId: string, cseq: number, authorization?: string): Promise<SipResponse> {
    const final = () =>
      peer.responses.find((r) => r.status >= 200 && callIdOf(r) === callId && cseqOf(r) === `${cseq} INVITE`);
    peer.send(
      sip.port,
      sipRequest({
        method: "INVITE",
        to: sip.port,
        via: peer.port,
        callId,
        cseq,
        body: SILENT_OFFER,
        extra: authorization ? [`Authorization: ${authorization}`] : [],
      }),
    );
    await until(() => final() !== undefined, { ms: 8000, what: `the answer to ${callId} ${cseq}` });
    return final()!;
  }
  const answer = (challenge: SipResponse, password: string) =>
    digestAuthorization(parseChallenge(challenge.headers.find(([h]) => h === "www-authenticate")![1])!, {
      username: "parley",
      password,
      method: "INVITE",
      uri: "sip:+15550100200@127.0.0.1",
    });

  test("wrong passwords are answered ever later, then 403 for a while: the right one too meanwhile", async () => {
    await start();
    const statuses: number[] = [];
    const callId = `guess-${++n}`;
    let last = await invite(callId, 1);
    assert.equal(last.status, 401);
    for (let i = 0; i < 8; i++) {
      const t0 = performance.now();
      const next = await invite(callId, 2 + i, last.status === 401 ? answer(last, `guess${i}`) : undefined);
      statuses.push(next.status);
      if (next.status === 401 && i < 4)
        assert.ok(performance.now() - t0 >= 150 * (i + 1) - 20, `failure ${i + 1} waited`);
      if (next.status !== 401) break;
      last = next;
    }
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 403]);
    const locked = await invite(callId, 20, answer(last, "s3cret-pw"));
    assert.equal(locked.status, 403, "the right password while locked");
    assert.ok(Number(locked.headers.find(([h]) => h === "retry-after")?.[1]) > 0, "Retry-After says how long");
    assert.equal(asked, 0, "no campaign looked up");
  });

  test("a right answer is taken once: the Authorization replayed under another Call-ID is re-challenged", async () => {
    await start();
    const callId = `right-${++n}`;
    const challenge = await invite(callId, 1);
    const authorization = answer(challenge, "s3cret-pw");
    assert.equal((await invite(callId, 2, authorization)).status, 480, "answered by the handler (closed)");
    assert.equal(asked, 1);
    const replay = await invite(`replay-${++n}`, 1, authorization);
    assert.equal(replay.status, 401);
    assert.equal(asked, 1, "the replay reached no campaign");
  });

  test("the trunk's own address is challenged unless SIP_TRUST_TRUNK says to trust it", async () => {
    await start({ trunkPort: 5999 });
    assert.equal((await invite(`trunk-${++n}`, 1)).status, 401);
    assert.equal(asked, 0);
    sip.close();
    peer.close();
    await start({ trunkPort: 5999, trustTrunk: true });
    assert.equal((await invite(`trunk-${++n}`, 1)).status, 480, "taken unauthenticated, then refused by the handler");
    assert.equal(asked, 1);
  });
});
