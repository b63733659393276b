import type { FastifyRequest } from "fastify";
import { KB_FILES_FIELD, KB_MAX_FILES, KbMessages, checkKbFiles } from "@parley/shared/knowledge-base";
import { AppError } from "../../http/errors.ts";
import type { UploadedFile } from "./knowledge-base.service.ts";

const FILE_FIELDS = new Set([KB_FILES_FIELD, "files", "file"]);
const invalid = (message: string) => new AppError("validation_failed", message, [{ path: KB_FILES_FIELD, message }]);

/**
 * Reads a multipart knowledge-base upload. Files beyond the fifth and files over 20 MB are drained,
 * never held, but still counted and named so the answer carries the spec's message (count, type, size).
 */
export async function readKbUpload(
  request: FastifyRequest,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw invalid(KbMessages.noFiles);
  const files: UploadedFile[] = [];
  const seen: Array<{ name: string; size: number }> = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    const name = (part.filename || "document").slice(0, 255);
    if (!FILE_FIELDS.has(part.fieldname) || seen.length >= KB_MAX_FILES) {
      if (FILE_FIELDS.has(part.fieldname)) seen.push({ name, size: 0 });
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer();
    // Over the limit the stream stops at 20 MB and says so; the size is then "more than the limit".
    if (part.file.truncated) seen.push({ name, size: Number.POSITIVE_INFINITY });
    else {
      seen.push({ name, size: bytes.length });
      files.push({ fileName: name, bytes });
    }
  }
  if (seen.length === 0) throw invalid(KbMessages.noFiles);
  const problem = checkKbFiles(seen);
  if (problem) {
    const tooLarge = seen.some((f) => f.size === Number.POSITIVE_INFINITY) && problem.startsWith("File(s) too large");
    throw tooLarge
      ? new AppError("payload_too_large", problem, [{ path: KB_FILES_FIELD, message: problem }])
      : invalid(problem);
  }
  return { files, fields };
}

/** Drains a multipart body whose content is not used (the combined upload refused for voice). */
export async function readFieldsOnly(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return (request.body ?? {}) as Record<string, string>;
  for await (const part of request.parts()) {
    if (part.type === "field") fields[part.fieldname] = String(part.value);
    else part.file.resume();
  }
  return fields;
}
