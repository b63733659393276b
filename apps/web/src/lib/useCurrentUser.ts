import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { SessionUser, type Role } from "@parley/shared/auth";
import { can, type Action } from "@parley/shared/permissions";
import { api } from "./api-client.ts";

const MeResponse = z.object({ user: SessionUser });

/**
 * The signed-in user with their role in the active organisation (the server reads it from the membership).
 * `enabled: false` on a page open to everyone, where asking without a session would bounce to sign-in.
 */
export function useCurrentUser(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ["me"],
    queryFn: () => api("/auth/me", { schema: MeResponse }).then((r) => r.user),
    enabled: opts.enabled ?? true,
  });
}

/** The user's role here; undefined while it loads. */
export function useRole(): Role | undefined {
  return useCurrentUser().data?.role;
}

/**
 * Whether the user may do `action`, from the same map the server enforces (packages/shared/src/permissions.ts).
 * False while the role loads, so a button the role cannot use never flashes up; the server refuses anyway.
 */
export function useCan(action: Action): boolean {
  return can(useRole(), action);
}
