import type { FastifyInstance } from "fastify";
import { analyticsRoutes } from "../features/analytics/analytics.routes.ts";
import { apiKeysRoutes } from "../features/api-keys/api-keys.routes.ts";
import { authRoutes } from "../features/auth/auth.routes.ts";
import { calendarRoutes } from "../features/calendar/calendar.routes.ts";
import { callHistoryRoutes } from "../features/calls/call-history.routes.ts";
import { scorecardRoutes } from "../features/scorecard/scorecard.routes.ts";
import { outcomeFieldsRoutes } from "../features/outcome-fields/outcome-fields.routes.ts";
import { outcomeFieldCrmRoutes } from "../features/outcome-fields/outcome-field-crm.routes.ts";
import { experimentsRoutes } from "../features/experiments/experiments.routes.ts";
import { callsRoutes } from "../features/calls/calls.routes.ts";
import { listenRoutes } from "../features/calls/listen.routes.ts";
import { recordingRoutes } from "../features/calls/recording.routes.ts";
import { campaignsRoutes } from "../features/campaigns/campaigns.routes.ts";
import { greetingPreviewRoutes } from "../features/campaigns/greeting-preview.routes.ts";
import { contactsRoutes } from "../features/contacts/contacts.routes.ts";
import { dashboardRoutes } from "../features/dashboard/dashboard.routes.ts";
import { campaignProgressRoutes } from "../features/dialer/campaign-progress.routes.ts";
import { dncRoutes } from "../features/dnc/dnc.routes.ts";
import { emailLogsRoutes } from "../features/email-logs/email-logs.routes.ts";
import { healthRoutes } from "../features/health/health.routes.ts";
import { registerMetricsRoute } from "../features/health/metrics.routes.ts";
import { hubspotRoutes } from "../features/integrations/hubspot.routes.ts";
import { integrationsRoutes } from "../features/integrations/integrations.routes.ts";
import { kbTranscribeRoutes } from "../features/knowledge-base/kb-transcribe.routes.ts";
import { knowledgeBaseRoutes } from "../features/knowledge-base/knowledge-base.routes.ts";
import { organizationsRoutes } from "../features/organizations/organizations.routes.ts";
import { settingsRoutes } from "../features/settings/settings.routes.ts";
import { teamRoutes } from "../features/team/team.routes.ts";
import { twilioRoutes } from "../features/telephony/twilio.routes.ts";
import { webCallRoutes } from "../features/telephony/web-call.routes.ts";
import { voicesRoutes } from "../features/voices/voices.routes.ts";
import { webhooksRoutes } from "../features/webhooks/webhooks.routes.ts";
import { whatsappRoutes, whatsappWebhookRoutes } from "../features/whatsapp/whatsapp.routes.ts";
import { buildApp } from "../http/app.ts";
import { type Services, type Wiring, wireServices } from "./wire.ts";

/** The server of one process: every service wired, the HTTP app over them, and its orderly close. */
export async function createServer(w: Wiring): Promise<{ app: FastifyInstance; services: Services }> {
  const services = await wireServices(w);
  const app = await apiRoutes(w, services);
  // Calls still live are ended and every call's attempt recorded before the database can close under them.
  app.addHook("onClose", async () => {
    services.dialer.abortAll();
    services.calls.inbound.abortAll();
    await services.dialer.idle();
    await services.calls.inbound.idle();
  });
  // The SIP user agent un-registers and closes its socket with the server (after the calls' BYEs).
  app.addHook("onClose", async () => services.calls.telephony.close?.());
  app.addHook("onClose", async () => services.admission.stop());
  return { app, services };
}

/** The HTTP app: every feature's routes under /api (each with its rule in http/route-roles.ts), and /metrics. */
async function apiRoutes({ config, db, logger }: Wiring, s: Services): Promise<FastifyInstance> {
  const { requireAuth } = s.auth;
  const app = await buildApp({
    logger,
    corsOrigins: config.corsOrigins,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    onRoute: (route) => {
      s.auth.roleGuard.onRoute(route);
      s.metrics.onRoute(route);
    },
    api: [
      healthRoutes({ db, storage: s.storage, telephony: config.voice.telephony }),
      authRoutes({ auth: s.auth.service, requireAuth, googleClientId: config.googleClientId }),
      organizationsRoutes({
        organizations: s.organizations.service,
        requireAuth,
        throttle: s.auth.throttle,
        createPerHour: config.rateLimits.orgCreatePerHour,
        deleteOrganization: s.organizations.deletion,
      }),
      dncRoutes({ dnc: s.dnc, requireAuth }),
      settingsRoutes({ settings: s.settings, requireAuth }),
      calendarRoutes({ calendar: s.calendar.service, feeds: s.calendar.feeds, requireAuth }),
      campaignsRoutes({ campaigns: s.campaigns.service, storage: s.storage, requireAuth }),
      greetingPreviewRoutes({ preview: s.campaigns.greetingPreview, requireAuth }),
      contactsRoutes({ contacts: s.contacts, requireAuth }),
      voicesRoutes({ voices: s.voices, requireAuth }),
      knowledgeBaseRoutes({
        knowledgeBase: s.knowledgeBase.service,
        ask: s.knowledgeBase.ask,
        ingest: s.knowledgeBase.ingest,
        requireAuth,
      }),
      kbTranscribeRoutes({ transcribe: s.knowledgeBase.transcribe, requireAuth }),
      callsRoutes({ calls: s.calls.service, requireAuth }),
      ...(s.calls.twilioWebhooks ? [twilioRoutes({ twilio: s.calls.twilioWebhooks })] : []),
      webCallRoutes({ webCalls: s.calls.webCalls, requireAuth }),
      listenRoutes({ listen: s.calls.listen, requireAuth }),
      campaignProgressRoutes({ progress: s.reports.campaignProgress, requireAuth }),
      scorecardRoutes({ scorecards: s.scorecards, requireAuth }),
      outcomeFieldsRoutes({ outcomeFields: s.outcomeFields, requireAuth }),
      outcomeFieldCrmRoutes({ outcomeFieldCrm: s.outcomeFieldCrm, requireAuth }),
      experimentsRoutes({ experiments: s.campaigns.experiments, requireAuth }),
      emailLogsRoutes({ emailLogs: s.reports.emailLogs, requireAuth }),
      whatsappRoutes({ whatsapp: s.reports.whatsapp, requireAuth }),
      whatsappWebhookRoutes({ whatsapp: s.reports.whatsapp }),
      dashboardRoutes({ dashboard: s.reports.dashboard, requireAuth }),
      analyticsRoutes({
        analytics: s.reports.analytics,
        answerHours: s.reports.answerHours,
        funnel: s.reports.funnel,
        live: s.reports.liveCalls,
        requireAuth,
      }),
      callHistoryRoutes({ callHistory: s.calls.history, requireAuth, clock: s.clock }),
      recordingRoutes({ callHistory: s.calls.history }),
      webhooksRoutes({ webhooks: s.webhooks.service, requireAuth }),
      apiKeysRoutes({ apiKeys: s.apiKeys, requireAuth }),
      integrationsRoutes({ integrations: s.calendar.integrations.service, requireAuth }),
      hubspotRoutes({ hubspot: s.hubspot, requireAuth }),
      teamRoutes({ team: s.team.team, requireAuth, publicUrl: config.publicUrl }),
    ],
  });
  registerMetricsRoute(app, { metrics: s.metrics, token: config.metricsToken });
  return app;
}
