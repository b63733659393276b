import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import multipart from "@fastify/multipart";
import { Readable } from "node:stream";
import { ContactListCheck, ContactListCheckFields } from "@parley/shared/campaign-preview";
import { CampaignMessages, CSV_FIELD_NAME, CSV_MAX_BYTES } from "@parley/shared/campaigns";
import type { RequireAuth } from "../../http/auth-guard.ts";
import { AppError, toFieldIssues, validationError } from "../../http/errors.ts";
import type { ContactsService } from "./contacts.service.ts";

const tooLarge = () =>
  new AppError("payload_too_large", CampaignMessages.csvTooLarge, [
    { path: CSV_FIELD_NAME, message: CampaignMessages.csvTooLarge },
  ]);
const noFile = () =>
  validationError([{ path: CSV_FIELD_NAME, message: `${CampaignMessages.csvInvalid}: no file was sent.` }]);

/**
 * The csv_file of a multipart form, held in memory (nothing is stored: a check keeps no file), and its
 * text fields with the query parameters. The multipart limit stops a file over CSV_MAX_BYTES.
 */
async function readCheckForm(request: FastifyRequest): Promise<{ bytes: Buffer; fields: Record<string, unknown> }> {
  if (!request.isMultipart()) throw noFile();
  const fields: Record<string, unknown> = { ...((request.query ?? {}) as Record<string, unknown>) };
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") fields[part.fieldname] = part.value;
      else if (part.fieldname !== CSV_FIELD_NAME || bytes) part.file.resume();
      else {
        bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      }
    }
  } catch (err) {
    throw (err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" ? tooLarge() : err;
  }
  if (!bytes) throw noFile();
  return { bytes, fields };
}

/** POST /contacts/check: a contact list read by the real import, before any campaign is saved. */
export function contactsRoutes(deps: { contacts: ContactsService; requireAuth: RequireAuth }): FastifyPluginAsyncZod {
  const { contacts, requireAuth } = deps;
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024 } });
    app.post(
      "/contacts/check",
      { preHandler: requireAuth, schema: { response: { 200: ContactListCheck } } },
      async (request) => {
        const { bytes, fields } = await readCheckForm(request);
        const parsed = ContactListCheckFields.safeParse(fields);
        if (!parsed.success) throw validationError(toFieldIssues(parsed.error.issues));
        return contacts.check(
          { open: async () => Readable.from([bytes]), size: bytes.length },
          parsed.data.campaign_timezone,
        );
      },
    );
  };
}
