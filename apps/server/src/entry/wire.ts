import type { FastifyInstance } from "fastify";
import type { Config } from "../platform/config.ts";
import type { Db } from "../platform/db.ts";
import type { Logger } from "../platform/logger.ts";
import { systemClock, type Clock } from "../platform/clock.ts";
import { getOrCreateSetting, randomSecret } from "../platform/settings.repo.ts";
import { buildApp } from "../http/app.ts";
import { createRequireAuth } from "../http/auth-guard.ts";
import { createRoleGuard } from "../http/role-guard.ts";
import { createAccessTokens } from "../features/auth/access-tokens.ts";
import { createAuthRepo } from "../features/auth/auth.repo.ts";
import { createAuthService } from "../features/auth/auth.service.ts";
import { authRoutes } from "../features/auth/auth.routes.ts";
import { createGoogleVerifier } from "../features/auth/google-verifier.ts";
import { createSessionTokens } from "../features/auth/session-tokens.ts";
import { createSessionCheck } from "../features/auth/session-check.ts";
import { createThrottle } from "../features/auth/throttle.ts";
import { createDialerRepo } from "../features/dialer/dialer.repo.ts";
import { dialerCampaignHooks } from "../features/dialer/dialer-campaign-hooks.ts";
import { createDncRepo } from "../features/dnc/dnc.repo.ts";
import { dncRoutes } from "../features/dnc/dnc.routes.ts";
import { createDncService } from "../features/dnc/dnc.service.ts";
import { createSettingsRepo } from "../features/settings/settings.repo.ts";
import { settingsRoutes } from "../features/settings/settings.routes.ts";
import { createSettingsService } from "../features/settings/settings.service.ts";
import { healthRoutes } from "../features/health/health.routes.ts";
import { registerMetricsRoute } from "../features/health/metrics.routes.ts";
import { createMetrics } from "../platform/metrics.ts";
import { countedPlacer } from "../features/dialer/counted-placer.ts";
import { createCalendarRepo } from "../features/calendar/calendar.repo.ts";
import { calendarRoutes } from "../features/calendar/calendar.routes.ts";
import { createCalendarService } from "../features/calendar/calendar.service.ts";
import { createCalendarFeedService } from "../features/calendar/calendar-feed.service.ts";
import { storageFromConfig } from "../platform/storage-select.ts";
import { callStatsFromCalls } from "../features/dialer/call-stats.ts";
import { createCampaignsRepo } from "../features/campaigns/campaigns.repo.ts";
import { campaignsRoutes } from "../features/campaigns/campaigns.routes.ts";
import { createCampaignsService } from "../features/campaigns/campaigns.service.ts";
import { createGreetingPreview } from "../features/campaigns/greeting-preview.ts";
import { createGreetingPreviewRepo } from "../features/campaigns/greeting-preview.repo.ts";
import { greetingPreviewRoutes } from "../features/campaigns/greeting-preview.routes.ts";
import { createContactsRepo } from "../features/contacts/contacts.repo.ts";
import { createContactsService } from "../features/contacts/contacts.service.ts";
import { contactsRoutes } from "../features/contacts/contacts.routes.ts";
import { encodeWav } from "@parley/voice/audio/wav";
import { createOfflineTts } from "@parley/voice/providers/tts/offline-tts";
import { voicesRoutes } from "../features/voices/voices.routes.ts";
import { createVoicesService } from "../features/voices/voices.service.ts";
import { createOrganizationsRepo } from "../features/organizations/organizations.repo.ts";
import { createOrganizationsService } from "../features/organizations/organizations.service.ts";
import { organizationsRoutes } from "../features/organizations/organizations.routes.ts";
import { createOrganizationDeletion } from "../features/organizations/delete-organization.ts";
import { wireKnowledgeBase } from "../features/knowledge-base/knowledge-base.wiring.ts";
import { knowledgeBaseRoutes } from "../features/knowledge-base/knowledge-base.routes.ts";
import { createKbTranscribeService } from "../features/knowledge-base/kb-transcribe.service.ts";
import { kbTranscribeRoutes } from "../features/knowledge-base/kb-transcribe.routes.ts";
import { campaignVocabulary } from "../features/calls/campaign-vocabulary.ts";
import { createCallRunner, type VoiceProviders } from "../features/calls/call-runner.ts";
import { createCallsRepo } from "../features/calls/calls.repo.ts";
import { createInboundCallsRepo } from "../features/calls/inbound-calls.repo.ts";
import { createInboundCalls } from "../features/calls/inbound-calls.service.ts";
import { callsRoutes } from "../features/calls/calls.routes.ts";
import { createCallsService } from "../features/calls/calls.service.ts";
import { createVoiceProviders } from "../features/calls/voice-providers.ts";
import { twilioRoutes } from "../features/telephony/twilio.routes.ts";
import { createDialerService } from "../features/dialer/dialer.service.ts";
import { createCampaignProgressRepo } from "../features/dialer/campaign-progress.repo.ts";
import { createCampaignProgressService } from "../features/dialer/campaign-progress.service.ts";
import { campaignProgressRoutes } from "../features/dialer/campaign-progress.routes.ts";
import { randomUUID } from "node:crypto";
import { createEmailLogsRepo } from "../features/email-logs/email-logs.repo.ts";
import { emailLogsRoutes } from "../features/email-logs/email-logs.routes.ts";
import { createEmailLogsService } from "../features/email-logs/email-logs.service.ts";
import { createWhatsAppRepo } from "../features/whatsapp/whatsapp.repo.ts";
import { whatsappRoutes, whatsappWebhookRoutes } from "../features/whatsapp/whatsapp.routes.ts";
import { createWhatsAppService } from "../features/whatsapp/whatsapp.service.ts";
import { createDashboardRepo } from "../features/dashboard/dashboard.repo.ts";
import { createDashboardService } from "../features/dashboard/dashboard.service.ts";
import { dashboardRoutes } from "../features/dashboard/dashboard.routes.ts";
import { createAnalyticsRepo } from "../features/analytics/analytics.repo.ts";
import { createAnalyticsService } from "../features/analytics/analytics.service.ts";
import { createLiveCallsRepo } from "../features/analytics/live-calls.repo.ts";
import { createLiveCallsService } from "../features/analytics/live-calls.service.ts";
import { analyticsRoutes } from "../features/analytics/analytics.routes.ts";
import { createWebCallRepo } from "../features/telephony/web-call.repo.ts";
import { webCallRoutes } from "../features/telephony/web-call.routes.ts";
import { createLiveAudio } from "../features/calls/live-audio.ts";
import { createListenService } from "../features/calls/listen.service.ts";
import { listenRoutes } from "../features/calls/listen.routes.ts";
import { createWebCallService } from "../features/telephony/web-call.service.ts";
import { createTicketStore } from "../features/telephony/web-call-tickets.ts";
import { createCallHistoryRepo } from "../features/calls/call-history.repo.ts";
import { createCallHistoryService } from "../features/calls/call-history.service.ts";
import { callHistoryRoutes } from "../features/calls/call-history.routes.ts";
import { recordingRoutes } from "../features/calls/recording.routes.ts";
import { createRecordingUploads } from "../features/calls/recording-uploads.ts";
import { createRecordingLinks } from "../features/calls/recording-links.ts";
import { wireTeam } from "../features/team/team.wiring.ts";
import { createMailer } from "../platform/mailer.ts";
import { teamRoutes } from "../features/team/team.routes.ts";
import { wireWebhooks } from "../features/webhooks/webhooks.wiring.ts";
import { webhooksRoutes } from "../features/webhooks/webhooks.routes.ts";
import { wireInvitations } from "../features/invitations/invitations.wiring.ts";
import { createApiKeysService } from "../features/api-keys/api-keys.service.ts";
import { createApiKeysRepo } from "../features/api-keys/api-keys.repo.ts";
import { createApiKeyRateLimit } from "../features/api-keys/api-key-rate-limit.ts";
import { apiKeysRoutes } from "../features/api-keys/api-keys.routes.ts";
import { wireIntegrations } from "../features/integrations/integrations.wiring.ts";
import { integrationsRoutes } from "../features/integrations/integrations.routes.ts";
import { wireHubspot } from "../features/integrations/hubspot.wiring.ts";
import { hubspotRoutes } from "../features/integrations/hubspot.routes.ts";
import { wireCrmSync, withCrmSync } from "../features/integrations/crm-sync.wiring.ts";

