import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { LoginResponse } from "@parley/shared/auth";
import { OrganizationExit } from "@parley/shared/organizations";
import {
  InvitationAccept,
  InvitationCreate,
  InvitationLink,
  InvitationPreview,
  InvitationToken,
  MemberRoleUpdate,
  TeamResponse,
} from "@parley/shared/team";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { TeamService } from "./team.service.ts";

const InvitationId = z.object({ id: z.uuid("Invitation not found.") });
const MemberId = z.object({ userId: z.uuid("Member not found.") });

/**
 * Team routes. Who may call them is in http/route-roles.ts (the owner manages; accepting and previewing an
 * invitation are public, the token is the credential). `publicUrl` (PUBLIC_URL) makes the copied link absolute;
 * without it the browser's own address is used (the Origin header of the owner's request).
 */
export function teamRoutes(deps: {
  team: TeamService;
  requireAuth: RequireAuth;
  publicUrl: string | null;
}): FastifyPluginAsyncZod {
  const { team, requireAuth } = deps;
  const origin = (request: FastifyRequest) => deps.publicUrl ?? request.headers.origin ?? null;
  return async (app) => {
    app.get("/team", { preHandler: requireAuth, schema: { response: { 200: TeamResponse } } }, async (request) =>
      team.list(request.auth.orgId),
    );

    app.post(
      "/team/invitations",
      { preHandler: requireAuth, schema: { body: InvitationCreate, response: { 201: InvitationLink } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await team.invite(request.auth.orgId, request.auth.userId, request.body, origin(request))),
    );

    app.post(
      "/team/invitations/:id/link",
      { preHandler: requireAuth, schema: { params: InvitationId, response: { 200: InvitationLink } } },
      async (request) => team.renewLink(request.auth.orgId, request.params.id, origin(request)),
    );

    app.delete(
      "/team/invitations/:id",
      { preHandler: requireAuth, schema: { params: InvitationId } },
      async (request, reply) => {
        await team.revoke(request.auth.orgId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      "/team/invitations/preview",
      { schema: { body: InvitationToken, response: { 200: InvitationPreview } } },
      async (request) => team.preview(request.body.token),
    );

    // Public: a new account needs no bearer; joining with an existing account sends the invitee's own.
    app.post(
      "/team/invitations/accept",
      { schema: { body: InvitationAccept, response: { 200: LoginResponse } } },
      async (request, reply) => {
        const signedIn = Boolean(request.headers.authorization) && request.body.password === undefined;
        if (signedIn) await requireAuth(request, reply);
        return team.accept(
          request.body,
          signedIn ? { userId: request.auth.userId, viaApiKey: Boolean(request.auth.apiKey) } : null,
        );
      },
    );

    // Anyone leaves the organisation of their session themselves ("signed-in"); the owner removes others below.
    app.post(
      "/team/leave",
      { preHandler: requireAuth, schema: { response: { 200: OrganizationExit } } },
      async (request) => team.leave(request.auth.orgId, request.auth.userId),
    );

    app.put(
      "/team/members/:userId",
      { preHandler: requireAuth, schema: { params: MemberId, body: MemberRoleUpdate } },
      async (request, reply) => {
        await team.setRole(request.auth.orgId, request.params.userId, request.body.role);
        return reply.status(204).send();
      },
    );

    app.delete(
      "/team/members/:userId",
      { preHandler: requireAuth, schema: { params: MemberId } },
      async (request, reply) => {
        await team.remove(request.auth.orgId, request.params.userId);
        return reply.status(204).send();
      },
    );
  };
}
