import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { LandingPage } from "../features/landing/LandingPage.tsx";
import { PageSpinner } from "../components/PageSpinner.tsx";
import { session } from "../lib/session.ts";
import { PROTECTED_ROUTES } from "./routes.ts";
import { RequireAuth } from "./RequireAuth.tsx";

// Everything behind sign-in, and the auth screens, load on demand: the landing page stays small.
const AppShell = lazy(async () => ({ default: (await import("./AppShell.tsx")).AppShell }));
const LoginPage = lazy(async () => ({ default: (await import("../features/auth/LoginPage.tsx")).LoginPage }));
const RegisterPage = lazy(async () => ({ default: (await import("../features/auth/RegisterPage.tsx")).RegisterPage }));
const InvitePage = lazy(async () => ({ default: (await import("../features/auth/InvitePage.tsx")).InvitePage }));

const dashboardPath = () => `/org/${session.orgSlug()}/dashboard`;

export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/" element={session.isSignedIn() ? <Navigate to={dashboardPath()} replace /> : <LandingPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/invite/:token" element={<InvitePage />} />
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          {PROTECTED_ROUTES.flatMap(({ path, Page }) => [
            <Route key={`org-${path}`} path={`/org/:orgSlug/${path}`} element={<Page />} />,
            <Route key={path} path={`/${path}`} element={<Page />} />,
          ])}
        </Route>
        <Route path="*" element={<Navigate to={dashboardPath()} replace />} />
      </Routes>
    </Suspense>
  );
}
