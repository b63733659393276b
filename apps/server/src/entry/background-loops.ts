import type { Logger } from "../platform/logger.ts";
import { startDialerLoop } from "../features/dialer/dialer-loop.ts";
import { startWebhookLoop } from "../features/webhooks/webhook-loop.ts";
import { startRecordingUploadLoop } from "../features/calls/recording-uploads.ts";
import { startLeaseSweepLoop } from "../features/calls/call-leases.ts";
import { startInvitationLoop } from "../features/invitations/invitations.wiring.ts";
import { startCrmSyncLoop } from "../features/integrations/crm-sync.wiring.ts";
import { startTeamMailLoop } from "../features/team/team.wiring.ts";
import type { Services } from "./wire.ts";

/**
 * The queues every process works on beside its requests, started the same way by `npm start` and
 * `npm run worker`. Each row of a queue is leased, so any number of processes can run them side by side.
 */
export function startBackgroundLoops(services: Services, opts: { log: Logger; dialer: boolean }) {
  const log = { log: opts.log };
  const dialerLoop = opts.dialer ? startDialerLoop(services.dialer, log) : null;
  // Webhook deliveries, meeting invitations and team invitation mails are sent, and call results written
  // to HubSpot, from every process (their leases keep each send to one process).
  const webhookLoop = startWebhookLoop(services.webhooks.delivery, log);
  const invitationLoop = startInvitationLoop(services.invitations, log);
  const crmSyncLoop = startCrmSyncLoop(services.crmSync, log);
  const teamMailLoop = startTeamMailLoop(services.team, log);
  // Recordings the file store could not take when their call ended are retried from every process.
  const recordingLoop = startRecordingUploadLoop(services.calls.recordingUploads, log);
  // Inbound and test calls a dead process left open are closed as dropped once their lease runs out.
  const leaseSweep = startLeaseSweepLoop(services.calls.leases, log);
  return {
    /** Stops dialling (hanging up this process's dialled calls) and waits for each queue's pass in flight. */
    async stop(): Promise<void> {
      dialerLoop?.stop();
      await webhookLoop.stop();
      await invitationLoop.stop();
      await crmSyncLoop.stop();
      await teamMailLoop.stop();
      await recordingLoop.stop();
      await leaseSweep.stop();
    },
  };
}
