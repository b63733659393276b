import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { session } from "../lib/session.ts";

/** Protected routes need a stored token; otherwise the browser goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  return session.isSignedIn() ? children : <Navigate to="/login" replace />;
}
