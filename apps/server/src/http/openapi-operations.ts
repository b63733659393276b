import type { z } from "zod";
import { ExperimentInput } from "@parley/shared/experiments";
import { OutcomeFieldCrm } from "@parley/shared/outcome-field-crm";
import { OrgSettingsUpdate, PasswordChange, ProfileUpdate } from "@parley/shared/settings";

/**
 * What the API reference (/api/docs, /api/openapi.json) says of each route that its schema cannot: a one-line
 * summary, for answers that are not JSON (audio, a CSV, an event stream, no body) what they are, and the request
 * body of routes that validate it in their service (so the route has no body schema to document it).
 * Keyed like ROUTE_ROLES ("METHOD /api/path/:param"); openapi.int.test.ts fails on a route missing here, so
 * adding a route means adding a line. The feature tag comes from the path (openapi.ts).
 */
export type NonJsonAnswer = { status: number; description: string; contentType?: string };
export type OperationDoc = string | { summary: string; answer?: NonJsonAnswer; body?: z.ZodType };

const NO_CONTENT: NonJsonAnswer = { status: 204, description: "Done; no body." };
const noContent = (summary: string): OperationDoc => ({ summary, answer: NO_CONTENT });
const audio = (summary: string): OperationDoc => ({
  summary,
  answer: { status: 200, description: "A WAV recording.", contentType: "audio/wav" },
});
const events = (summary: string): OperationDoc => ({
  summary,
  answer: {
    status: 200,
    description: "Server-sent events, one JSON object per `data:` line, until the client closes.",
    contentType: "text/event-stream",
  },
});

