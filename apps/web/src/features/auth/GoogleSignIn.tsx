import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Google from "@mui/icons-material/Google";
import { AuthConfig, GoogleAuthRequest, LoginResponse } from "@parley/shared/auth";
import { api } from "../../lib/api-client.ts";
import { messageOf } from "../../lib/api-error.ts";
import { returnPath } from "../../lib/return-path.ts";
import { session } from "../../lib/session.ts";

type GoogleId = {
  initialize(o: { client_id: string; callback: (r: { credential?: string }) => void }): void;
  renderButton(el: HTMLElement, o: Record<string, unknown>): void;
};
declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

function loadGsi(): Promise<GoogleId> {
  if (window.google) return Promise.resolve(window.google.accounts.id);
  return new Promise((resolve, reject) => {
    const s = document.createElement("script");
    s.src = "https://accounts.google.com/gsi/client";
    s.async = true;
    s.onload = () => (window.google ? resolve(window.google.accounts.id) : reject(new Error("Google script failed")));
    s.onerror = () => reject(new Error("Google script failed"));
    document.head.appendChild(s);
  });
}

/** Google sign-in / sign-up: real when the server has GOOGLE_CLIENT_ID, otherwise says it is not configured. */
export function GoogleSignIn({ label }: { label: string }) {
  const { data: config } = useQuery({
    queryKey: ["auth-config"],
    queryFn: () => api("/auth/config", { schema: AuthConfig, skipAuthHandling: true }),
  });
  const target = useRef<HTMLDivElement>(null);
  const [error, setError] = useState("");
  const navigate = useNavigate();
  const clientId = config?.google_client_id;

  useEffect(() => {
    if (!clientId || !target.current) return;
    const el = target.current;
    loadGsi()
      .then((gsi) => {
        gsi.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            const request = GoogleAuthRequest.safeParse({ token: credential ?? "" });
            if (!request.success)
              return setError(request.error.issues[0]?.message ?? "Google authentication failed. Please try again.");
            try {
              // Read raw first: an answer without tokens has its own message, not a parse error.
              const body = await api("/auth/google", { method: "POST", body: request.data, skipAuthHandling: true });
              const parsed = LoginResponse.safeParse(body);
              if (!parsed.success || !parsed.data.access_token)
                return setError("Authentication successful but no tokens received.");
              const slug = session.store(parsed.data);
              navigate(returnPath(window.location.search) ?? `/org/${slug}/dashboard`, { replace: true });
            } catch (err) {
              setError(messageOf(err, "Google authentication failed. Please try again."));
            }
          },
        });
        gsi.renderButton(el, { theme: "filled_black", size: "large", width: 320, text: "continue_with" });
      })
      .catch(() => setError("Google authentication failed. Please try again."));
  }, [clientId, navigate]);

  return (
    <Stack spacing={1} sx={{ alignItems: "stretch" }}>
      {clientId ? (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: Google's script puts its button in here; kept as it was
        <div ref={target} aria-label={label} />
      ) : (
        <Button variant="outlined" startIcon={<Google />} disabled fullWidth>
          {config ? "Google sign-in is not configured" : label}
        </Button>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
