import { randomUUID } from "node:crypto";
import { encodeWav } from "@parley/voice/audio/wav";
import { createOfflineTts } from "@parley/voice/providers/tts/offline-tts";
import { createApiKeyRateLimit } from "../features/api-keys/api-key-rate-limit.ts";
import { createApiKeysRepo } from "../features/api-keys/api-keys.repo.ts";
import { createApiKeysService } from "../features/api-keys/api-keys.service.ts";
import { createAnalyticsRepo } from "../features/analytics/analytics.repo.ts";
import { createAnalyticsService } from "../features/analytics/analytics.service.ts";
import { createAnswerHoursRepo } from "../features/analytics/answer-hours.repo.ts";
import { createAnswerHoursService } from "../features/analytics/answer-hours.service.ts";
import { createFunnelRepo } from "../features/analytics/funnel.repo.ts";
import { createFunnelService } from "../features/analytics/funnel.service.ts";
import { createLiveCallsRepo } from "../features/analytics/live-calls.repo.ts";
import { createLiveCallsService } from "../features/analytics/live-calls.service.ts";
import { wireAuth } from "../features/auth/auth.wiring.ts";
import { wireCalendar } from "../features/calendar/calendar.wiring.ts";
import { createCallHistoryRepo } from "../features/calls/call-history.repo.ts";
import { createCallHistoryService } from "../features/calls/call-history.service.ts";
import { createScorecardRepo } from "../features/scorecard/scorecard.repo.ts";
import { createOutcomeFieldsRepo } from "../features/outcome-fields/outcome-fields.repo.ts";
import { createOutcomeFieldsService } from "../features/outcome-fields/outcome-fields.service.ts";
import { createOutcomeFieldCrmRepo } from "../features/outcome-fields/outcome-field-crm.repo.ts";
import { createOutcomeFieldCrmService } from "../features/outcome-fields/outcome-field-crm.service.ts";
import { outcomeFieldsCampaignHooks } from "../features/outcome-fields/outcome-fields-campaign-hooks.ts";
import { createScorecardService } from "../features/scorecard/scorecard.service.ts";
import type { VoiceProviders } from "../features/calls/call-runner.ts";
import { createCallsRepo } from "../features/calls/calls.repo.ts";
import { createCallsService } from "../features/calls/calls.service.ts";
import { wireCalls } from "../features/calls/calls.wiring.ts";
import { campaignVocabulary } from "../features/calls/campaign-vocabulary.ts";
import { createRecordingLinks } from "../features/calls/recording-links.ts";
import { createVoiceProviders } from "../features/calls/voice-providers.ts";
import { createCampaignsRepo } from "../features/campaigns/campaigns.repo.ts";
import { createCampaignsService } from "../features/campaigns/campaigns.service.ts";
import { createGreetingPreview } from "../features/campaigns/greeting-preview.ts";
import { createGreetingPreviewRepo } from "../features/campaigns/greeting-preview.repo.ts";
import { createContactsRepo } from "../features/contacts/contacts.repo.ts";
import { createContactsService } from "../features/contacts/contacts.service.ts";
import { createDashboardRepo } from "../features/dashboard/dashboard.repo.ts";
import { createDashboardService } from "../features/dashboard/dashboard.service.ts";
import { callStatsFromCalls } from "../features/dialer/call-stats.ts";
import { createCampaignProgressRepo } from "../features/dialer/campaign-progress.repo.ts";
import { createCampaignProgressService } from "../features/dialer/campaign-progress.service.ts";
import { countedPlacer } from "../features/dialer/counted-placer.ts";
import { createAdmission } from "../features/dialer/admission.ts";
import { createCapacityRepo } from "../features/dialer/capacity.repo.ts";
import { dialerCampaignHooks } from "../features/dialer/dialer-campaign-hooks.ts";
import { createDialerRepo } from "../features/dialer/dialer.repo.ts";
import { createDialerService } from "../features/dialer/dialer.service.ts";
import { createDncRepo } from "../features/dnc/dnc.repo.ts";
import { createDncService } from "../features/dnc/dnc.service.ts";
import { regionForTimezone } from "../platform/phone.ts";
import { createExperimentsRepo } from "../features/experiments/experiments.repo.ts";
import { createExperimentsService } from "../features/experiments/experiments.service.ts";
import { createEmailLogsRepo } from "../features/email-logs/email-logs.repo.ts";
import { createEmailLogsService } from "../features/email-logs/email-logs.service.ts";
import { crmSyncStatus, wireCrmSync, withCrmSync } from "../features/integrations/crm-sync.wiring.ts";
import { wireHubspot } from "../features/integrations/hubspot.wiring.ts";
import { wireInvitations } from "../features/invitations/invitations.wiring.ts";
import { createKbTranscribeService } from "../features/knowledge-base/kb-transcribe.service.ts";
import { wireKnowledgeBase } from "../features/knowledge-base/knowledge-base.wiring.ts";
import { createOrganizationDeletion } from "../features/organizations/delete-organization.ts";
import { createOrganizationsRepo } from "../features/organizations/organizations.repo.ts";
import { createOrganizationsService } from "../features/organizations/organizations.service.ts";
import { createSettingsRepo } from "../features/settings/settings.repo.ts";
import { createSettingsService } from "../features/settings/settings.service.ts";
import { wireTeam } from "../features/team/team.wiring.ts";
import { createTicketStore } from "../features/telephony/web-call-tickets.ts";
import { createWebCallRepo } from "../features/telephony/web-call.repo.ts";
import { createWebCallService } from "../features/telephony/web-call.service.ts";
import { createVoicesService } from "../features/voices/voices.service.ts";
import { wireWebhooks } from "../features/webhooks/webhooks.wiring.ts";
import { createWhatsAppRepo } from "../features/whatsapp/whatsapp.repo.ts";
import { createWhatsAppService } from "../features/whatsapp/whatsapp.service.ts";
import { systemClock, type Clock } from "../platform/clock.ts";
import type { Config } from "../platform/config.ts";
import type { Db } from "../platform/db.ts";
import type { Logger } from "../platform/logger.ts";
import { createMailer } from "../platform/mailer.ts";
import { createMetrics } from "../platform/metrics.ts";
import { getOrCreateSetting, randomSecret } from "../platform/settings.repo.ts";
import { storageFromConfig } from "../platform/storage-select.ts";

