import type { Action } from "@parley/shared/permissions";

/**
 * Who may call each route: the action it performs (its least role is in packages/shared/src/permissions.ts,
 * the map the web app reads too), or
 *   "public"    — no bearer token; the route checks what it needs itself (a signature, a one-time ticket, a
 *                 secret in the URL, a password) or serves nothing private;
 *   "signed-in" — any member of the organisation, about their own account or sessions.
 * A route missing here answers 403 to everyone, is named in the log at start-up (role-guard.ts) and fails
 * route-roles.int.test.ts: adding a route means adding a line.
 * HEAD follows GET.
 *
 * Decisions, from the spec and issue 22:
 * - Reading is open to members wherever the data is the team's daily work (campaigns and their progress,
 *   call and conversation logs, the knowledge base list and its test box, the do-not-call list), so a member
 *   sees what the agent does and says. Reading configuration is not: organisation settings are for admins
 *   (campaign setup reads their defaults), channel settings hold secrets (integrations, admin).
 * - Requests that change nothing but cost a synthesis or a recognition (greeting previews, the knowledge
 *   test box's ask and transcribe, the contact-list check) are member: they let a member check what a campaign
 *   says without being able to change it.
 * - Pause and resume are member ("run"): a member watching the calls must be able to halt them at once
 *   when something sounds wrong, and resuming only continues what an admin launched, unchanged. Launch, stop
 *   (cancels the pending calls for good), duplicate, edit and delete shape the campaign: admin.
 * - Placing one call by hand and the browser test call are member: running calls is a member's job.
 * - Calendar events are member (members book and move the meetings their calls set up); creating or revoking
 *   the calendar's secret subscription link is an integration (admin), reading it is not.
 * - Sending a WhatsApp reply is member (conversations are run by members); channel set-up is admin.
 * - Creating another organisation is signed-in: its creator becomes its owner, nothing of this one changes.
 * - The team (members, roles, invitations) is the owner's alone, as issue 22 says ("owner: everything, including
 *   the team"): an admin who could invite could invite an owner, or grow their own power through a friend.
 */
export type RouteRule = Action | "public" | "signed-in";