export const OPERATIONS: Record<string, OperationDoc> = {
  "GET /api/health": "Check that the server and its database answer",

  "GET /api/auth/config": "Sign-in options of this server (Google sign-in, sign-up open)",
  "POST /api/auth/register": "Create an account and its organisation",
  "POST /api/auth/login": "Sign in with email or username and password",
  "POST /api/auth/refresh": "Exchange a refresh token for a new access token",
  "POST /api/auth/logout": noContent("Sign out: revoke the refresh token and the access token"),
  "POST /api/auth/google": "Sign in with a Google ID token",
  "GET /api/auth/me": "The signed-in user, organisation and role",
  "POST /api/auth/switch-organization": "Switch to another organisation of the signed-in user",
  "GET /api/organizations": "Organisations the signed-in user belongs to",
  "POST /api/organizations": "Create another organisation, owned by the signed-in user",
  "POST /api/team/leave":
    "Leave the organisation of the request (not its last owner); answers a session in the next one",
  "DELETE /api/organizations/current":
    "Delete the organisation of the request with all its data (owner; its name confirms)",

  "GET /api/settings/profile": "Your profile",
  // The settings service validates these bodies itself (with the same shared schemas), after the role check.
  "PUT /api/settings/profile": { summary: "Update your profile", body: ProfileUpdate },
  "POST /api/settings/profile/password": { summary: "Change your password", answer: NO_CONTENT, body: PasswordChange },
  "GET /api/settings/organization": "Organisation settings (hours, defaults, time zone)",
  "GET /api/settings/organization/clock":
    "The organisation's time zone, country and whether a meeting link is set, for every member's screens",
  "PUT /api/settings/organization": { summary: "Update organisation settings", body: OrgSettingsUpdate },

  "GET /api/dnc": "List the do-not-call numbers",
  "POST /api/dnc": "Add a do-not-call number (JSON) or import a CSV (multipart field `file`)",
  "DELETE /api/dnc/:id": noContent("Remove a number from the do-not-call list"),

  "GET /api/calendar/events": "List calendar events in a time range",
  "POST /api/calendar/events": "Book a calendar event",
  "GET /api/calendar/events/:id": "One calendar event",
  "PUT /api/calendar/events/:id": "Move or edit a calendar event",
  "DELETE /api/calendar/events/:id": "Delete a calendar event",
  "POST /api/calendar/events/:id/cancel": "Cancel a calendar event (kept, marked cancelled)",
  "GET /api/calendar/availability": "Free slots within the organisation's hours",
  "GET /api/calendar/stats": "Meeting counts for the calendar header",
  "GET /api/calendar/feed": "The calendar's iCalendar subscription link, if any",
  "POST /api/calendar/feed": "Create (or replace) the calendar's secret subscription link",
  "DELETE /api/calendar/feed": "Revoke the calendar's subscription link",
  "GET /api/calendar/feed/:file": {
    summary: "The calendar as an iCalendar feed (the secret file name is the credential)",
    answer: { status: 200, description: "An iCalendar file.", contentType: "text/calendar" },
  },

  "GET /api/campaigns": "List campaigns",
  "GET /api/campaigns/:id": "One campaign with its settings",
  "POST /api/create_campaign": "Create a campaign (multipart: settings and the contact list file)",
  "PUT /api/campaigns/:id": "Edit a campaign",
  "DELETE /api/campaigns/:id": "Delete a campaign",
  "POST /api/campaigns/:id/launch": "Launch a campaign: its contacts are queued for calling",
  "POST /api/campaigns/:id/pause": "Pause a running campaign",
  "POST /api/campaigns/:id/resume": "Resume a paused campaign",
  "POST /api/campaigns/:id/stop": "Stop a campaign for good, cancelling its pending calls",
  "POST /api/campaigns/:id/duplicate": "Copy a campaign as a new draft",
  "GET /api/campaigns/:id/contacts": "A campaign's contacts and their call status",
  "GET /api/campaigns/:id/progress": events("Live progress of a campaign"),
  "GET /api/campaigns/:id/outcome-fields": "A campaign's qualifying fields: name, type, question, options, rule",
  "PUT /api/campaigns/:id/outcome-fields": "Replace a campaign's qualifying fields (calls keep what they captured)",
  "GET /api/campaigns/:id/outcome-fields/crm": "The HubSpot contact property each qualifying field is written to",
  "PUT /api/campaigns/:id/outcome-fields/crm": {
    summary: "Set the HubSpot contact property each qualifying field's answer is written to after a call",
    body: OutcomeFieldCrm,
  },
  "GET /api/campaigns/:id/scorecard":
    "Pass rate of each scorecard check over a campaign's calls, and the calls that failed one",
  "GET /api/campaigns/:id/experiment":
    "A campaign's experiment: its variants, each one's funnel with 95% intervals, and whether the lead is chance",
  "PUT /api/campaigns/:id/experiment": {
    summary: "Set a campaign's 2 to 4 variants of opening line, goal and voice ([] removes them before launch)",
    body: ExperimentInput,
  },
  "POST /api/campaigns/:id/experiment/keep-winner":
    "End the experiment with one variant: contacts not yet reached move to it",
  "GET /api/campaigns/:id/greeting-preview": "The greeting a campaign's agent will say, as text",
  "GET /api/campaigns/:id/greeting-preview/audio": audio("The greeting a campaign's agent will say, spoken"),
  "POST /api/campaigns/greeting-preview": "Preview the greeting of unsaved campaign settings, as text",
  "POST /api/campaigns/greeting-preview/audio": audio("Preview the greeting of unsaved campaign settings, spoken"),
  "GET /api/campaigns/:id/knowledge-bases": "Knowledge-base documents a campaign's agent uses",
  "PUT /api/campaigns/:id/knowledge-bases": "Choose the knowledge-base documents a campaign's agent uses",
  "POST /api/campaigns/:id/test-call": "Start a test call of a campaign's agent in the browser",
  "POST /api/contacts/check": "Check a contact list file before creating a campaign",
  "GET /api/voices": "Voices an agent can speak with",
  "GET /api/voices/:id/preview.wav": audio("A sample of a voice"),

  "GET /api/voice/KB/documents": "List knowledge-base documents",
  "GET /api/voice/KB/documents/:id": "One knowledge-base document and its processing state",
  "GET /api/voice/KB/agent/:agentId/kb-status": "Knowledge-base status of an agent (campaign)",
  "POST /api/voice/KB/bulk-upload-documents": "Upload documents to the knowledge base (multipart)",
  "POST /api/voice/KB/bulk-upload-urls": "Add web pages to the knowledge base by URL",
  "POST /api/knowledge-base/upload": "Upload one document to the knowledge base (multipart)",
  "PUT /api/knowledge-base/:id": "Rename or re-describe a knowledge-base document",
  "POST /api/upload-prompt-enhanced": "Upload a document and get an agent prompt drafted from it (multipart)",
  "DELETE /api/voice/KB/unassign-and-delete/:id": "Delete a knowledge-base document and unassign it from campaigns",
  "POST /api/voice/KB/ask": "Ask the knowledge base a question, as the agent would answer it",
  "POST /api/voice/KB/transcribe": "Transcribe a spoken question (audio body) for the knowledge test box",

  "POST /api/calls": "Place one call by hand",
  "GET /api/calls/:id": "One call with its transcript",
  "GET /api/calls/:id/events": events("Live events of one call (turns, status)"),
  "POST /api/calls/:id/listen": "Listen in on a live call from the browser (a ticket for its WebSocket)",
  "GET /api/calls/live": events("Calls in progress, live"),
  "GET /api/call-history": "Search the call history",
  "GET /api/call-history/export": {
    summary: "Export the call history as CSV",
    answer: { status: 200, description: "A CSV file, one call a row.", contentType: "text/csv" },
  },
  "GET /api/call-history/:id": "One call of the history with its summary and extracted fields",
  "GET /api/recordings/:id": {
    summary: "A call's recording (signed URL)",
    answer: { status: 200, description: "The recording.", contentType: "audio/wav" },
  },
  "GET /api/threads-above-threshold": "Conversation threads (calls, emails, WhatsApp) above a score",
  "GET /api/thread/:thread_id/conversation": "The messages of one conversation thread",

  "GET /api/channels/email": "The email channel's inbound address",
  "POST /api/channels/email/rotate": "Replace the email channel's secret inbound address",
  "POST /api/webhooks/email/:token": "Inbound email (from the mail provider; the token is the credential)",
  "GET /api/channels/whatsapp": "WhatsApp channel settings",
  "PUT /api/channels/whatsapp": "Update WhatsApp channel settings",
  "GET /api/whatsapp/contacts": "WhatsApp contacts with their last message",
  "GET /api/whatsapp/messages/:phone_number": "WhatsApp messages with one contact",
  "POST /api/whatsapp/messages/:phone_number": "Send a WhatsApp reply",
  "GET /api/webhooks/whatsapp": {
    summary: "WhatsApp webhook verification (Meta's challenge)",
    answer: { status: 200, description: "The challenge, echoed.", contentType: "text/plain" },
  },
  "POST /api/webhooks/whatsapp": "Inbound WhatsApp messages (signed by Meta)",

  "GET /api/dashboard/overview": "Dashboard figures: calls, outcomes, minutes",
  "GET /api/dashboard/channel-metrics": "Dashboard figures per channel",
  "GET /api/dashboard/capacity": "Calls in progress and how many this server can take (owners and admins)",
  "GET /api/dashboard/conversation-minutes": "Conversation minutes over time",
  "GET /api/analytics": "Analytics over a date range",
  "GET /api/analytics/answer-hours": "When contacts answer, by their weekday and hour",
  "GET /api/analytics/funnel": "The funnel of the contacts first dialled in a range of days",

  "GET /api/webhooks": "List outbound webhooks",
  "POST /api/webhooks": "Add an outbound webhook",
  "PUT /api/webhooks/:id": "Edit an outbound webhook",
  "DELETE /api/webhooks/:id": noContent("Delete an outbound webhook"),
  "GET /api/webhooks/:id/deliveries": "Recent deliveries of an outbound webhook",
  "POST /api/webhooks/:id/test": "Send a test event to an outbound webhook",
  "POST /api/webhooks/:id/rotate-secret":
    "Make a new signing secret (answered this once); the old one keeps signing beside it for 24 hours",
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend": "Send a past delivery again",

  "GET /api/team": "Members and pending invitations",
  "POST /api/team/invitations": "Invite someone to the organisation",
  "POST /api/team/invitations/:id/link": "A fresh invitation link to share by hand",
  "DELETE /api/team/invitations/:id": noContent("Withdraw an invitation"),
  "PUT /api/team/members/:userId": noContent("Change a member's role"),
  "DELETE /api/team/members/:userId": noContent("Remove a member from the organisation"),
  "POST /api/team/invitations/preview": "What an invitation token invites to (the token is the credential)",
  "POST /api/team/invitations/accept": "Accept an invitation, with a new or the signed-in account",

  "GET /api/api-keys": "List the organisation's API keys (never their secrets)",
  "POST /api/api-keys": "Create an API key; its secret is shown once",
  "DELETE /api/api-keys/:id": noContent("Revoke an API key"),

  "GET /api/integrations": "What is connected: the team's calendar (CalDAV) and its status (never its password)",
  "PUT /api/integrations/caldav": "Connect the team's calendar over CalDAV; the account is tested before it is saved",
  "POST /api/integrations/caldav/test": "Test the saved calendar connection again; answers its new status",
  "DELETE /api/integrations/caldav": noContent("Disconnect the team's calendar"),
  "PUT /api/integrations/hubspot":
    "Connect HubSpot with a private app's token; the token is tried against HubSpot before it is saved",
  "POST /api/integrations/hubspot/test":
    "Try the saved HubSpot token again; answers the new status (reconnect when HubSpot refuses it)",
  "DELETE /api/integrations/hubspot": noContent("Disconnect HubSpot and delete its saved token"),
  "GET /api/integrations/hubspot/lists": "The HubSpot contact lists that can be imported into a campaign",
  "GET /api/integrations/hubspot/lists/:listId/preview":
    "A HubSpot list's first contacts and the account's contact properties, to choose a mapping",
  "POST /api/campaigns/:id/crm-import":
    "Replace the campaign's contacts with a HubSpot list's, mapped to " +
    "Parley's fields and read by the CSV import's rules",

  "POST /api/telephony/twilio/twiml": {
    summary: "Twilio: instructions for a call being answered (signed by Twilio)",
    answer: { status: 200, description: "TwiML connecting the call to its media stream.", contentType: "text/xml" },
  },
  "POST /api/telephony/twilio/incoming": {
    summary: "Twilio: a call to a number of the account, for an inbound campaign (signed by Twilio)",
    answer: {
      status: 200,
      description: "TwiML connecting the caller to the campaign's agent, or a polite refusal (busy, not taking calls).",
      contentType: "text/xml",
    },
  },
  "POST /api/telephony/twilio/status": "Twilio: call status callback (signed by Twilio)",
  "POST /api/telephony/twilio/amd": "Twilio: answering-machine detection result (signed by Twilio)",
};
