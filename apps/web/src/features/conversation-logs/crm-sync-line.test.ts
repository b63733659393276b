import assert from "node:assert/strict";
import { test } from "node:test";
import { crmSyncLine } from "./crm-sync-line.ts";

const base = { provider: "hubspot" as const, synced_at: null, next_attempt_at: null, last_error: null };

test("each sync state reads as one sentence; a contact not from a CRM shows nothing", () => {
  assert.equal(crmSyncLine(null, "UTC"), null);
  assert.deepEqual(crmSyncLine({ ...base, state: "synced", synced_at: "2030-01-02T10:02:00Z" }, "Europe/Berlin"), {
    text: `Synced to HubSpot on Jan 2, 2030, 11:02 AM.`,
    tone: "success",
    reconnect: false,
  });
  assert.equal(
    crmSyncLine(
      {
        ...base,
        state: "pending",
        last_error: "Could not reach HubSpot: other side closed.",
        next_attempt_at: "2030-01-02T10:07:00Z",
      },
      "Europe/Berlin",
    )!.text,
    `Waiting to sync to HubSpot: Could not reach HubSpot: other side closed, next try Jan 2, 2030, 11:07 AM.`,
  );
  assert.equal(
    crmSyncLine({ ...base, state: "pending", next_attempt_at: "2030-01-02T10:07:00Z" }, "Europe/Berlin")!.text,
    `Waiting to sync to HubSpot: next try Jan 2, 2030, 11:07 AM.`,
  );
  const reconnect = crmSyncLine(
    { ...base, state: "reconnect", last_error: "HubSpot refused the saved token." },
    "UTC",
  )!;
  assert.match(reconnect.text, /^Not synced: HubSpot needs reconnecting\./);
  assert.deepEqual([reconnect.tone, reconnect.reconnect], ["error", true]);
  assert.match(
    crmSyncLine(
      { ...base, state: "failed", last_error: "HubSpot has no such contact any more (deleted or merged)." },
      "UTC",
    )!.text,
    /^Not synced: HubSpot has no such contact any more \(deleted or merged\)\. Test the connection/,
  );
  assert.match(
    crmSyncLine({ ...base, state: "not_connected" }, "UTC")!.text,
    /^Not synced: HubSpot is not connected\./,
  );
});