export type Wiring = {
  config: Config;
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** Tests and benchmarks swap in their own telephony and speech providers. */
  voice?: VoiceProviders;
};

/** Builds every service from its narrowed dependencies; no container, just calls. */
export async function wireServices({ config, db, logger, clock = systemClock, voice }: Wiring) {
  const jwtSecret = config.jwtSecret ?? (await getOrCreateSetting(db, "jwt_secret", randomSecret));
  const access = createAccessTokens(jwtSecret, config.accessTokenTtlSeconds);
  const organizations = createOrganizationsService({ db, repo: createOrganizationsRepo(db), trialMinutes: config.trialMinutes });
  const authRepo = createAuthRepo(db);
  // Access tokens of a closed session (logout) are refused; the check is cached a few seconds per process.
  const sessionCheck = createSessionCheck({ repo: authRepo });
  // API keys (pk_live_…) sign requests in through the same guard as access tokens.
  const apiKeys = createApiKeysService({ repo: createApiKeysRepo(db), clock, rateLimit: createApiKeyRateLimit({ perMinute: config.rateLimits.apiKeyPerMinute, clock }) });
  const requireAuth = createRequireAuth(access, sessionCheck, apiKeys);
  // Roles are checked for every route in one place, from the table in http/route-roles.ts.
  const roleGuard = createRoleGuard(requireAuth, (message) => logger.warn(message));
  const sessions = createSessionTokens({ repo: authRepo, access, clock, refreshTtlDays: config.refreshTokenTtlDays, sessionCheck });
  const verifyGoogle = config.googleClientId
    ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl })
    : null;
  const throttle = createThrottle({ db, repo: authRepo, clock });
  const auth = createAuthService({ db, repo: authRepo, sessions, organizations, clock, verifyGoogle, throttle, signupPerHour: config.rateLimits.signupPerHour });
  // The process's one mailer (SMTP_URL), for meeting and team invitations; null: no email is sent.
  const send = config.smtp ? createMailer(config.smtp) : null;
  const teamWiring = wireTeam({ db, config, clock, log: logger, auth, organizations, send });
  const team = teamWiring.team;
  // Features emit webhook events where they happen; the call's record is read when its event is queued.
  const webhooks = wireWebhooks({ db, config, clock, log: logger, jwtSecret, callDetail: async (orgId, id) => (await callHistory.detail(orgId, id)).call });
  // A finished call of a contact imported from HubSpot queues its results for HubSpot (the call, a meeting, an opt-out);
  // a meeting cancelled since is marked cancelled there (the calendar emits through callEvents too).
  const crmSync = wireCrmSync({ db, config, clock, log: logger, jwtSecret, callDetail: async (orgId, id) => (await callHistory.detail(orgId, id)).call });
  const callEvents = withCrmSync(webhooks.events, crmSync.service);
  const dnc = createDncService({ repo: createDncRepo(db), events: webhooks.events });
  // The team's own calendar (CalDAV): its busy times and a copy of every meeting (Settings → Integrations).
  const integrations = wireIntegrations({ db, config, clock, log: logger, calendar: () => calendar });
  const calendarRepo = createCalendarRepo(db);
  // Meeting invitations by email are queued where meetings are booked, changed or cancelled (none without SMTP_URL).
  const invitations = wireInvitations({ db, config, clock, log: logger, send });
  const calendar = createCalendarService({ db, repo: calendarRepo, clock, events: callEvents, external: integrations.calendar, invitations: invitations.invitations });
  const calendarFeeds = createCalendarFeedService({ db, repo: calendarRepo, clock });
  const storage = storageFromConfig(config, db);
  const deleteOrganization = createOrganizationDeletion({ db, repo: createOrganizationsRepo(db), storage, clock, log: logger, auth, organizations, sessionCheck });
  const voices = createVoicesService({ tts: createOfflineTts(), storage, logger, encodeWav });
  const contacts = createContactsService({ repo: createContactsRepo(db) });
  const settings = createSettingsService({ repo: createSettingsRepo(db), voiceExists: voices.exists });
  const campaigns = createCampaignsService({
    db, repo: createCampaignsRepo(db), contacts, storage, clock, voiceExists: voices.exists, callStats: callStatsFromCalls(db),
    hooks: [dialerCampaignHooks({ repo: createDialerRepo(db), clock })],
  });
  // HubSpot (CRM): a list's contacts imported into a campaign through the campaign's own CSV import.
  const hubspot = wireHubspot({ db, config, clock, storage, campaigns, onConnected: crmSync.service.resume });
  const kb = await wireKnowledgeBase({
    db, config, logger, storage,
    campaignExists: (orgId, id) => campaigns.get(orgId, id).then(() => true, () => false),
  });
  const callsRepo = createCallsRepo(db);
  const configured = voice ? { ...voice, twilioWebhooks: null } : createVoiceProviders(config.voice, logger);
  // A question said into the knowledge base test box is heard by the calls' own speech recognition.
  const kbTranscribe = createKbTranscribeService({
    stt: configured.stt,
    vad: configured.vad,
    campaignVocabulary: async (orgId, id) => {
      await campaigns.get(orgId, id); // another organisation's campaign answers 404
      return (await campaignVocabulary(db, id)) ?? [];
    },
  });
  const greetingPreview = createGreetingPreview({ repo: createGreetingPreviewRepo(db), tts: configured.tts, defaultVoiceId: configured.defaultVoiceId, recording: configured.recording, clock, encodeWav });
  // People listening in from the browser (owners and admins) reach the calls this process runs.
  const liveAudio = createLiveAudio({
    record: (orgId, callId, userId, kind) => void callsRepo.addIntervention(orgId, callId, userId, kind).catch((err: Error) => logger.warn({ err, callId }, "intervention not recorded")),
  });
  const listen = createListenService({
    live: liveAudio, tickets: createTicketStore(db, clock, "listen"), personName: callsRepo.personName,
    callExists: async (orgId, id) => (await callsRepo.live(orgId, id)) !== null,
  });
  const recordingUploads = createRecordingUploads({ db, storage, clock, log: logger });
  // What GET /metrics publishes (this process's calls and requests, the shared queues).
  const metrics = createMetrics({ db });
  const runner = createCallRunner({
    repo: callsRepo, recordings: recordingUploads, clock, log: logger, liveAudio,
    providers: configured, events: callEvents,
    tools: { calendar, dnc, retrieval: kb.retrieval },
  });
  // Each process that runs the loop is one dialer worker; they share the queue through the database.
  const dialer = createDialerService({
    repo: createDialerRepo(db), placer: countedPlacer(runner, metrics), clock, log: logger, leaseMs: config.voice.dialerLeaseMs, workerId: `${process.pid}-${randomUUID().slice(0, 8)}`,
    isDoNotCall: (orgId, phones) => dnc.listed(orgId, phones), events: webhooks.events,
  });
  // Calls to an inbound campaign's number (SIP INVITE, Twilio's incoming-call webhook) run on the same runner.
  // Their rows are leased like the dialer's attempts, so a dead process's calls are closed as dropped.
  const inbound = createInboundCalls({ repo: createInboundCallsRepo(db), answerCall: runner.answerCall, log: logger, leaseMs: config.voice.dialerLeaseMs });
  configured.telephony.onIncoming?.(inbound.answer);
  // "Ring now" goes through the dialer: its rules, limits and lease on the contact apply to calls by hand.
  const calls = createCallsService({ repo: callsRepo, ringNow: dialer.ringNow });
  // The browser test call ("Test call" on Campaign setup) runs the same agent over the web leg.
  const webCalls = createWebCallService({
    repo: createWebCallRepo(db), tickets: createTicketStore(db, clock, "test-call"), runOnLeg: runner.runOnLeg, callContext: runner.context, retrieval: kb.retrieval, log: logger,
    campaignExists: (orgId, id) => campaigns.get(orgId, id),
  });
  const campaignProgress = createCampaignProgressService({ repo: createCampaignProgressRepo(db) });
  const emailLogs = createEmailLogsService({ db, repo: createEmailLogsRepo(db), clock });
  const whatsapp = createWhatsAppService({ db, repo: createWhatsAppRepo(db), clock });
  const dashboard = createDashboardService({ repo: createDashboardRepo(db) });
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(db), clock,
    voiceNames: async () => new Map((await voices.list()).map((v) => [v.id, v.name])),
  });
  const liveCalls = createLiveCallsService({ repo: createLiveCallsRepo(db), clock });
  const callHistory = createCallHistoryService({ repo: createCallHistoryRepo(db), links: createRecordingLinks(jwtSecret, clock), storage, crmSync: crmSync.service.status });
  return { ...kb, kbTranscribe, telephony: configured.telephony, inbound, twilioWebhooks: configured.twilioWebhooks, emailLogs, whatsapp, access, requireAuth, roleGuard, organizations, auth, throttle, clock, dnc, calendar, calendarFeeds, storage, recordingUploads, metrics, voices, contacts, campaigns, calls, dialer, campaignProgress, dashboard, analytics, liveCalls, callHistory, webCalls, listen, settings, greetingPreview, webhooks, team, teamWiring, deleteOrganization, apiKeys, integrations: integrations.service, hubspot, crmSync, invitations };
}
export type Services = Awaited<ReturnType<typeof wireServices>>;

