/**
 * Settings payloads, shared by the API (validation) and the Settings screen (same rules, same messages).
 * - GET /api/settings/organization → `OrgSettingsResponse` ({settings, can_edit, country}); PUT takes
 *   `OrgSettingsUpdate` (fields not sent keep their value) and answers the same. Owners and admins may change them.
 * - GET/PUT /api/settings/profile → `ProfileResponse` ({profile}); PUT takes `ProfileUpdate`.
 * - POST /api/settings/profile/password takes `PasswordChange` and answers 204; the account's other sessions end.
 * New campaigns start from `OrgSettings`: timezone (null → the browser's zone), business hours and voice.
 * The agent's meetings take their link from `meeting_link_kind`/`meeting_link_url` (meeting-link.ts).
 */
import { z } from "zod";
import {
  BUSINESS_HOUR_CHOICES,
  CampaignMessages,
  DEFAULT_BUSINESS_HOURS_END,
  DEFAULT_BUSINESS_HOURS_START,
  isIanaTimeZone,
} from "./campaigns.ts";
import { MEETING_LINK_KINDS, MeetingLinkKind, MeetingLinkMessages, meetingLinkProblem } from "./meeting-link.ts";

export const SettingsMessages = {
  orgNameRequired: "Organization name is required.",
  agentName: "The agent's name may be at most 60 characters.",
  companyName: "The company name may be at most 200 characters.",
  firstNameRequired: "First name is required.",
  lastNameRequired: "Last name is required.",
  email: "Please enter a valid email address.",
  emailTaken: "An account with this email already exists.",
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is not correct.",
  newPasswordShort: "Password must be at least 8 characters.",
  newPasswordSame: "The new password must differ from the current one.",
  passwordsDiffer: "Passwords do not match.",
  noPassword: "Your account signs in with Google and has no password to change.",
} as const;

/** The organisation's defaults. Empty agent/company names mean "not set": the agent then says only its org's name. */
export const OrgSettings = z.object({
  /** The organisation's name (the same as on the Organizations screen). */
  name: z.string(),
  /** The name the voice agent introduces itself with, e.g. "Maya"; "" → it says it is an AI assistant. */
  agent_name: z.string(),
  /** The company the agent says it calls for; "" → the organisation's name. */
  company_name: z.string(),
  /** IANA zone for new campaigns; null → the browser's zone. */
  timezone: z.string().nullable(),
  business_hours_start: z.string(),
  business_hours_end: z.string(),
  /** A voice id from GET /api/voices; null → the server's DEFAULT_VOICE_ID. */
  default_voice_id: z.string().nullable(),
  /** Where the agent's meetings are held: no link, the team's own room, or a room of its own on a host. */
  meeting_link_kind: MeetingLinkKind,
  /** The room's address ("room") or the host rooms are opened under ("on_demand"); null with "none". */
  meeting_link_url: z.string().nullable(),
});
export type OrgSettings = z.infer<typeof OrgSettings>;

export const OrgSettingsResponse = z.object({
  settings: OrgSettings,
  can_edit: z.boolean(),
  /**
   * The organisation's country (ISO 3166 code) as its time zone implies it, the one the do-not-call list reads a
   * number without +country code in; screens write numbers of this country in national form. Null without a zone.
   */
  country: z.string().nullable(),
});
export type OrgSettingsResponse = z.infer<typeof OrgSettingsResponse>;

/**
 * What every member's screens write times and numbers by (GET /settings/organization/clock): the organisation's
 * zone and country, readable by members, who may not read the rest of the settings.
 */
export const OrgClockResponse = OrgSettingsResponse.pick({ country: true }).extend({
  timezone: z.string().nullable(),
  /** Whether the agent adds a meeting link to what it books: the calendar says where to set one when not. */
  meeting_link_set: z.boolean(),
});
export type OrgClockResponse = z.infer<typeof OrgClockResponse>;

export const DEFAULT_ORG_SETTINGS: Omit<OrgSettings, "name"> = {
  agent_name: "",
  company_name: "",
  timezone: null,
  business_hours_start: DEFAULT_BUSINESS_HOURS_START,
  business_hours_end: DEFAULT_BUSINESS_HOURS_END,
  default_voice_id: null,
  meeting_link_kind: "none",
  meeting_link_url: null,
};

const businessHour = z.string().refine((v) => BUSINESS_HOUR_CHOICES.includes(v), CampaignMessages.businessHours);
/** "" from a cleared form field means "not set", like null. */
const emptyToNull = (v: string | null) => (v === null || v.trim() === "" ? null : v.trim());

export const OrgSettingsUpdate = z
  .object({
    name: z.string().trim().min(1, SettingsMessages.orgNameRequired).max(200),
    agent_name: z.string().trim().max(60, SettingsMessages.agentName),
    company_name: z.string().trim().max(200, SettingsMessages.companyName),
    timezone: z
      .string()
      .nullable()
      .transform(emptyToNull)
      .refine((v) => v === null || isIanaTimeZone(v), CampaignMessages.timezone),
    business_hours_start: businessHour,
    business_hours_end: businessHour,
    default_voice_id: z.string().max(200).nullable().transform(emptyToNull),
    meeting_link_kind: z.enum(MEETING_LINK_KINDS, { error: MeetingLinkMessages.kind }),
    meeting_link_url: z.string().max(2000).nullable().transform(emptyToNull),
  })
  .partial()
  .refine((v) => v.business_hours_start === undefined || v.business_hours_start !== v.business_hours_end, {
    path: ["business_hours_end"],
    message: CampaignMessages.businessHoursEqual,
  })
  // Checked here when both are sent (the form always sends both), and again after the merge on the server.
  .superRefine((v, ctx) => {
    if (v.meeting_link_kind === undefined || v.meeting_link_url === undefined) return;
    const problem = meetingLinkProblem(v.meeting_link_kind, v.meeting_link_url);
    if (problem) ctx.addIssue({ code: "custom", path: ["meeting_link_url"], message: problem });
  });
export type OrgSettingsUpdate = z.input<typeof OrgSettingsUpdate>;

export const Profile = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  username: z.string(),
  /** False for accounts made with Google sign-in only: they have no password to change. */
  has_password: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

export const ProfileResponse = z.object({ profile: Profile });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

export const ProfileUpdate = z
  .object({
    first_name: z.string().trim().min(1, SettingsMessages.firstNameRequired).max(100),
    last_name: z.string().trim().min(1, SettingsMessages.lastNameRequired).max(100),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email(SettingsMessages.email)),
  })
  .partial();
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

export const PasswordChange = z
  .object({
    current_password: z.string().min(1, SettingsMessages.currentPasswordRequired).max(200),
    new_password: z.string().min(8, SettingsMessages.newPasswordShort).max(200),
    /** Sent by the form; the API accepts requests without it. */
    confirm_password: z.string().max(200).optional(),
    /** This browser's refresh token: its session stays signed in, every other session of the account ends. */
    refresh_token: z.string().max(200).optional(),
  })
  .refine((v) => v.confirm_password === undefined || v.confirm_password === v.new_password, {
    path: ["confirm_password"],
    message: SettingsMessages.passwordsDiffer,
  })
  .refine((v) => v.current_password !== v.new_password, {
    path: ["new_password"],
    message: SettingsMessages.newPasswordSame,
  });
export type PasswordChange = z.input<typeof PasswordChange>;
