import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { VoiceList } from "@parley/shared/voices";
import {
  OrgSettingsResponse,
  ProfileResponse,
  type OrgSettingsUpdate,
  type PasswordChange,
  type ProfileUpdate,
} from "@parley/shared/settings";
import { api } from "../../lib/api-client.ts";

const ORG = ["settings", "organization"] as const;
const PROFILE = ["settings", "profile"] as const;

/** `enabled` false for a role that may not see them (a member): the page then shows only the user's own account. */
export const useOrgSettings = (enabled = true) =>
  useQuery({ queryKey: ORG, queryFn: () => api("/settings/organization", { schema: OrgSettingsResponse }), enabled });
export const useProfile = () =>
  useQuery({ queryKey: PROFILE, queryFn: () => api("/settings/profile", { schema: ProfileResponse }) });
export const useVoices = (enabled = true) =>
  useQuery({ queryKey: ["voices"], queryFn: () => api("/voices", { schema: VoiceList }), enabled });

/** Saving the organisation also renames it in the menu and on the Organizations screen. */
export function useSaveOrgSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSettingsUpdate) =>
      api("/settings/organization", { method: "PUT", body, schema: OrgSettingsResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(ORG, res);
      // Every screen's clock and numbers follow the saved zone and its country, the calendar's hint the meeting link
      // (lib/useViewerZone.ts).
      queryClient.setQueryData(["viewer-zone"], {
        timezone: res.settings.timezone,
        country: res.country,
        meeting_link_set: res.settings.meeting_link_kind !== "none",
      });
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      void queryClient.invalidateQueries({ queryKey: ["organizations"] });
    },
  });
}

/** The header's name comes from /auth/me, so it is refreshed with the profile. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api("/settings/profile", { method: "PUT", body, schema: ProfileResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(PROFILE, res);
      void queryClient.invalidateQueries({ queryKey: ["me"] });
    },
  });
}

export const useChangePassword = () =>
  useMutation({ mutationFn: (body: PasswordChange) => api("/settings/profile/password", { method: "POST", body }) });
