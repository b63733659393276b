import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { z } from "zod";
import {
  CampaignKnowledgeBases,
  CampaignKnowledgeBasesResponse,
  KB_MAX_FILE_BYTES,
  KbAskRequest,
  KbAskResponse,
  KbDocumentList,
  KbDocumentResponse,
  KbMessages,
  KbStatusCounts,
  KbUpdate,
  KbUploadResult,
  KbUrlEntry,
} from "@parley/shared/knowledge-base";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError } from "../../http/errors.ts";
import { readFieldsOnly, readKbUpload } from "./kb-upload-body.ts";
import type { KbAskService } from "./kb-ask.service.ts";
import type { KnowledgeBaseService } from "./knowledge-base.service.ts";

const IdParams = z.object({ id: z.string() });
const Deleted = z.object({ id: z.string(), message: z.string() });
// urls_data arrives as a JSON string in a form (spec §7) or as a list in a JSON body.
const UrlsBody = z.object({
  agent_id: z.union([z.string(), z.number()]).optional(),
  urls_data: z.union([z.string(), z.array(KbUrlEntry)]).optional(),
});

function parseUrlsData(raw: string | z.infer<typeof KbUrlEntry>[] | undefined) {
  if (raw === undefined || raw === "") return [];
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError("validation_failed", "urls_data must be a JSON list of {url, name}.");
    }
  }
  const parsed = z.array(KbUrlEntry).safeParse(value);
  if (!parsed.success) throw new AppError("validation_failed", "urls_data must be a JSON list of {url, name}.");
  return parsed.data;
}

/**
 * The knowledge base of the signed-in user's organisation. The spec sends a fixed agent_id: it is
 * accepted and ignored, since the knowledge base belongs to the org and campaigns choose from it.
 */
export function knowledgeBaseRoutes(deps: {
  knowledgeBase: KnowledgeBaseService;
  ask: KbAskService;
  ingest: { idle(): Promise<void> };
  requireAuth: RequireAuth;
}): FastifyPluginAsyncZod {
  const { knowledgeBase: kb, ask, ingest, requireAuth } = deps;
  return async (app) => {
    // Let indexing in progress finish before the database closes.
    app.addHook("onClose", () => ingest.idle());
    // Oversized files are truncated, not thrown: the upload reader names them in the spec's message.
    await app.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: KB_MAX_FILE_BYTES, files: 50, fields: 50, fieldSize: 64 * 1024 },
    });
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    app.addHook("preHandler", requireAuth);

    for (const path of ["/voice/KB/bulk-upload-documents", "/knowledge-base/upload"]) {
      app.post(path, { schema: { response: { 201: KbUploadResult } } }, async (request, reply) => {
        const { files } = await readKbUpload(request);
        const documents = await kb.uploadFiles(request.auth.orgId, files, request.auth.userId);
        return reply.status(201).send({ message: KbMessages.documentsUploaded, data: { documents } });
      });
    }

    app.post(
      "/voice/KB/bulk-upload-urls",
      { schema: { body: UrlsBody, response: { 201: KbUploadResult } } },
      async (request, reply) => {
        const documents = await kb.uploadUrls(
          request.auth.orgId,
          parseUrlsData(request.body.urls_data),
          request.auth.userId,
        );
        return reply.status(201).send({ message: KbMessages.urlsUploaded, data: { documents } });
      },
    );

    // Combined files + URLs exists for Email and WhatsApp only (spec §5); neither channel is available yet.
    app.post("/upload-prompt-enhanced", async (request) => {
      const fields = await readFieldsOnly(request);
      const channel = String(fields.channel ?? fields.communication_type ?? "voice").toLowerCase();
      if (channel === "email" || channel === "whatsapp") {
        throw new AppError("not_configured", "Email and WhatsApp knowledge bases are not available yet.");
      }
      throw new AppError("validation_failed", KbMessages.combinedVoice);
    });

    app.get("/voice/KB/documents", { schema: { response: { 200: KbDocumentList } } }, async (request) => ({
      data: { documents: await kb.list(request.auth.orgId) },
    }));

    app.get(
      "/voice/KB/documents/:id",
      { schema: { params: IdParams, response: { 200: KbDocumentResponse } } },
      async (request) => ({
        data: { document: await kb.get(request.auth.orgId, request.params.id) },
      }),
    );

    app.get(
      "/voice/KB/agent/:agentId/kb-status",
      { schema: { params: z.object({ agentId: z.string() }), response: { 200: KbStatusCounts } } },
      async (request) => ({
        data: { agent_id: request.params.agentId, ...(await kb.status(request.auth.orgId)) },
      }),
    );

    app.delete(
      "/voice/KB/unassign-and-delete/:id",
      { schema: { params: IdParams, response: { 200: Deleted } } },
      async (request) => {
        await kb.remove(request.auth.orgId, request.params.id);
        return { id: request.params.id, message: KbMessages.itemDeleted };
      },
    );

    app.put(
      "/knowledge-base/:id",
      { schema: { params: IdParams, body: KbUpdate, response: { 200: KbDocumentResponse } } },
      async (request) => ({
        data: { document: await kb.update(request.auth.orgId, request.params.id, request.body, request.auth.userId) },
      }),
    );

    // "Test your knowledge base": what a call would find and say for this question.
    app.post(
      "/voice/KB/ask",
      { schema: { body: KbAskRequest, response: { 200: KbAskResponse } } },
      async (request, reply) => {
        // A language model's answer is not waited for once the browser has gone.
        const gone = new AbortController();
        reply.raw.once("close", () => gone.abort());
        return ask.ask(request.auth.orgId, request.body, gone.signal);
      },
    );

    app.get(
      "/campaigns/:id/knowledge-bases",
      { schema: { params: IdParams, response: { 200: CampaignKnowledgeBasesResponse } } },
      async (request) => {
        const documents = await kb.campaignDocuments(request.auth.orgId, request.params.id);
        return { document_ids: documents.map((d) => d.id), documents };
      },
    );

    app.put(
      "/campaigns/:id/knowledge-bases",
      { schema: { params: IdParams, body: CampaignKnowledgeBases, response: { 200: CampaignKnowledgeBasesResponse } } },
      async (request) => {
        const documents = await kb.setCampaignDocuments(
          request.auth.orgId,
          request.params.id,
          request.body.document_ids,
        );
        return { document_ids: documents.map((d) => d.id), documents };
      },
    );
  };
}
