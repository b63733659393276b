import type { AgentTools, MeetingResult } from "@parley/voice/brain/brain";
import type { CalendarService } from "../calendar/calendar.service.ts";
import type { DncService } from "../dnc/dnc.service.ts";
import { retrieveForCampaign } from "../knowledge-base/kb-campaign-retrieval.ts";
import type { RetrievalService, RetrievedPassage } from "../knowledge-base/retrieval.service.ts";
import type { CallContextRow, KbSource } from "./calls.repo.ts";
import { CONTACT_MEETING_HOURS, contactZone } from "./contact-zone.ts";

export type AgentToolDeps = { calendar: CalendarService; dnc: DncService; retrieval: RetrievalService };

/**
 * The agent's tools bound to this call's organisation, campaign and contact. What they did is kept so the
 * call record and the dialer can act on it (a callback time becomes the next attempt).
 */
export function bindAgentTools(deps: AgentToolDeps, c: CallContextRow) {
  const done: {
    callbackAt: Date | null;
    meetingId: string | null;
    doNotCall: boolean;
    kbSources: KbSource[];
    notes: Record<string, string>;
  } = {
    callbackAt: null,
    meetingId: null,
    doNotCall: false,
    kbSources: [],
    notes: {},
  };
  const retrieved = new Map<string, RetrievedPassage>();
  const tools: Omit<AgentTools, "endCall"> = {
    async bookMeeting({ start, durationMinutes, notes }): Promise<MeetingResult> {
      const r = await deps.calendar.bookMeeting(c.org_id, {
        title: `${c.campaign_name}: meeting with ${c.contact_name || c.phone}`,
        startAt: start,
        durationMinutes: durationMinutes ?? 30,
        // Inside the team's working hours and the contact's reasonable hours, both.
        timezone: c.team_timezone,
        businessHours: { start: c.team_hours_start, end: c.team_hours_end },
        contactHours: { timezone: contactZone(c.phone, c.timezone), ...CONTACT_MEETING_HOURS },
        attendees: [c.contact_name, c.email, c.phone].filter(Boolean),
        contactId: c.contact_id,
        campaignId: c.campaign_id,
        callId: c.call_id,
        description: notes ?? `Booked by the AI agent during a call to ${c.phone}.`,
      });
      // The team's calendar could not be read: the call's notes say the times came from Parley's calendar only.
      if (r.calendarNote) done.notes.calendar_note = r.calendarNote;
      if (!r.booked)
        return { booked: false, reason: r.reason, alternatives: r.alternatives.map((s) => new Date(s.start)) };
      done.meetingId = r.event.id;
      return {
        booked: true,
        start: new Date(r.event.start_time),
        end: new Date(r.event.end_time),
        eventId: r.event.id,
      };
    },
    async scheduleCallback(at) {
      done.callbackAt = at;
    },
    async markDoNotCall() {
      done.doNotCall = true;
      await deps.dnc.markFromCall(c.org_id, c.phone, "Asked not to be called again during a call.", c.campaign_id);
    },
    async retrieve(query) {
      const passages = await retrieveForCampaign(deps.retrieval, c, query);
      for (const p of passages) retrieved.set(p.passageId, p);
      return passages.map((p) => ({ id: p.passageId, heading: p.heading, text: p.text }));
    },
    // Every passage looked at for a question, with whether the answer came from it and why: a team sees why
    // the agent answered or declined.
    citeSources(query, looked) {
      for (const { passage, used, checks } of looked) {
        const p = retrieved.get(passage.id);
        if (p)
          done.kbSources.push({
            query,
            document_id: p.documentId,
            document_name: p.documentName,
            heading: p.heading,
            passage_id: p.passageId,
            used,
            checks,
          });
      }
    },
  };
  return { tools, done };
}