export async function createServer(w: Wiring): Promise<{ app: FastifyInstance; services: Services }> {
  const services = await wireServices(w);
  const { requireAuth } = services;
  const app = await buildApp({
    logger: w.logger,
    corsOrigins: w.config.corsOrigins,
    webDist: w.config.webDist,
    trustProxy: w.config.trustProxy,
    onRoute: (route) => {
      services.roleGuard.onRoute(route);
      services.metrics.onRoute(route);
    },
    api: [
      healthRoutes({ db: w.db, storage: services.storage, telephony: w.config.voice.telephony }),
      authRoutes({ auth: services.auth, requireAuth, googleClientId: w.config.googleClientId }),
      organizationsRoutes({ organizations: services.organizations, requireAuth, throttle: services.throttle, createPerHour: w.config.rateLimits.orgCreatePerHour, deleteOrganization: services.deleteOrganization }),
      dncRoutes({ dnc: services.dnc, requireAuth }),
      settingsRoutes({ settings: services.settings, requireAuth }),
      calendarRoutes({ calendar: services.calendar, feeds: services.calendarFeeds, requireAuth }),
      campaignsRoutes({ campaigns: services.campaigns, storage: services.storage, requireAuth }),
      greetingPreviewRoutes({ preview: services.greetingPreview, requireAuth }),
      contactsRoutes({ contacts: services.contacts, requireAuth }),
      voicesRoutes({ voices: services.voices, requireAuth }),
      knowledgeBaseRoutes({ knowledgeBase: services.knowledgeBase, ask: services.kbAsk, ingest: services.kbIngest, requireAuth }),
      kbTranscribeRoutes({ transcribe: services.kbTranscribe, requireAuth }),
      callsRoutes({ calls: services.calls, requireAuth }),
      ...(services.twilioWebhooks ? [twilioRoutes({ twilio: services.twilioWebhooks })] : []),
      webCallRoutes({ webCalls: services.webCalls, requireAuth }),
      listenRoutes({ listen: services.listen, requireAuth }),
      campaignProgressRoutes({ progress: services.campaignProgress, requireAuth }),
      emailLogsRoutes({ emailLogs: services.emailLogs, requireAuth }),
      whatsappRoutes({ whatsapp: services.whatsapp, requireAuth }),
      whatsappWebhookRoutes({ whatsapp: services.whatsapp }),
      dashboardRoutes({ dashboard: services.dashboard, requireAuth }),
      analyticsRoutes({ analytics: services.analytics, live: services.liveCalls, requireAuth }),
      callHistoryRoutes({ callHistory: services.callHistory, requireAuth, clock: services.clock }),
      recordingRoutes({ callHistory: services.callHistory }),
      webhooksRoutes({ webhooks: services.webhooks.service, requireAuth }),
      apiKeysRoutes({ apiKeys: services.apiKeys, requireAuth }),
      integrationsRoutes({ integrations: services.integrations, requireAuth }),
      hubspotRoutes({ hubspot: services.hubspot, requireAuth }),
      teamRoutes({ team: services.team, requireAuth, publicUrl: w.config.publicUrl }),
    ],
  });
  registerMetricsRoute(app, { metrics: services.metrics, token: w.config.metricsToken });
  // Calls still live are ended and every call's attempt recorded before the database can close under them.
  app.addHook("onClose", async () => {
    services.dialer.abortAll();
    services.inbound.abortAll();
    await services.dialer.idle();
    await services.inbound.idle();
  });
  // The SIP user agent un-registers and closes its socket with the server (after the calls' BYEs).
  app.addHook("onClose", async () => services.telephony.close?.());
  return { app, services };
}
