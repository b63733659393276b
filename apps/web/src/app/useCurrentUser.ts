import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { SessionUser } from "@parley/shared/auth";
import { api } from "../lib/api-client.ts";

const MeResponse = z.object({ user: SessionUser });

/** The signed-in user with their role in the active organisation. */
export function useCurrentUser() {
  return useQuery({ queryKey: ["me"], queryFn: () => api("/auth/me", { schema: MeResponse }).then((r) => r.user) });
}

export const roleLabel = (role: string | undefined) => (role === "member" ? "Member" : "Admin");
