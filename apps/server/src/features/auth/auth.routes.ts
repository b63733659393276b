import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AuthConfig,
  GoogleAuthRequest,
  LoginRequest,
  LoginResponse,
  LogoutRequest,
  RefreshRequest,
  RegisterRequest,
  SessionUser,
  SwitchOrganizationRequest,
} from "@parley/shared/auth";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { AuthService } from "./auth.service.ts";

export function authRoutes(deps: {
  auth: AuthService;
  requireAuth: RequireAuth;
  googleClientId: string | undefined;
}): FastifyPluginAsyncZod {
  const { auth, requireAuth } = deps;
  return async (app) => {
    app.get("/auth/config", { schema: { response: { 200: AuthConfig } } }, async () => ({
      google_client_id: deps.googleClientId ?? null,
    }));

    app.post(
      "/auth/register",
      {
        schema: {
          body: RegisterRequest,
          response: {
            201: z.object({
              message: z.string(),
              user: z.object({ id: z.string(), email: z.string(), username: z.string() }),
            }),
          },
        },
      },
      async (request, reply) => {
        const user = await auth.register(request.body, request.ip);
        return reply.status(201).send({
          message: "Account created. Please sign in.",
          user: { id: user.id, email: user.email, username: user.username },
        });
      },
    );

    app.post("/auth/login", { schema: { body: LoginRequest, response: { 200: LoginResponse } } }, async (request) =>
      auth.login(request.body, request.ip),
    );

    app.post("/auth/refresh", { schema: { body: RefreshRequest, response: { 200: LoginResponse } } }, async (request) =>
      auth.refresh(request.body.refresh_token),
    );

    app.post("/auth/logout", { schema: { body: LogoutRequest.nullish() } }, async (request, reply) => {
      // Closes the session of the refresh token and of the bearer access token, so neither works afterwards.
      const header = request.headers.authorization ?? "";
      const accessToken = header.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
      await auth.logout({ refreshToken: request.body?.refresh_token, accessToken: accessToken || undefined });
      return reply.status(204).send();
    });

    app.post(
      "/auth/google",
      { schema: { body: GoogleAuthRequest, response: { 200: LoginResponse } } },
      async (request) => auth.google(request.body.token),
    );

    app.get(
      "/auth/me",
      { preHandler: requireAuth, schema: { response: { 200: z.object({ user: SessionUser }) } } },
      async (request) => ({
        user: await auth.me(request.auth.userId, request.auth.orgId),
      }),
    );

    app.post(
      "/auth/switch-organization",
      { preHandler: requireAuth, schema: { body: SwitchOrganizationRequest, response: { 200: LoginResponse } } },
      async (request) => auth.switchOrganization(request.auth.userId, request.body.organization_slug),
    );
  };
}
