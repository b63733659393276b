import { z } from "zod";

/** Upload limits (spec §9): checked in the browser for quick feedback and again on the server. */
export const KB_MAX_FILES = 5;
export const KB_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const KB_MAX_URLS = 5;
export const KB_ALLOWED_EXTENSIONS = [".txt", ".pdf", ".doc", ".docx"] as const;
/** The multipart field of the documents upload (spec §7 sends files[]). */
export const KB_FILES_FIELD = "files[]";

/** The spec's wording (section 5 and 8), shared by screen and server. */
export const KbMessages = {
  tooManyFiles: (remaining: number) => `Maximum 5 files allowed. You can upload ${remaining} more file(s).`,
  invalidType: (names: string[]) =>
    `Invalid file type(s): ${names.join(", ")}. Please upload only TXT, PDF, DOC, or DOCX files.`,
  tooLarge: (names: string[]) => `File(s) too large: ${names.join(", ")}. Maximum file size is 20MB.`,
  channelForDocuments: "Please select a communication channel before uploading documents.",
  channelForUrls:
    "Please select a communication channel before uploading URLs. This helps categorize your knowledge base content.",
  channelForCombined: "Please select a communication channel before uploading.",
  noFiles: "Please add at least one file to upload.",
  noUrls: "Please add at least one URL to upload.",
  noFilesOrUrls: "Please add at least one file or URL to upload.",
  tooManyUrls: "Maximum 5 URLs allowed.",
  invalidUrl: (url: string) => `Invalid URL: ${url}. Please enter a full http:// or https:// address.`,
  combinedVoice:
    "Combined upload is only available for Email and WhatsApp channels. " +
    "For Voice, please upload files and URLs separately.",
  documentsUploaded: "Documents uploaded successfully!",
  urlsUploaded: "URLs uploaded successfully!",
  itemDeleted: "Item deleted successfully!",
  deleteConfirm: "Are you sure you want to delete this item?",
  uploadDocumentsFailed: "Failed to upload documents",
  uploadUrlsFailed: "Failed to upload URLs",
  deleteFailed: "Failed to delete item. Please try again.",
  loadFailed: (message: string) => `Failed to load voice knowledge base: ${message}`,
  loadFailedGeneric: "Failed to load knowledge base data.",
} as const;

