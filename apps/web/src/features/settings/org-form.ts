import { timeZoneChoices } from "@parley/shared/campaigns";
import type { MeetingLinkKind } from "@parley/shared/meeting-link";
import type { OrgSettings, OrgSettingsUpdate } from "@parley/shared/settings";
import { browserZone } from "../../lib/time-format.ts";

/** The form's values: every field a string; "" in timezone, voice or meeting link means "not set". */
export type OrgForm = Record<keyof OrgSettings, string>;

export const toOrgForm = (s: OrgSettings): OrgForm => ({
  ...s,
  timezone: s.timezone ?? "",
  default_voice_id: s.default_voice_id ?? "",
  meeting_link_url: s.meeting_link_url ?? "",
});

/** What is sent: the whole form, with "not set" as null. */
export const toOrgUpdate = (f: OrgForm): OrgSettingsUpdate => ({
  ...f,
  timezone: f.timezone || null,
  default_voice_id: f.default_voice_id || null,
  // The form's radio buttons hold only the three kinds; an address typed under "No link" is not kept.
  meeting_link_kind: f.meeting_link_kind as MeetingLinkKind,
  meeting_link_url: f.meeting_link_kind === "none" ? null : f.meeting_link_url.trim() || null,
});

/** Every IANA zone this browser knows, the spec's two first. */
export function timeZoneOptions(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "timeZone") => string[] };
  return timeZoneChoices(intl.supportedValuesOf?.("timeZone") ?? [browserZone()]);
}
