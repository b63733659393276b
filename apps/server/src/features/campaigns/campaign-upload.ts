import crypto from "node:crypto";
import type { FastifyRequest } from "fastify";
import { CampaignMessages, CSV_FIELD_NAME } from "@parley/shared/campaigns";
import { AppError } from "../../http/errors.ts";
import type { Storage } from "../../platform/storage.ts";
import type { StoredUpload } from "./campaigns.service.ts";

export type CampaignRequestBody = { fields: Record<string, unknown>; upload: StoredUpload | null };

const tooLarge = () =>
  new AppError("payload_too_large", CampaignMessages.csvTooLarge, [
    { path: CSV_FIELD_NAME, message: CampaignMessages.csvTooLarge },
  ]);

const isTooLarge = (err: unknown) => (err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

/**
 * The create/update payload from either a JSON body or a multipart form (spec §7): text fields and
 * query parameters become `fields` (body first), and `csv_file` is streamed straight into storage,
 * never held in memory. Other files (email attachments: the email channel is not available) are drained.
 */
export async function readCampaignBody(
  request: FastifyRequest,
  storage: Storage,
  orgId: string,
): Promise<CampaignRequestBody> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (!request.isMultipart()) {
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    return { fields: { ...query, ...body }, upload: null };
  }
  const fields: Record<string, unknown> = {};
  let upload: StoredUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== CSV_FIELD_NAME) {
        part.file.resume();
        continue;
      }
      if (upload) {
        part.file.resume();
        throw new AppError("validation_failed", "Please upload one CSV file at a time.");
      }
      const key = `csv/${orgId}/${crypto.randomUUID()}.csv`;
      try {
        const { size } = await storage.put(key, part.file);
        if (part.file.truncated) throw tooLarge();
        upload = { key, fileName: (part.filename || "contacts.csv").slice(0, 255), size };
      } catch (err) {
        await storage.delete(key);
        throw isTooLarge(err) ? tooLarge() : err;
      }
    }
  } catch (err) {
    if (upload) await storage.delete(upload.key);
    throw isTooLarge(err) ? tooLarge() : err;
  }
  return { fields: { ...query, ...fields }, upload };
}
