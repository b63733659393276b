import { createElement, lazy, type ComponentType, type LazyExoticComponent } from "react";

/** Protected screens, each reachable as /org/{slug}/{path} and as bare /{path}; loaded on demand. */
export type ProtectedRoute = { path: string; Page: LazyExoticComponent<ComponentType> };

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: "dashboard", Page: named(() => import("../features/dashboard/DashboardPage.tsx"), "DashboardPage") },
  { path: "campaigns", Page: named(() => import("../features/campaigns/pages/CampaignsPage.tsx"), "CampaignsPage") },
  {
    path: "campaign-setup",
    Page: named(() => import("../features/campaigns/pages/CampaignSetupPage.tsx"), "CampaignSetupPage"),
  },
  // Conversation Logs with its Email and WhatsApp tabs: the app composes the three features' screens.
  {
    path: "call-logs",
    Page: lazy(async () => {
      const [{ CallLogsPage }, { EmailLogsPanel }, { WhatsAppLogsPanel }] = await Promise.all([
        import("../features/conversation-logs/CallLogsPage.tsx"),
        import("../features/email-logs/EmailLogsPanel.tsx"),
        import("../features/whatsapp-logs/WhatsAppLogsPanel.tsx"),
      ]);
      // biome-ignore lint/correctness/noComponentHookFactories: made once, when its lazy chunk first loads
      const Page = () =>
        createElement(CallLogsPage, {
          emailPanel: createElement(EmailLogsPanel),
          whatsappPanel: createElement(WhatsAppLogsPanel),
        });
      return { default: Page };
    }),
  },
  {
    path: "knowledge-base",
    Page: named(() => import("../features/knowledge-base/KnowledgeBasePage.tsx"), "KnowledgeBasePage"),
  },
  {
    path: "create-knowledge-base",
    Page: named(() => import("../features/knowledge-base/CreateKnowledgeBasePage.tsx"), "CreateKnowledgeBasePage"),
  },
  {
    path: "calling-visualization",
    Page: named(() => import("../features/analytics/CallingVisualizationPage.tsx"), "CallingVisualizationPage"),
  },
  { path: "calendar", Page: named(() => import("../features/calendar/CalendarPage.tsx"), "CalendarPage") },
  {
    path: "organization",
    Page: named(() => import("../features/organizations/OrganizationsPage.tsx"), "OrganizationsPage"),
  },
  { path: "do-not-call", Page: named(() => import("../features/dnc/DncPage.tsx"), "DncPage") },
  { path: "settings", Page: named(() => import("../features/settings/SettingsPage.tsx"), "SettingsPage") },
  { path: "settings/webhooks", Page: named(() => import("../features/webhooks/WebhooksPage.tsx"), "WebhooksPage") },
  { path: "settings/api-keys", Page: named(() => import("../features/api-keys/ApiKeysPage.tsx"), "ApiKeysPage") },
  {
    path: "settings/integrations",
    Page: named(() => import("../features/integrations/IntegrationsPage.tsx"), "IntegrationsPage"),
  },
];
