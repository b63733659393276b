import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Role } from "@parley/shared/auth";
import { InvitationLink, TeamResponse, type InvitationCreate } from "@parley/shared/team";
import { api } from "../../../lib/api-client.ts";

const TEAM = ["team"] as const;

export const useTeam = () => useQuery({ queryKey: TEAM, queryFn: () => api("/team", { schema: TeamResponse }) });

const roleOf = (data: unknown) => (data as { role?: Role } | undefined)?.role;

/**
 * Every change re-reads the team, so the list shows what the server now holds. The signed-in user is read first:
 * an owner who made themselves an admin sees everything again as an admin at once (the header, no Team section,
 * the organisation settings read-only), rather than the team's re-read refused.
 */
function useTeamChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      const before = roleOf(queryClient.getQueryData(["me"]));
      await queryClient.invalidateQueries({ queryKey: ["me"] });
      if (roleOf(queryClient.getQueryData(["me"])) !== before) return queryClient.invalidateQueries();
      await queryClient.invalidateQueries({ queryKey: TEAM });
    },
  });
}

export const useInvite = () =>
  useTeamChange((body: InvitationCreate) => api("/team/invitations", { method: "POST", body, schema: InvitationLink }));
export const useRenewLink = () =>
  useTeamChange((id: string) => api(`/team/invitations/${id}/link`, { method: "POST", schema: InvitationLink }));
export const useRevokeInvitation = () =>
  useTeamChange((id: string) => api(`/team/invitations/${id}`, { method: "DELETE" }));
export const useSetRole = () =>
  useTeamChange(({ userId, role }: { userId: string; role: Role }) =>
    api(`/team/members/${userId}`, { method: "PUT", body: { role } }),
  );
export const useRemoveMember = () =>
  useTeamChange((userId: string) => api(`/team/members/${userId}`, { method: "DELETE" }));

/** The link to send: the page on this site that accepts the invitation. */
export const inviteUrl = (link: InvitationLink) => window.location.origin + link.path;
