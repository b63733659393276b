import assert from "node:assert/strict";
import { test } from "node:test";
import type { IncomingCall } from "@parley/voice/telephony/call-leg";
import { createAdmission } from "../dialer/admission.ts";
import type { CallLeases } from "./call-leases.ts";
import type { InboundCallsRepo } from "./inbound-calls.repo.ts";
import { createInboundCalls } from "./inbound-calls.service.ts";

const silent = { info() {}, warn() {}, error() {} } as never;
const leases = { hold() {}, release() {}, leaseMs: 60_000 } as unknown as CallLeases;
const call = { from: "+15550102030", to: "+15550100000" } as IncomingCall;

test("past capacity an inbound call is refused as busy, before the database is asked", async () => {
  // A ceiling of one call per process, and one call live: no room.
  const admission = createAdmission({ enabled: true, startCallCores: 0.1, limits: { maxCalls: 1 } });
  let asked = 0;
  const repo = {
    admit: async () => {
      asked++;
      return { admitted: true, callId: "c1", orgId: "o1" };
    },
    charge: async () => {},
  } as unknown as InboundCallsRepo;
  const inbound = createInboundCalls({
    repo,
    answerCall: () => new Promise(() => {}),
    log: silent,
    leases,
    admission,
  });
  try {
    const taken = await inbound.answer(call);
    assert.ok("answer" in taken);
    taken.answer({} as never); // the call is live: it counts against this process's capacity
    assert.equal(admission.capacity().live, 1);
    assert.deepEqual(await inbound.answer(call), { refuse: "busy" });
    assert.equal(asked, 1, "the refused call never reached the database");
  } finally {
    admission.stop();
  }
});
