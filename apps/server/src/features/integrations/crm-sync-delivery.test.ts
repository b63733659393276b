import assert from "node:assert/strict";
import { test } from "node:test";
import { createCrmSyncDelivery } from "./crm-sync-delivery.ts";
import { CrmError, type CrmActivity, type CrmProvider } from "./crm-provider.ts";
import type { CrmSyncRepo, DueCrmWrite } from "./crm-sync.repo.ts";

const NOW = new Date("2030-03-01T12:00:00Z");
type Attempt = Parameters<CrmSyncRepo["recordAttempt"]>[1];

/** One due cancellation, whose meeting's own write stands as given; what the sender did with it. */
async function send(
  meeting: { objectId: string | null; status: DueCrmWrite["meeting_status"] },
  answer: (a: CrmActivity) => Promise<{ id: string | null }>,
) {
  const attempts: Attempt[] = [];
  const sent: CrmActivity[] = [];
  const due: DueCrmWrite = {
    id: "w1",
    org_id: "o1",
    call_id: "c1",
    provider: "hubspot",
    kind: "meeting_cancelled",
    attempts: 0,
    activity: { kind: "meeting_cancelled", contactId: "101", meetingId: null },
    meeting_object_id: meeting.objectId,
    meeting_status: meeting.status,
  };
  const repo = {
    claimDue: async () => [due],
    recordAttempt: async (_id: string, a: Attempt) => void attempts.push(a),
    meetingWritten: async () => {},
    release: async () => {},
  } as unknown as CrmSyncRepo;
  const crm = { writeActivity: async (a: CrmActivity) => (sent.push(a), answer(a)) } as unknown as CrmProvider;
  const delivery = createCrmSyncDelivery({
    repo,
    clock: { now: () => NOW },
    connections: { hubspot: { open: async () => crm, refused: async () => "refused" } },
  });
  await delivery.deliverDue();
  return { attempts, sent };
}
const ok = async () => ({ id: null });

test("a meeting's cancellation goes out with the CRM's id of the meeting once that is known", async () => {
  const { attempts, sent } = await send({ objectId: "900001", status: "synced" }, ok);
  assert.deepEqual(sent, [{ kind: "meeting_cancelled", contactId: "101", meetingId: "900001" }]);
  assert.equal(attempts[0]!.status, "synced");
});

test("while the meeting still waits, so does its cancellation; if the meeting failed for good, it does", async () => {
  const waiting = await send({ objectId: null, status: "pending" }, ok);
  assert.deepEqual(waiting.sent, []);
  assert.deepEqual(
    [waiting.attempts[0]!.status, waiting.attempts[0]!.error],
    ["pending", "Waiting for the meeting itself to be written first."],
  );
  assert.ok(waiting.attempts[0]!.nextAt > NOW);

  const failed = await send({ objectId: null, status: "failed" }, ok);
  assert.deepEqual(failed.sent, []);
  assert.equal(failed.attempts[0]!.status, "failed");
  assert.match(failed.attempts[0]!.error!, /could not be written to the CRM/);
});

test("a meeting deleted in the CRM since leaves nothing to cancel: done, not failed", async () => {
  const { attempts } = await send({ objectId: "900002", status: "synced" }, async () => {
    throw new CrmError("HubSpot has no such contact any more (deleted or merged).", 404);
  });
  assert.deepEqual([attempts[0]!.status, attempts[0]!.error], ["synced", null]);
});
