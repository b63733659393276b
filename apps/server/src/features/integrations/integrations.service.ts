import type {
  CaldavConnect,
  CaldavIntegration,
  HubspotIntegration,
  IntegrationList,
  IntegrationStatus,
} from "@parley/shared/integrations";
import type { Clock } from "../../platform/clock.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { CaldavConnectError, type CaldavAccount, type CaldavCalendar, type CaldavClient } from "./caldav-client.ts";
import type { CaldavRow, IntegrationsRepo } from "./integrations.repo.ts";
import type { SecretBox } from "./secret-box.ts";

/**
 * A CalDAV connection ready to use: the account with its password opened, and the calendar chosen at connect.
 * `unreadable` says why the password could not be opened (then the account's password is empty).
 */
export type ConnectedCaldav = {
  account: CaldavAccount;
  calendarUrl: string;
  status: IntegrationStatus;
  unreadable?: string;
};

/** The saved password does not decrypt: INTEGRATIONS_KEY changed since it was saved. */
export class PasswordUnreadable extends Error {
  constructor(readonly connection: ConnectedCaldav) {
    super("the saved password cannot be decrypted with this server's INTEGRATIONS_KEY: connect the calendar again");
  }
}

const toCaldav = (r: CaldavRow): CaldavIntegration => ({
  url: r.settings.url,
  username: r.settings.username,
  calendar_url: r.settings.calendar_url,
  calendar_name: r.settings.calendar_name,
  status: r.status,
  last_error: r.last_error,
  last_checked_at: r.last_checked_at?.toISOString() ?? null,
  connected_at: r.connected_at.toISOString(),
});

/** Settings → Integrations: what is connected, connecting the team's calendar (tested first), disconnecting. */
type Deps = {
  repo: IntegrationsRepo;
  box: SecretBox;
  caldav: CaldavClient;
  clock: Clock;
  /** Writes and removes what an outage left (the mirror's catch-up); awaited after a successful Test. */
  catchUp(orgId: string): Promise<void>;
  /** Copies the upcoming meetings into a newly connected calendar. */
  copyUpcoming(orgId: string): Promise<void>;
  /** HubSpot's connection as shown (hubspot.repo.ts), null when not connected. */
  hubspot(orgId: string): Promise<HubspotIntegration | null>;
};

export function createIntegrationsService(deps: Deps) {
  const { repo, box, caldav, clock } = deps;
  const accountOf = (row: CaldavRow, orgId: string): CaldavAccount => {
    const account = { url: row.settings.url, username: row.settings.username, password: "" };
    try {
      return { ...account, password: box.open(row.secret_ciphertext, orgId) };
    } catch {
      throw new PasswordUnreadable({ account, calendarUrl: row.settings.calendar_url, status: row.status });
    }
  };
  return {
    async list(orgId: string): Promise<IntegrationList> {
      const row = await repo.caldav(orgId);
      return { caldav: row && toCaldav(row), hubspot: await deps.hubspot(orgId) };
    },

    /** Saves nothing unless the server accepts the account and has a calendar: the error says what to fix. */
    async connectCaldav(orgId: string, userId: string, input: CaldavConnect): Promise<CaldavIntegration> {
      const account = { url: input.url, username: input.username, password: input.password };
      let found: CaldavCalendar;
      try {
        found = await caldav.connect(account);
      } catch (err) {
        if (err instanceof CaldavConnectError)
          throw new AppError("validation_failed", err.message, [{ path: err.field, message: err.message }]);
        throw err;
      }
      const settings = {
        url: input.url,
        username: input.username,
        calendar_url: found.calendarUrl,
        calendar_name: found.calendarName,
      };
      // Another calendar: the copies made in the old one are no longer Parley's to update or remove.
      if ((await repo.caldav(orgId))?.settings.calendar_url !== found.calendarUrl) await repo.forgetMirrors(orgId);
      await repo.saveCaldav(orgId, userId, settings, box.seal(input.password, orgId), clock.now());
      await deps.copyUpcoming(orgId);
      return toCaldav((await repo.caldav(orgId))!);
    },

    /** Checks the saved connection again (Settings' "Test"): the answer carries the new status and what failed. */
    async testCaldav(orgId: string): Promise<CaldavIntegration> {
      const row = await repo.caldav(orgId);
      if (!row) throw notFound("Calendar connection");
      try {
        await caldav.connect(accountOf(row, orgId));
        await repo.setCaldavStatus(orgId, "connected", null, clock.now());
        await deps.catchUp(orgId);
      } catch (err) {
        if (!(err instanceof CaldavConnectError || err instanceof PasswordUnreadable)) throw err;
        await repo.setCaldavStatus(orgId, "unreachable", err.message, clock.now());
      }
      return toCaldav((await repo.caldav(orgId))!);
    },

    async disconnectCaldav(orgId: string): Promise<void> {
      if (!(await repo.deleteCaldav(orgId))) throw notFound("Calendar connection");
    },

    async connection(orgId: string): Promise<ConnectedCaldav | null> {
      const row = await repo.caldav(orgId);
      if (!row) return null;
      return { account: accountOf(row, orgId), calendarUrl: row.settings.calendar_url, status: row.status };
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
