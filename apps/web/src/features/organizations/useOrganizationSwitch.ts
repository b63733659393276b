import { useNavigate } from "react-router-dom";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LoginResponse } from "@parley/shared/auth";
import { OrganizationList } from "@parley/shared/organizations";
import { api } from "../../lib/api-client.ts";
import { session } from "../../lib/session.ts";

/** The organisations the signed-in user belongs to (with their role in each). */
export function useMyOrganizations(enabled = true) {
  return useQuery({
    queryKey: ["organizations"],
    queryFn: () => api("/organizations", { schema: OrganizationList }),
    enabled,
  });
}

/**
 * Switches the session to another of the user's organisations and opens its dashboard: the Organizations
 * screen and the account menu both switch this way.
 */
export function useOrganizationSwitch(onError?: (err: unknown) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (slug: string) =>
      api("/auth/switch-organization", { method: "POST", body: { organization_slug: slug }, schema: LoginResponse }),
    onSuccess: (res) => {
      const slug = session.store(res);
      // Every cached answer belonged to the previous organisation; reset refetches what is on screen.
      void queryClient.resetQueries();
      navigate(`/org/${slug}/dashboard`);
    },
    onError,
  });
}