export const ROUTE_ROLES: Record<string, RouteRule> = {
  // served by the app itself
  "GET /*": "public", // the web app's files and its single page, every GET outside /api
  "OPTIONS *": "public", // CORS pre-flight
  "GET /api/openapi.json": "public",
  "GET /api/docs": "public", // the API reference page and its own files under /api/docs/
  "GET /api/health": "public",

  // auth: the routes check passwords, refresh tokens and Google ID tokens themselves
  "GET /api/auth/config": "public",
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/refresh": "public",
  "POST /api/auth/logout": "public",
  "POST /api/auth/google": "public",
  "GET /api/auth/me": "signed-in",
  "POST /api/auth/switch-organization": "signed-in",
  "GET /api/organizations": "signed-in",
  "POST /api/organizations": "signed-in",
  "GET /api/settings/profile": "signed-in",
  "PUT /api/settings/profile": "signed-in",
  "POST /api/settings/profile/password": "signed-in",
  // The zone and country every member's screens write times and numbers by (not the rest of the settings).
  "GET /api/settings/organization/clock": "signed-in",
  "POST /api/team/leave": "signed-in", // one's own membership; the last owner is refused by the team service

  // webhooks and links with their own checks (signature, secret token, one-time ticket, signed URL)
  "POST /api/telephony/twilio/twiml": "public",
  "POST /api/telephony/twilio/incoming": "public",
  "POST /api/telephony/twilio/status": "public",
  "POST /api/telephony/twilio/amd": "public",
  "GET /api/telephony/twilio/media": "public",
  "GET /api/media/web": "public",
  "GET /api/media/listen": "public",
  "POST /api/webhooks/email/:token": "public",
  "GET /api/webhooks/whatsapp": "public",
  "POST /api/webhooks/whatsapp": "public",
  "GET /api/calendar/feed/:file": "public",
  "GET /api/recordings/:id": "public",
  "GET /api/voices/:id/preview.wav": "public", // a sample of a stock voice, nothing of any organisation

  // member: watch and run
  "GET /api/dashboard/overview": "dashboard.view",
  "GET /api/dashboard/channel-metrics": "dashboard.view",
  "GET /api/dashboard/conversation-minutes": "dashboard.view",
  "GET /api/dashboard/capacity": "capacity.view",
  "GET /api/analytics": "dashboard.view",
  "GET /api/analytics/answer-hours": "dashboard.view",
  "GET /api/analytics/funnel": "dashboard.view",
  "GET /api/calls/live": "dashboard.view",
  "GET /api/campaigns": "campaigns.view",
  "GET /api/campaigns/:id": "campaigns.view",
  "GET /api/campaigns/:id/progress": "campaigns.view",
  "GET /api/campaigns/:id/scorecard": "campaigns.view",
  "GET /api/campaigns/:id/outcome-fields": "campaigns.view",
  "GET /api/campaigns/:id/outcome-fields/crm": "campaigns.view",
  "GET /api/campaigns/:id/experiment": "campaigns.view",
  "GET /api/campaigns/:id/contacts": "campaigns.view",
  "GET /api/campaigns/:id/greeting-preview": "campaigns.view",
  "GET /api/campaigns/:id/greeting-preview/audio": "campaigns.view",
  "GET /api/campaigns/:id/knowledge-bases": "campaigns.view",
  "POST /api/campaigns/greeting-preview": "campaigns.view",
  "POST /api/campaigns/greeting-preview/audio": "campaigns.view",
  "POST /api/contacts/check": "campaigns.view",
  "GET /api/voices": "campaigns.view",
  "POST /api/campaigns/:id/pause": "campaigns.run",
  "POST /api/campaigns/:id/resume": "campaigns.run",
  "POST /api/calls": "calls.place",
  "POST /api/campaigns/:id/test-call": "calls.place",
  "GET /api/calls/:id": "calls.view",
  "GET /api/calls/:id/events": "calls.view",
  "POST /api/calls/:id/listen": "calls.monitor",
  "GET /api/call-history": "calls.view",
  "GET /api/call-history/export": "calls.view",
  "GET /api/call-history/:id": "calls.view",
  "GET /api/threads-above-threshold": "calls.view",
  "GET /api/thread/:thread_id/conversation": "calls.view",
  "GET /api/whatsapp/contacts": "calls.view",
  "GET /api/whatsapp/messages/:phone_number": "calls.view",
  "POST /api/whatsapp/messages/:phone_number": "calls.place",
  "GET /api/calendar/events": "calendar.use",
  "POST /api/calendar/events": "calendar.use",
  "GET /api/calendar/events/:id": "calendar.use",
  "PUT /api/calendar/events/:id": "calendar.use",
  "DELETE /api/calendar/events/:id": "calendar.use",
  "POST /api/calendar/events/:id/cancel": "calendar.use",
  "GET /api/calendar/availability": "calendar.use",
  "GET /api/calendar/stats": "calendar.use",
  "GET /api/calendar/feed": "calendar.use",
  "GET /api/voice/KB/documents": "knowledge.view",
  "GET /api/voice/KB/documents/:id": "knowledge.view",
  "GET /api/voice/KB/agent/:agentId/kb-status": "knowledge.view",
  "POST /api/voice/KB/ask": "knowledge.view",
  "POST /api/voice/KB/transcribe": "knowledge.view",
  "GET /api/dnc": "dnc.view",

  // admin: shape the work
  "POST /api/create_campaign": "campaigns.edit",
  "PUT /api/campaigns/:id": "campaigns.edit",
  "DELETE /api/campaigns/:id": "campaigns.edit",
  "POST /api/campaigns/:id/launch": "campaigns.edit",
  "POST /api/campaigns/:id/stop": "campaigns.edit",
  "POST /api/campaigns/:id/duplicate": "campaigns.edit",
  "PUT /api/campaigns/:id/knowledge-bases": "campaigns.edit",
  "PUT /api/campaigns/:id/outcome-fields": "campaigns.edit",
  "PUT /api/campaigns/:id/outcome-fields/crm": "campaigns.edit",
  "PUT /api/campaigns/:id/experiment": "campaigns.edit",
  "POST /api/campaigns/:id/experiment/keep-winner": "campaigns.edit",
  "POST /api/voice/KB/bulk-upload-documents": "knowledge.edit",
  "POST /api/voice/KB/bulk-upload-urls": "knowledge.edit",
  "POST /api/knowledge-base/upload": "knowledge.edit",
  "PUT /api/knowledge-base/:id": "knowledge.edit",
  "POST /api/upload-prompt-enhanced": "knowledge.edit",
  "DELETE /api/voice/KB/unassign-and-delete/:id": "knowledge.edit",
  "POST /api/dnc": "dnc.edit",
  "DELETE /api/dnc/:id": "dnc.edit",
  "GET /api/channels/email": "integrations.manage",
  "POST /api/channels/email/rotate": "integrations.manage",
  "GET /api/channels/whatsapp": "integrations.manage",
  "PUT /api/channels/whatsapp": "integrations.manage",
  "POST /api/calendar/feed": "integrations.manage",
  "DELETE /api/calendar/feed": "integrations.manage",
  // outbound webhooks send the organisation's calls and contacts to another system: an integration
  "GET /api/webhooks": "integrations.manage",
  "POST /api/webhooks": "integrations.manage",
  "PUT /api/webhooks/:id": "integrations.manage",
  "DELETE /api/webhooks/:id": "integrations.manage",
  "GET /api/webhooks/:id/deliveries": "integrations.manage",
  "POST /api/webhooks/:id/test": "integrations.manage",
  "POST /api/webhooks/:id/rotate-secret": "integrations.manage",
  "POST /api/webhooks/:id/deliveries/:deliveryId/resend": "integrations.manage",
  // API keys let another system act as the organisation (up to admin, never owner): an integration
  "GET /api/api-keys": "integrations.manage",
  "POST /api/api-keys": "integrations.manage",
  "DELETE /api/api-keys/:id": "integrations.manage",
  // the team's calendar (CalDAV): its password and the calendar the agent books into
  "GET /api/integrations": "integrations.manage",
  "PUT /api/integrations/caldav": "integrations.manage",
  "POST /api/integrations/caldav/test": "integrations.manage",
  "DELETE /api/integrations/caldav": "integrations.manage",
  "PUT /api/integrations/hubspot": "integrations.manage",
  "POST /api/integrations/hubspot/test": "integrations.manage",
  "DELETE /api/integrations/hubspot": "integrations.manage",
  "GET /api/integrations/hubspot/lists": "integrations.manage",
  "GET /api/integrations/hubspot/lists/:listId/preview": "integrations.manage",
  "POST /api/campaigns/:id/crm-import": "integrations.manage",
  "GET /api/settings/organization": "settings.view",

  // owner: the organisation itself
  "PUT /api/settings/organization": "settings.edit",
  "DELETE /api/organizations/current": "organization.delete",
  "GET /api/team": "team.manage",
  "POST /api/team/invitations": "team.manage",
  "POST /api/team/invitations/:id/link": "team.manage",
  "DELETE /api/team/invitations/:id": "team.manage",
  "PUT /api/team/members/:userId": "team.manage",
  "DELETE /api/team/members/:userId": "team.manage",
  // the invitation's one-time token is the credential; joining with an existing account also checks its bearer
  "POST /api/team/invitations/preview": "public",
  "POST /api/team/invitations/accept": "public",
};

/**
 * The rule of a route as Fastify registers it (method, URL pattern with its prefix); undefined if none.
 * Outside /api only the web app is served: @fastify/static adds one GET route per built file, under "GET /*".
 */
export function routeRule(method: string, url: string): RouteRule | undefined {
  const verb = method === "HEAD" ? "GET" : method;
  if (verb === "GET" && !url.startsWith("/api/")) return ROUTE_ROLES["GET /*"];
  if (verb === "GET" && url.startsWith("/api/docs/")) return ROUTE_ROLES["GET /api/docs"];
  return ROUTE_ROLES[`${verb} ${url}`];
}
