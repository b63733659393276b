export const CSV_INVALID_MESSAGE = "Please select a valid CSV file";

/**
 * Spec §5 "CSV choice": the type must be text/csv. Some systems report a .csv as
 * application/vnd.ms-excel or an empty type, so a .csv name is accepted too.
 */
export function isCsvFile(file: { name: string; type: string }): boolean {
  if (file.type === "text/csv") return true;
  const csvName = /\.csv$/i.test(file.name);
  return csvName && (file.type === "" || file.type === "application/vnd.ms-excel" || file.type === "application/csv");
}

export const EMAIL_ATTACHMENT_EXTENSIONS = [
  "pdf",
  "doc",
  "docx",
  "txt",
  "jpg",
  "jpeg",
  "png",
  "gif",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
] as const;

export function isAllowedAttachment(name: string): boolean {
  const ext = name.split(".").pop()?.toLowerCase() ?? "";
  return name.includes(".") && (EMAIL_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/** Size in MB with 2 decimals, as the email dialog shows attachments. */
export function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Human size for the stored contact list: bytes, KB or MB. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return formatMb(bytes);
}
