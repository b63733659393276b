import type { Role } from "@parley/shared/auth";
import { CampaignMessages } from "@parley/shared/campaigns";
import { can } from "@parley/shared/permissions";
import {
  DEFAULT_ORG_SETTINGS,
  OrgSettingsUpdate,
  PasswordChange,
  ProfileUpdate,
  SettingsMessages,
  type OrgSettings,
  type OrgClockResponse,
  type OrgSettingsResponse,
  type Profile,
} from "@parley/shared/settings";
import { AppError, notFound, toFieldIssues, validationError } from "../../http/errors.ts";
import { regionForTimezone } from "../../platform/phone.ts";
import { meetingLinkProblem, normalizeMeetingLink } from "@parley/shared/meeting-link";
import { hashPassword } from "../auth/password-hash.ts";
import type { ProfileRow, SettingsRepo } from "./settings.repo.ts";

const fieldError = (path: string, message: string) => new AppError("validation_failed", message, [{ path, message }]);

const toProfile = (r: ProfileRow): Profile => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  username: r.username,
  has_password: r.password_hash !== null,
});

/** The country of the organisation's zone, as the do-not-call list reads numbers (wire.ts); null without one. */
const countryOf = (s: OrgSettings) => (s.timezone ? (regionForTimezone(s.timezone) ?? null) : null);

/** A unique-index violation: two accounts racing for one email. */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

export type SettingsServiceDeps = {
  repo: SettingsRepo;
  voiceExists: (id: string) => Promise<boolean>;
  /** The auth service's throttled check: false for a wrong password, 429 once too many were wrong. */
  checkPassword: (userId: string, passwordHash: string, password: string, clientIp: string) => Promise<boolean>;
};

/** Organisation defaults (owners and admins change them) and each user's own profile and password. */
export function createSettingsService(deps: SettingsServiceDeps) {
  const { repo } = deps;

  /** The organisation's settings with defaults filled in; the campaign form starts new campaigns from them. */
  async function orgSettings(orgId: string): Promise<OrgSettings> {
    const row = await repo.orgSettings(orgId);
    if (!row) throw notFound("Organization");
    return {
      name: row.name,
      agent_name: row.agent_name ?? DEFAULT_ORG_SETTINGS.agent_name,
      company_name: row.company_name ?? DEFAULT_ORG_SETTINGS.company_name,
      timezone: row.timezone ?? DEFAULT_ORG_SETTINGS.timezone,
      business_hours_start: row.business_hours_start ?? DEFAULT_ORG_SETTINGS.business_hours_start,
      business_hours_end: row.business_hours_end ?? DEFAULT_ORG_SETTINGS.business_hours_end,
      default_voice_id: row.default_voice_id ?? DEFAULT_ORG_SETTINGS.default_voice_id,
      meeting_link_kind: row.meeting_link_kind ?? DEFAULT_ORG_SETTINGS.meeting_link_kind,
      meeting_link_url: row.meeting_link_url ?? DEFAULT_ORG_SETTINGS.meeting_link_url,
    };
  }

  async function profileOf(userId: string): Promise<ProfileRow> {
    const row = await repo.profile(userId);
    if (!row) throw notFound("Account");
    return row;
  }

  return {
    orgSettings,

    /** Where the agent's meetings are held (features/calendar/meeting-link.ts builds each one's link from it). */
    async meetingLink(orgId: string) {
      const s = await orgSettings(orgId);
      return { kind: s.meeting_link_kind, url: s.meeting_link_url };
    },

    async getOrg(orgId: string, role: Role): Promise<OrgSettingsResponse> {
      const settings = await orgSettings(orgId);
      return { settings, can_edit: can(role, "settings.edit"), country: countryOf(settings) };
    },

    async getClock(orgId: string): Promise<OrgClockResponse> {
      const settings = await orgSettings(orgId);
      return {
        timezone: settings.timezone,
        country: countryOf(settings),
        meeting_link_set: settings.meeting_link_kind !== "none",
      };
    },

    /** Merges the fields sent over the saved ones. Who may is the role guard's business (http/route-roles.ts). */
    async updateOrg(auth: { orgId: string }, input: unknown): Promise<OrgSettingsResponse> {
      const parsed = OrgSettingsUpdate.safeParse(input);
      if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
      const next: OrgSettings = { ...(await orgSettings(auth.orgId)), ...parsed.data };
      // Checked after the merge too: one side of the hours may be sent alone.
      if (next.business_hours_start === next.business_hours_end)
        throw fieldError("business_hours_end", CampaignMessages.businessHoursEqual);
      // Checked after the merge too: the kind or the address may be sent alone.
      const linkProblem = meetingLinkProblem(next.meeting_link_kind, next.meeting_link_url);
      if (linkProblem) throw fieldError("meeting_link_url", linkProblem);
      next.meeting_link_url = normalizeMeetingLink(next.meeting_link_kind, next.meeting_link_url);
      if (next.default_voice_id && parsed.data.default_voice_id && !(await deps.voiceExists(next.default_voice_id))) {
        throw fieldError("default_voice_id", CampaignMessages.unknownVoice);
      }
      await repo.saveOrgSettings(auth.orgId, next);
      return { settings: next, can_edit: true, country: countryOf(next) };
    },

    async getProfile(userId: string): Promise<Profile> {
      return toProfile(await profileOf(userId));
    },

    async updateProfile(userId: string, input: unknown): Promise<Profile> {
      const parsed = ProfileUpdate.safeParse(input);
      if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
      const next = { ...(await profileOf(userId)), ...parsed.data };
      try {
        await repo.updateProfile(userId, next);
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError("conflict", SettingsMessages.emailTaken, [
            { path: "email", message: SettingsMessages.emailTaken },
          ]);
        throw err;
      }
      return toProfile(await profileOf(userId));
    },

    /**
     * Asks for the current password first, so a borrowed signed-in browser cannot take over the account.
     * A wrong one answers 400 (not 401: the web app treats 401 as "signed out"); guesses are throttled as sign-ins are.
     */
    async changePassword(userId: string, input: unknown, clientIp: string): Promise<void> {
      const parsed = PasswordChange.safeParse(input);
      if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
      const user = await profileOf(userId);
      if (!user.password_hash) throw fieldError("current_password", SettingsMessages.noPassword);
      if (!(await deps.checkPassword(userId, user.password_hash, parsed.data.current_password, clientIp))) {
        throw fieldError("current_password", SettingsMessages.currentPasswordWrong);
      }
      await repo.setPasswordHash(userId, await hashPassword(parsed.data.new_password));
      await repo.revokeSessions(userId, parsed.data.refresh_token ?? null);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
