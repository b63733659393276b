import crypto from "node:crypto";
import type { Page } from "playwright-core";

export type E2EUser = { username: string; email: string; password: string; organization: string };

/** Registers a user (and their organisation) through the real API. */
export async function registerViaApi(baseUrl: string, org = "Bright Homes"): Promise<E2EUser> {
  const n = crypto.randomBytes(3).toString("hex");
  const user = {
    username: `sam_${n}`,
    email: `sam.${n}@example.com`,
    password: "a strong password",
    organization: `${org} ${n}`,
  };
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Sam",
      last_name: "Rivera",
      email: user.email,
      username: user.username,
      phone: "+14155550111",
      password: user.password,
      confirm_password: user.password,
      organization_name: user.organization,
      organization_contact_email: `ops.${n}@example.com`,
      organization_contact_phone: "+14155550112",
      organization_address: "500 Howard St, San Francisco",
      auth_provider: "password",
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return user;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, user: Pick<E2EUser, "username" | "password">): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/^Email or Username/).fill(user.username);
  await page.getByLabel(/^Password/).fill(user.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/org\/[^/]+\/dashboard$/);
}

export type E2ESession = { token: string; slug: string; orgId: string };

/** Signs a registered user in through the API: the token for API calls, and their organisation's slug and id. */
export async function loginViaApi(baseUrl: string, user: Pick<E2EUser, "username" | "password">): Promise<E2ESession> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email_or_username: user.username, password: user.password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    access_token: string;
    user: { organization_id: string; organization_slug_name: string };
  };
  return { token: body.access_token, slug: body.user.organization_slug_name, orgId: body.user.organization_id };
}

/** A new user with their own organisation, signed in through the API. */
export async function newApiUser(baseUrl: string, org?: string): Promise<E2ESession & { user: E2EUser }> {
  const user = await registerViaApi(baseUrl, org);
  return { user, ...(await loginViaApi(baseUrl, user)) };
}
