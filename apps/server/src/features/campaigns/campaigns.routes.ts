import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { z } from "zod";
import {
  CampaignContactPage,
  CampaignList,
  CampaignListQuery,
  CampaignResponse,
  CSV_MAX_BYTES,
} from "@parley/shared/campaigns";
import { ContactListQuery } from "@parley/shared/contacts";
import type { RequireAuth } from "../../http/auth-guard.ts";
import type { Storage } from "../../platform/storage.ts";
import { readCampaignBody } from "./campaign-upload.ts";
import { LIFECYCLE_ACTIONS } from "./campaign-lifecycle.ts";
import type { CampaignsService } from "./campaigns.service.ts";

const IdParams = z.object({ id: z.string() });
const Deleted = z.object({ id: z.string(), message: z.string() });

export function campaignsRoutes(deps: {
  campaigns: CampaignsService;
  storage: Storage;
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { campaigns, storage, requireAuth } = deps;
  return async (app) => {
    // Only these routes take multipart; a file over 50 MB stops the upload and answers 413.
    await app.register(multipart, {
      limits: { fileSize: CSV_MAX_BYTES, files: 10, fields: 100, fieldSize: 1024 * 1024 },
    });
    app.addHook("preHandler", requireAuth);

    app.get(
      "/campaigns",
      { schema: { querystring: CampaignListQuery, response: { 200: CampaignList } } },
      async (request) => campaigns.list(request.auth.orgId, request.query),
    );

    app.get(
      "/campaigns/:id",
      { schema: { params: IdParams, response: { 200: CampaignResponse } } },
      async (request) => ({
        campaign: await campaigns.get(request.auth.orgId, request.params.id),
      }),
    );

    app.delete("/campaigns/:id", { schema: { params: IdParams, response: { 200: Deleted } } }, async (request) => {
      await campaigns.remove(request.auth.orgId, request.params.id);
      return { id: request.params.id, message: "Campaign deleted successfully." };
    });

    // JSON, or multipart with csv_file; fields may also come as query parameters (spec §7).
    app.post("/create_campaign", { schema: { response: { 201: CampaignResponse } } }, async (request, reply) => {
      const { orgId, userId } = request.auth;
      const { fields, upload } = await readCampaignBody(request, storage, orgId);
      const campaign = await campaigns.create({ orgId, userId }, fields, upload);
      return reply.status(201).send({ campaign });
    });

    app.put(
      "/campaigns/:id",
      { schema: { params: IdParams, response: { 200: CampaignResponse } } },
      async (request) => {
        const { fields, upload } = await readCampaignBody(request, storage, request.auth.orgId);
        return {
          campaign: await campaigns.update(request.auth.orgId, request.params.id, fields, upload, request.auth.userId),
        };
      },
    );

    for (const action of LIFECYCLE_ACTIONS) {
      app.post(
        `/campaigns/:id/${action}`,
        { schema: { params: IdParams, response: { 200: CampaignResponse } } },
        async (request) => ({
          campaign: await campaigns.changeStatus(request.auth.orgId, request.params.id, action, request.auth.userId),
        }),
      );
    }

    // A draft copy with the same settings and call flow, no contacts.
    app.post(
      "/campaigns/:id/duplicate",
      { schema: { params: IdParams, response: { 201: CampaignResponse } } },
      async (request, reply) => {
        const { orgId, userId } = request.auth;
        return reply.status(201).send({ campaign: await campaigns.duplicate({ orgId, userId }, request.params.id) });
      },
    );

    app.get(
      "/campaigns/:id/contacts",
      { schema: { params: IdParams, querystring: ContactListQuery, response: { 200: CampaignContactPage } } },
      async (request) => campaigns.listContacts(request.auth.orgId, request.params.id, request.query),
    );
  };
}
