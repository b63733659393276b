import type { AgentTools, MeetingResult } from "@parley/voice/brain/brain";
import type { SessionEvent, SessionResult } from "@parley/voice/session/session-types";
import { createWebCallLeg, type WebSocketLike } from "@parley/voice/telephony/web/web-call-leg";
import { WEB_CALL_SAMPLE_RATE, WebCallClientMessage, type WebCallServerMessage } from "@parley/shared/web-call";
import { AppError } from "../../http/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { CallLeases } from "../calls/call-leases.ts";
import type { CallContextRow } from "../calls/calls.repo.ts";
import type { RunOnLegOptions } from "../calls/call-runner.ts";
import { retrieveForCampaign } from "../knowledge-base/kb-campaign-retrieval.ts";
import type { RetrievalService } from "../knowledge-base/retrieval.service.ts";
import type { TicketHolder, TicketStore } from "./web-call-tickets.ts";
import type { WebCallRepo } from "./web-call.repo.ts";
import { parseSocketMessage } from "../../http/socket-message.ts";

type Deps = {
  repo: WebCallRepo;
  /** A test call's row is leased to this process while it runs, so a dead process's stop counting. */
  leases: CallLeases;
  tickets: TicketStore;
  /** Throws notFound when the campaign is not the organisation's. */
  campaignExists(orgId: string, campaignId: string): Promise<unknown>;
  /** The agent's view of a call (its campaign, its lead), read from the call row. */
  callContext(callId: string): Promise<CallContextRow | null>;
  runOnLeg(
    c: CallContextRow,
    leg: ReturnType<typeof createWebCallLeg>["leg"],
    o: RunOnLegOptions,
  ): Promise<SessionResult>;
  retrieval: RetrievalService;
  log: Logger;
};

/** A page that never sends `start` does not hold a session open. */
const START_TIMEOUT_MS = 30_000;
/** Test calls run the full speech pipeline: a few per organisation at a time, counted across processes. */
export const MAX_TEST_CALLS_PER_ORG = 3;
const BUSY =
  `${MAX_TEST_CALLS_PER_ORG} test calls are already running ` + "in your organisation. Hang one up, then try again.";

/** The browser test call: tickets, then one agent session per socket over the web leg. */
export function createWebCallService(deps: Deps) {
  return {
    async issueTicket(orgId: string, userId: string, campaignId: string) {
      await deps.campaignExists(orgId, campaignId);
      // Checked again, under a lock, when the call starts: tickets taken at once may outnumber the places.
      if ((await deps.repo.running(orgId)) >= MAX_TEST_CALLS_PER_ORG) throw new AppError("conflict", BUSY);
      const ticket = await deps.tickets.issue({ orgId, userId, subject: campaignId });
      const ws_url = `/api/media/web?${new URLSearchParams({ campaign_id: campaignId, ticket })}`;
      return { ticket, ws_url, expires_in_secs: deps.tickets.ttlSecs };
    },

    redeem: (ticket: string, campaignId: string) => deps.tickets.redeem(ticket, campaignId),

    /** Runs the call on an accepted socket until either side hangs up; the call row is closed at the end. */
    async run(socket: WebSocketLike, holder: TicketHolder): Promise<void> {
      const web = createWebCallLeg(socket, (text) => parseSocketMessage(WebCallClientMessage, text));
      const send = (m: WebCallServerMessage) => web.sendJson(m);
      const id = await deps.repo.createTestCall(holder.orgId, holder.subject, holder.userId, {
        max: MAX_TEST_CALLS_PER_ORG,
        leaseMs: deps.leases.leaseMs,
      });
      if (id === "busy") {
        send({ type: "error", message: BUSY });
        return web.close(4409, "Too many test calls.");
      }
      const c = id ? await deps.callContext(id) : null;
      if (!c) {
        send({ type: "error", message: "Campaign not found." });
        return web.close(4404, "Campaign not found.");
      }
      deps.leases.hold(c.call_id);
      const startTimer = setTimeout(() => !web.started && web.leg.hangup(), START_TIMEOUT_MS);
      const onEvent = (e: SessionEvent) => {
        if (e.type === "turn") send({ type: "transcript", turn: e.turn });
      };
      send({ type: "ready", call_id: c.call_id, sample_rate: WEB_CALL_SAMPLE_RATE });
      try {
        const result = await deps.runOnLeg(c, web.leg, { tools: testCallTools(deps.retrieval, c), onEvent });
        send({
          type: "ended",
          call_id: c.call_id,
          reason: result.endReason,
          outcome: result.answered ? result.outcome : null,
        });
      } catch (err) {
        deps.log.error({ err, callId: c.call_id }, "test call failed");
        send({ type: "error", message: "The test call failed on the server. Please try again." });
      } finally {
        clearTimeout(startTimer);
        deps.leases.release(c.call_id);
        web.close();
      }
    },
  };
}
export type WebCallService = ReturnType<typeof createWebCallService>;

/**
 * A test call changes nothing real: no meeting lands in the calendar (the brain is told why, as for a busy
 * slot), no number goes on the do-not-call list, no callback is scheduled. Knowledge-base answers are real.
 */
export function testCallTools(retrieval: RetrievalService, c: CallContextRow): Omit<AgentTools, "endCall"> {
  return {
    async bookMeeting(): Promise<MeetingResult> {
      return { booked: false, reason: "This is a test call, so no meeting is booked.", alternatives: [] };
    },
    async scheduleCallback() {},
    async markDoNotCall() {},
    async retrieve(query) {
      const passages = await retrieveForCampaign(retrieval, c, query);
      return passages.map((p) => ({ id: p.passageId, heading: p.heading, text: p.text }));
    },
  };
}
