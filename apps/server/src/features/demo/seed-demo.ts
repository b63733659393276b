import crypto from "node:crypto";
import { DEFAULT_ORG_SLUG } from "@parley/shared/organizations";
import type { Db } from "../../platform/db.ts";
import type { AuthService } from "../auth/auth.service.ts";
import type { EmailLogsService } from "../email-logs/email-logs.service.ts";
import { seedDemoEmails } from "../email-logs/demo-emails.ts";
import type { WhatsAppService } from "../whatsapp/whatsapp.service.ts";
import { seedDemoChats } from "../whatsapp/demo-chats.ts";
import type { Storage } from "../../platform/storage.ts";
import type { CampaignsService } from "../campaigns/campaigns.service.ts";
import { seedDemoCampaign } from "./demo-campaign.ts";

export type DemoCredentials = { email: string; username: string; password: string; organizationSlug: string };

/**
 * On an empty database, creates the demo organisation (slug "parley") and its owner, and
 * returns the sign-in details so start-up can print them once. Later starts return null.
 */
export async function seedDemo(deps: {
  db: Db;
  auth: AuthService;
  /** When given, the demo org's email and WhatsApp logs are filled through their ingestion paths. */
  emailLogs?: EmailLogsService;
  whatsapp?: WhatsAppService;
  /** When given, a launched demo campaign whose calls go to simulated callees. */
  campaign?: { campaigns: CampaignsService; storage: Storage };
}): Promise<DemoCredentials | null> {
  const [{ count }] = (await deps.db.query<{ count: number }>("select count(*)::int as count from users")) as [
    { count: number },
  ];
  if (count > 0) return null;
  const password = crypto.randomBytes(9).toString("base64url");
  const owner = await deps.auth.register({
    first_name: "Demo",
    last_name: "Owner",
    email: "demo@parley.local",
    username: "demo",
    phone: "+14155550100",
    password,
    organization_name: "Parley",
    organization_website: "https://parley.example",
    organization_contact_email: "hello@parley.example",
    organization_contact_phone: "+14155550100",
    organization_address: "1 Market Street, San Francisco, CA",
    auth_provider: "password",
  });
  const [membership] = await deps.db.query<{ org_id: string }>("select org_id from memberships where user_id = $1", [
    owner.id,
  ]);
  const now = new Date();
  if (membership && deps.emailLogs) await seedDemoEmails(deps.emailLogs, membership.org_id, now);
  if (membership && deps.whatsapp) await seedDemoChats(deps.whatsapp, membership.org_id, now);
  if (membership && deps.campaign)
    await seedDemoCampaign(deps.campaign, { orgId: membership.org_id, userId: owner.id });
  return { email: "demo@parley.local", username: "demo", password, organizationSlug: DEFAULT_ORG_SLUG };
}
