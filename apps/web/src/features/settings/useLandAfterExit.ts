import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import type { OrganizationExit } from "@parley/shared/organizations";
import { session } from "../../lib/session.ts";

/**
 * After the user deleted or left the organisation of their session: into the next organisation the server signed
 * them in to, or to sign-in when they belong to none now.
 */
export function useLandAfterExit() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return ({ next }: OrganizationExit) => {
    if (next) {
      const slug = session.store(next);
      // Every cached answer belonged to the organisation left behind.
      void queryClient.resetQueries();
      navigate(`/org/${slug}/dashboard`);
    } else {
      session.clear();
      queryClient.clear();
      navigate("/login");
    }
  };
}
