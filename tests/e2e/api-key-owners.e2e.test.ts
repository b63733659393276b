import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { postgresSkipReason, startE2EOnPostgres, type E2EOnPostgres } from "../support/e2e.ts";
import { loginViaApi, newApiUser, signIn } from "../support/e2e-users.ts";
import { SETTINGS_SIZES, openSettingsPage } from "../support/e2e-settings.ts";
import { insertTeamMember } from "../support/team-members.ts";

const skip = await postgresSkipReason();

const api = (baseUrl: string, token: string, method: string, path: string, body?: unknown) =>
  fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe("Settings → API keys names each key's owner, and says when a key stopped because its owner left", {
  skip: skip ?? false,
}, () => {
  let env: E2EOnPostgres;
  before(async () => {
    env = await startE2EOnPostgres();
  });
  after(() => env?.close());

  for (const size of SETTINGS_SIZES) {
    test(`an admin's key is listed by their email, and stops when they are removed, at ${size.width} px`, async () => {
      const owner = await newApiUser(env.baseUrl, "Harbor Dental");
      const admin = await insertTeamMember(env.db, owner.orgId, "admin");
      await env.db.query("update users set first_name = '', last_name = '' where id = $1", [admin.userId]);
      const adminSession = await loginViaApi(env.baseUrl, admin);
      const created = await api(env.baseUrl, adminSession.token, "POST", "/api-keys", {
        name: "Front desk sync",
        scope: "write",
      });
      assert.equal(created.status, 201);
      const { secret } = (await created.json()) as { secret: string };

      const page = await env.newPage({ width: size.width, height: size.height });
      await signIn(page, owner.user);
      await openSettingsPage(page, size.width < 600, "Manage API keys", "api-keys", "API keys");
      const row = page.getByRole("listitem", { name: "API key Front desk sync" });
      await row.getByText(`by ${admin.email}`).waitFor();
      assert.equal(await row.getByText(/^Stopped/).count(), 0);

      assert.equal((await api(env.baseUrl, owner.token, "DELETE", `/team/members/${admin.userId}`)).status, 204);
      assert.equal((await api(env.baseUrl, secret, "GET", "/campaigns")).status, 401);
      await page.reload();
      await row.getByText(`Stopped: ${admin.email} left the team`).waitFor();
      await env.screenshot(page, `api-keys-owner-left-${size.name}`);
      await page.close();
    });
  }
});