export type FileFacts = { name: string; size: number };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
};
export const hasAllowedExtension = (name: string) =>
  (KB_ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/**
 * The spec's file checks in its order: count, type (by name), size. Answers the first message, or null.
 * `alreadyChosen` is how many files the form already holds.
 */
export function checkKbFiles(files: FileFacts[], alreadyChosen = 0): string | null {
  if (alreadyChosen + files.length > KB_MAX_FILES)
    return KbMessages.tooManyFiles(Math.max(0, KB_MAX_FILES - alreadyChosen));
  const wrongType = files.filter((f) => !hasAllowedExtension(f.name)).map((f) => f.name);
  if (wrongType.length) return KbMessages.invalidType(wrongType);
  const tooBig = files.filter((f) => f.size > KB_MAX_FILE_BYTES).map((f) => f.name);
  if (tooBig.length) return KbMessages.tooLarge(tooBig);
  return null;
}

export const KbStatus = z.enum(["processing", "ready", "failed"]);
export type KbStatus = z.infer<typeof KbStatus>;
export const KbChannel = z.enum(["voice", "email", "whatsapp"]);
export type KbChannel = z.infer<typeof KbChannel>;

export const KbDocument = z.object({
  id: z.string(),
  name: z.string(),
  /** Display type as the spec's item: Voice / Email / WhatsApp. */
  type: z.string(),
  channel: KbChannel,
  description: z.string().nullable(),
  source: z.enum(["file", "url"]),
  url: z.string().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().nullable(),
  mime_type: z.string().nullable(),
  status: KbStatus,
  status_reason: z.string().nullable(),
  passage_count: z.number(),
  /** Who uploaded the item (first and last name, else username); null once that account is deleted. */
  added_by_name: z.string().nullable(),
  /** Who last changed its name or description; null when nobody has (or that account is deleted). */
  updated_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KbDocument = z.infer<typeof KbDocument>;

/** GET /voice/KB/documents: the spec's voice list shape, data.documents. */
export const KbDocumentList = z.object({ data: z.object({ documents: z.array(KbDocument) }) });
export type KbDocumentList = z.infer<typeof KbDocumentList>;

export const KbUploadResult = z.object({
  message: z.string(),
  data: z.object({ documents: z.array(KbDocument) }),
});
export type KbUploadResult = z.infer<typeof KbUploadResult>;

/** One entry of urls_data; the name defaults to 'Document {n}' (1-based position). */
export const KbUrlEntry = z.object({
  url: z.string().trim(),
  name: z.string().trim().max(200).optional().default(""),
});
export type KbUrlEntry = z.input<typeof KbUrlEntry>;

export const KbStatusCounts = z.object({
  data: z.object({
    agent_id: z.string(),
    total: z.number(),
    processing: z.number(),
    ready: z.number(),
    failed: z.number(),
    passages: z.number(),
  }),
});
export type KbStatusCounts = z.infer<typeof KbStatusCounts>;

export const KbUpdate = z
  .object({
    name: z.string().trim().min(1, "Name is required.").max(200).optional(),
    description: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined, "Nothing to update: send name or description.");
export type KbUpdate = z.input<typeof KbUpdate>;

export const KbDocumentResponse = z.object({ data: z.object({ document: KbDocument }) });

export const CampaignKnowledgeBases = z.object({ document_ids: z.array(z.string().uuid()).max(100) });
export type CampaignKnowledgeBases = z.infer<typeof CampaignKnowledgeBases>;
export const CampaignKnowledgeBasesResponse = z.object({
  document_ids: z.array(z.string()),
  documents: z.array(KbDocument),
});
export type CampaignKnowledgeBasesResponse = z.infer<typeof CampaignKnowledgeBasesResponse>;

/**
 * POST /voice/KB/ask: try the knowledge base before a call. campaign_id answers from that campaign's
 * documents, as its calls do; document_ids (the setup screen's current choice) narrow it further; neither
 * means every document of the organisation.
 */
export const KbAskRequest = z.object({
  question: z.string().trim().min(1, "Type a question.").max(500, "A question is at most 500 characters."),
  campaign_id: z.string().uuid("campaign_id must be a campaign's id.").optional(),
  document_ids: z.array(z.string().uuid("document_ids must be knowledge base item ids.")).max(100).optional(),
});
export type KbAskRequest = z.input<typeof KbAskRequest>;

/**
 * Why a sentence of a passage was or was not the answer: the rule of the answer choice that refused it, or
 * "answers" for the sentence the caller hears.
 */
export const KbAnswerCheck = z.object({
  sentence: z.string(),
  accepted: z.boolean(),
  /** The rule's name (e.g. "says-the-action", "holds-the-kind-of-answer"). */
  rule: z.string(),
  /** What the rule found, in a sentence a person reads. */
  reason: z.string(),
});
export type KbAnswerCheck = z.infer<typeof KbAnswerCheck>;

/**
 * One passage a call looked at for a question (calls.kb_sources): whether the caller's answer was taken from
 * it, and which rule accepted or refused each of its best sentences. Calls recorded before the checks were
 * kept have only the passages answered from.
 */
export const KbSource = z.object({
  query: z.string(),
  document_id: z.string(),
  document_name: z.string(),
  heading: z.string(),
  passage_id: z.string(),
  used: z.boolean().default(true),
  checks: z.array(KbAnswerCheck).default([]),
});
export type KbSource = z.infer<typeof KbSource>;

export const KbAskPassage = z.object({
  document_id: z.string(),
  document_name: z.string(),
  heading: z.string(),
  /** The page of a PDF the passage starts on; null for other documents. */
  page: z.number().int().nullable(),
  text: z.string(),
  score: z.number(),
  /** The answer was taken from this passage. */
  used: z.boolean(),
  /** Its best candidate sentences, best first, each with the rule that accepted or refused it. */
  checks: z.array(KbAnswerCheck),
});
export type KbAskPassage = z.infer<typeof KbAskPassage>;

export const KbAskResponse = z.object({
  /** What the caller would hear. */
  answer: z.string(),
  /** false: the passages do not answer it, and the answer says so and offers a follow-up. */
  answered: z.boolean(),
  passages: z.array(KbAskPassage),
});
export type KbAskResponse = z.infer<typeof KbAskResponse>;

/** A spoken question is a sentence or two: longer recordings are refused before anything is decoded. */
export const KB_SPOKEN_QUESTION_MAX_MS = 30_000;
/** 30 s of 48 kHz stereo PCM16 (the largest a browser records) and its header fit under this. */
export const KB_SPOKEN_QUESTION_MAX_BYTES = 6 * 1024 * 1024;

/**
 * POST /voice/KB/transcribe (body: a PCM16 WAV): a spoken question heard by the same speech recognition
 * and listening path as a call. campaign_id favours that campaign's words, as its calls do.
 */
export const KbTranscribeQuery = z.object({
  campaign_id: z.string().uuid("campaign_id must be a campaign's id.").optional(),
});
export type KbTranscribeQuery = z.infer<typeof KbTranscribeQuery>;

export const KbTranscribeResponse = z.object({
  /** Every utterance heard, joined; empty when nothing was heard. */
  text: z.string(),
  duration_ms: z.number().int(),
  utterances: z.array(
    z.object({
      start_ms: z.number().int(),
      end_ms: z.number().int(),
      text: z.string(),
      confidence: z.number().nullable(),
    }),
  ),
});
export type KbTranscribeResponse = z.infer<typeof KbTranscribeResponse>;
