import type { Clock } from "../../platform/clock.ts";
import type { Config } from "../../platform/config.ts";
import type { Db } from "../../platform/db.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Storage } from "../../platform/storage.ts";
import { createTicketStore } from "../telephony/web-call-tickets.ts";
import type { WebhookEvents } from "../webhooks/webhook-events.ts";
import type { Admission } from "../dialer/admission.ts";
import type { AgentToolDeps } from "./agent-tools.ts";
import { createCallLeases } from "./call-leases.ts";
import { type CallScorer, type OutcomeAnswersSink, createCallRunner } from "./call-runner.ts";
import { createCallsRepo } from "./calls.repo.ts";
import { createInboundCallsRepo } from "./inbound-calls.repo.ts";
import { createInboundCalls } from "./inbound-calls.service.ts";
import { createListenService } from "./listen.service.ts";
import { createLiveAudio } from "./live-audio.ts";
import { createRecordingUploads } from "./recording-uploads.ts";
import type { ConfiguredVoice } from "./voice-providers.ts";

type Deps = {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  storage: Storage;
  providers: ConfiguredVoice;
  /** call.started and call.completed (webhooks, the CRM). */
  events: WebhookEvents;
  /** What the agent's tools reach: the calendar, the do-not-call list, the knowledge base. */
  tools: AgentToolDeps;
  /** This process's admission control: an inbound call past capacity is refused as busy. */
  admission?: Admission;
  /** Scores each call as it is saved (features/scorecard). */
  scorecards?: CallScorer;
  /** Keeps each call's qualifying answers (features/outcome-fields). */
  outcomeFields?: OutcomeAnswersSink;
};

/**
 * The calls this process runs: the runner (the agent's session on a leg, the call row kept up to date), people
 * listening in, recordings on their way to the file store, and inbound calls on the same runner.
 */
export function wireCalls(deps: Deps) {
  const { db, config, clock, log, storage, providers, events, tools, admission, scorecards, outcomeFields } = deps;
  const repo = createCallsRepo(db);
  // People listening in from the browser (owners and admins) reach the calls this process runs.
  const liveAudio = createLiveAudio({
    record: (orgId, callId, userId, kind) =>
      void repo
        .addIntervention(orgId, callId, userId, kind)
        .catch((err: Error) => log.warn({ err, callId }, "intervention not recorded")),
  });
  const listen = createListenService({
    live: liveAudio,
    tickets: createTicketStore(db, clock, "listen"),
    personName: repo.personName,
    callExists: async (orgId, id) => (await repo.live(orgId, id)) !== null,
  });
  const recordingUploads = createRecordingUploads({ db, storage, clock, log });
  const runner = createCallRunner({
    repo,
    recordings: recordingUploads,
    clock,
    log,
    liveAudio,
    providers,
    events,
    tools,
    scorecards,
    outcomeFields,
  });
  // Calls to an inbound campaign's number (SIP INVITE, Twilio's incoming-call webhook) run on the same runner.
  // Their rows are leased like the dialer's attempts, so a dead process's calls are closed as dropped.
  const leases = createCallLeases(db, { leaseMs: config.voice.dialerLeaseMs, log });
  const inbound = createInboundCalls({
    repo: createInboundCallsRepo(db),
    answerCall: runner.answerCall,
    log,
    leases,
    admission,
  });
  providers.telephony.onIncoming?.(inbound.answer);
  return { runner, listen, recordingUploads, leases, inbound };
}
