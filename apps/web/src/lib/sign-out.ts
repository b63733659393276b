import type { QueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { session } from "./session.ts";

/**
 * Ends the session on the server (its refresh token is revoked) and forgets it here. The local sign-out happens
 * even when the server cannot be reached, so the browser never keeps a session the user asked to end.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const refreshToken = session.refreshToken();
  await api("/auth/logout", {
    method: "POST",
    body: { refresh_token: refreshToken ?? undefined },
    skipAuthHandling: true,
  }).catch(() => undefined);
  session.clear();
  queryClient.clear();
}
