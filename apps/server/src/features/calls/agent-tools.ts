import type { AgentTools, MeetingResult } from "@parley/voice/brain/brain";
import type { CalendarService } from "../calendar/calendar.service.ts";
import type { DncService } from "../dnc/dnc.service.ts";
import { retrieveForCampaign } from "../knowledge-base/kb-campaign-retrieval.ts";
import type { RetrievalService, RetrievedPassage } from "../knowledge-base/retrieval.service.ts";
import type { CallContextRow, KbSource } from "./calls.repo.ts";

export type AgentToolDeps = { calendar: CalendarService; dnc: DncService; retrieval: RetrievalService };

/**
 * The agent's tools bound to this call's organisation, campaign and contact. What they did is kept so the
 * call record and the dialer can act on it (a callback time becomes the next attempt).
 */
export function bindAgentTools(deps: AgentToolDeps, c: CallContextRow) {
  const done: { callbackAt: Date | null; meetingId: string | null; doNotCall: boolean; kbSources: KbSource[]; notes: Record<string, string> } = {
    callbackAt: null, meetingId: null, doNotCall: false, kbSources: [], notes: {},
  };
  const retrieved = new Map<string, RetrievedPassage>();
  const tools: Omit<AgentTools, "endCall"> = {
    async bookMeeting({ start, durationMinutes, notes }): Promise<MeetingResult> {
      const r = await deps.calendar.bookMeeting(c.org_id, {
        title: `${c.campaign_name}: meeting with ${c.contact_name || c.phone}`,
        startAt: start,
        durationMinutes: durationMinutes ?? 30,
        timezone: c.timezone,
        businessHours: { start: c.business_hours_start, end: c.business_hours_end },
        attendees: [c.contact_name, c.email, c.phone].filter(Boolean),
        contactId: c.contact_id,
        campaignId: c.campaign_id,
        callId: c.call_id,
        description: notes ?? `Booked by the AI agent during a call to ${c.phone}.`,
      });
      // The team's calendar could not be read: the call's notes say the times came from Parley's calendar only.
      if (r.calendarNote) done.notes.calendar_note = r.calendarNote;
      if (!r.booked) return { booked: false, reason: r.reason, alternatives: r.alternatives.map((s) => new Date(s.start)) };
      done.meetingId = r.event.id;
      return { booked: true, start: new Date(r.event.start_time), end: new Date(r.event.end_time), eventId: r.event.id };
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
    // Only the passages an answer was taken from are the call's sources, not every passage looked at.
    citeSources(query, passages) {
      for (const { id } of passages) {
        const p = retrieved.get(id);
        if (p) done.kbSources.push({ query, document_id: p.documentId, document_name: p.documentName, heading: p.heading, passage_id: p.passageId });
      }
    },
  };
  return { tools, done };
}