export type Wiring = {
  config: Config;
  db: Db;
  logger: Logger;
  clock?: Clock;
  /** Tests and benchmarks swap in their own telephony and speech providers. */
  voice?: VoiceProviders;
};

/**
 * Builds every service from its narrowed dependencies, each after what it needs (no container, just calls),
 * and answers them grouped by feature.
 */
export async function wireServices({ config, db, logger: log, clock = systemClock, voice }: Wiring) {
  const base = { db, config, clock, log };
  // The platform: signing secret, file store, the process's one mailer (none without SMTP_URL), /metrics.
  const jwtSecret = config.jwtSecret ?? (await getOrCreateSetting(db, "jwt_secret", randomSecret));
  const storage = storageFromConfig(config, db);
  const send = config.smtp ? createMailer(config.smtp) : null;
  // What this process can serve in real time (features/dialer/admission.ts): the dialer, inbound calls and calls by
  // hand ask it before taking a call; /metrics and the dashboard report it.
  const admission = createAdmission({
    enabled: config.voice.admission.enabled,
    startCallCores: config.voice.admission.startCallCores,
    limits: { maxCalls: config.voice.admission.maxCalls },
  });
  const metrics = createMetrics({ db, admission });

  // Accounts: organisations, API keys, signing in, the team.
  const organizations = createOrganizationsService({
    db,
    repo: createOrganizationsRepo(db),
    trialMinutes: config.trialMinutes,
  });
  const apiKeys = createApiKeysService({
    repo: createApiKeysRepo(db),
    clock,
    rateLimit: createApiKeyRateLimit({ perMinute: config.rateLimits.apiKeyPerMinute, clock }),
  });
  const auth = wireAuth({ ...base, jwtSecret, organizations, apiKeys });
  const team = wireTeam({ ...base, auth: auth.service, organizations, send });
  const deleteOrganization = createOrganizationDeletion({
    db,
    repo: createOrganizationsRepo(db),
    storage,
    clock,
    log,
    auth: auth.service,
    organizations,
    sessionCheck: auth.sessionCheck,
  });

  // Every ended call's scorecard, computed when the call is saved (older calls when read). Campaigns are wired
  // below: the closure reaches them only when a campaign's scorecard is asked for.
  const scorecards = createScorecardService({
    repo: createScorecardRepo(db),
    clock,
    campaignExists: (orgId, id) => campaigns.get(orgId, id),
  });
  // Qualifying answers: each campaign's fields, and what each call captured (saved as the call closes).
  const outcomeFieldsRepos = { fields: createOutcomeFieldsRepo(db), crm: createOutcomeFieldCrmRepo(db) };
  const outcomeFields = createOutcomeFieldsService({ repo: outcomeFieldsRepos.fields });
  // Which HubSpot contact property each field's answer is written to.
  const outcomeFieldCrm = createOutcomeFieldCrmService({ repo: outcomeFieldsRepos.crm, outcomeFields });
  // Events features emit where things happen (webhooks, and a finished call's results queued for its CRM); a
  // call's record is read when its event is queued.
  const callHistory = createCallHistoryService({
    scorecard: scorecards.forCall,
    outcomeFields,
    repo: createCallHistoryRepo(db),
    links: createRecordingLinks(jwtSecret, clock),
    storage,
    crmSync: crmSyncStatus(db),
  });
  const callDetail = async (orgId: string, id: string) => (await callHistory.detail(orgId, id)).call;
  const webhooks = wireWebhooks({ ...base, jwtSecret, callDetail });
  await webhooks.sealStoredSecrets();
  const crmSync = wireCrmSync({
    ...base,
    jwtSecret,
    callDetail,
    answerProperties: outcomeFieldCrm.hubspotProperties,
  });
  const events = withCrmSync(webhooks.events, crmSync.service);

  // The calendar with its invitations and the team's own CalDAV calendar.
  const invitations = wireInvitations({ ...base, send });
  // The agent's meetings take their link from the organisation's settings (wired below, read only when it books).
  const calendar = wireCalendar({
    ...base,
    events,
    invitations: invitations.invitations,
    meetingLink: (orgId) => settings.meetingLink(orgId),
  });

  // Campaigns: voices, contacts, settings, the campaigns themselves, HubSpot imports, their knowledge base.
  const voices = createVoicesService({ tts: createOfflineTts(), storage, logger: log, encodeWav });
  const contacts = createContactsService({ repo: createContactsRepo(db) });
  const settings = createSettingsService({
    repo: createSettingsRepo(db),
    voiceExists: voices.exists,
    checkPassword: auth.service.checkPassword,
  });
  // The do-not-call list reads a number written without +country code in the organisation's country.
  const dnc = createDncService({
    repo: createDncRepo(db),
    events: webhooks.events,
    orgCountry: async (orgId) => {
      const zone = (await settings.orgSettings(orgId)).timezone;
      return zone ? regionForTimezone(zone) : undefined;
    },
  });
  // Experiments follow campaigns through hooks in their transactions: variants saved with the campaign, contacts
  // split at launch.
  const experiments = createExperimentsService({
    db,
    repo: createExperimentsRepo(),
    clock,
    voiceExists: voices.exists,
  });
  const campaigns = createCampaignsService({
    db,
    repo: createCampaignsRepo(db),
    contacts,
    storage,
    clock,
    voiceExists: voices.exists,
    callStats: callStatsFromCalls(db),
    hooks: [
      dialerCampaignHooks({ repo: createDialerRepo(db), clock }),
      experiments.hooks,
      outcomeFieldsCampaignHooks(outcomeFieldsRepos),
    ],
    doNotCall: dnc.listed,
  });
  const hubspot = wireHubspot({ ...base, storage, campaigns, onConnected: crmSync.service.resume });
  const campaignExists = (orgId: string, id: string) =>
    campaigns.get(orgId, id).then(
      () => true,
      () => false,
    );
  const knowledgeBase = await wireKnowledgeBase({ db, config, logger: log, storage, campaignExists });

  // The voice: providers chosen once from the configuration (or a test's), heard and spoken through beside calls.
  const providers = voice ? { ...voice, twilioWebhooks: null } : createVoiceProviders(config.voice, log);
  // A question said into the knowledge base test box is heard by the calls' own speech recognition.
  const kbTranscribe = createKbTranscribeService({
    stt: providers.stt,
    vad: providers.vad,
    campaignVocabulary: async (orgId, id) => {
      await campaigns.get(orgId, id); // another organisation's campaign answers 404
      return (await campaignVocabulary(db, id)) ?? [];
    },
  });
  const greetingPreview = createGreetingPreview({
    repo: createGreetingPreviewRepo(db),
    tts: providers.tts,
    defaultVoiceId: providers.defaultVoiceId,
    recording: providers.recording,
    clock,
    encodeWav,
  });

  // Calls: the runner and what surrounds it, the dialer (one worker per process that runs its loop, sharing the
  // queue through the database), calls by hand through the dialer's rules, and the browser's test call.
  const tools = { calendar: calendar.service, dnc, retrieval: knowledgeBase.retrieval };
  const calls = wireCalls({ ...base, storage, providers, events, tools, admission, scorecards, outcomeFields });
  const answerHours = createAnswerHoursService({ repo: createAnswerHoursRepo(db) });
  const dialer = createDialerService({
    repo: createDialerRepo(db),
    placer: countedPlacer(calls.runner, metrics),
    clock,
    log,
    leaseMs: config.voice.dialerLeaseMs,
    workerId: `${process.pid}-${randomUUID().slice(0, 8)}`,
    isDoNotCall: (orgId, phones) => dnc.listed(orgId, phones),
    events: webhooks.events,
    admission,
    capacity: createCapacityRepo(db),
    answerHours: answerHours.stats,
  });
  const callsByHand = createCallsService({ repo: createCallsRepo(db), ringNow: dialer.ringNow });
  const webCalls = createWebCallService({
    repo: createWebCallRepo(db),
    leases: calls.leases,
    tickets: createTicketStore(db, clock, "test-call"),
    runOnLeg: calls.runner.runOnLeg,
    callContext: calls.runner.context,
    retrieval: knowledgeBase.retrieval,
    log,
    campaignExists: (orgId, id) => campaigns.get(orgId, id),
  });

  // What the screens read: progress, dashboard, analytics, the live calls, the message logs.
  const reports = {
    campaignProgress: createCampaignProgressService({ repo: createCampaignProgressRepo(db), clock }),
    dashboard: createDashboardService({ repo: createDashboardRepo(db), capacity: createCapacityRepo(db), clock }),
    analytics: createAnalyticsService({
      repo: createAnalyticsRepo(db),
      clock,
      voiceNames: async () => new Map((await voices.list()).map((v) => [v.id, v.name])),
    }),
    answerHours,
    funnel: createFunnelService({ repo: createFunnelRepo(db) }),
    liveCalls: createLiveCallsService({ repo: createLiveCallsRepo(db), clock }),
    emailLogs: createEmailLogsService({ db, repo: createEmailLogsRepo(db), clock }),
    whatsapp: createWhatsAppService({ db, repo: createWhatsAppRepo(db), clock }),
  };

  return {
    clock,
    storage,
    metrics,
    auth,
    organizations: { service: organizations, deletion: deleteOrganization },
    apiKeys,
    team,
    webhooks,
    crmSync,
    dnc,
    invitations,
    calendar,
    hubspot,
    voices,
    contacts,
    settings,
    campaigns: { service: campaigns, greetingPreview, experiments },
    knowledgeBase: { ...knowledgeBase, transcribe: kbTranscribe },
    calls: {
      ...calls,
      service: callsByHand,
      history: callHistory,
      webCalls,
      telephony: providers.telephony,
      twilioWebhooks: providers.twilioWebhooks,
      /** The speech engine's models loaded now: a first call would otherwise queue its callee's words behind them. */
      warmUp: async () => providers.stt.warmUp?.(),
    },
    dialer,
    admission,
    reports,
    scorecards,
    outcomeFields,
    outcomeFieldCrm,
  };
}
export type Services = Awaited<ReturnType<typeof wireServices>>;
