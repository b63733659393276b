import crypto from "node:crypto";
import { DEFAULT_ORG_SLUG } from "@parley/shared/organizations";
import type { Db } from "../../platform/db.ts";
import type { AuthService } from "../auth/auth.service.ts";

export type DemoCredentials = { email: string; username: string; password: string; organizationSlug: string };

/**
 * On an empty database, creates the demo organisation (slug "parley") and its owner, and
 * returns the sign-in details so start-up can print them once. Later starts return null.
 */
export async function seedDemo(deps: { db: Db; auth: AuthService }): Promise<DemoCredentials | null> {
  const [{ count }] = (await deps.db.query<{ count: number }>("select count(*)::int as count from users")) as [{ count: number }];
  if (count > 0) return null;
  const password = crypto.randomBytes(9).toString("base64url");
  await deps.auth.register({
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
  return { email: "demo@parley.local", username: "demo", password, organizationSlug: DEFAULT_ORG_SLUG };
}
