import { fileTypeFromBuffer } from "file-type";

export type DocKind = "pdf" | "docx" | "doc" | "txt";

const extensionKind: Record<string, DocKind> = { ".pdf": "pdf", ".docx": "docx", ".doc": "doc", ".txt": "txt" };

/** Plain text: valid UTF-8 (or Latin-1 looking) with no NUL bytes and few control characters. */
export function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return false;
    if (b < 9 || (b > 13 && b < 32)) control++;
  }
  return control <= sample.length * 0.01;
}

/**
 * The document kind by content, required to agree with the name's extension: a .pdf must start like a
 * PDF, a .docx must be a Word zip, a .doc an OLE Word file, a .txt readable text. Answers null otherwise.
 */
export async function sniffDocKind(bytes: Uint8Array, fileName: string): Promise<DocKind | null> {
  const dot = fileName.lastIndexOf(".");
  const claimed = dot < 0 ? undefined : extensionKind[fileName.slice(dot).toLowerCase()];
  if (!claimed) return null;
  const detected = await fileTypeFromBuffer(bytes);
  if (claimed === "txt") return detected === undefined && looksLikeText(bytes) ? "txt" : null;
  if (claimed === "pdf") return detected?.ext === "pdf" ? "pdf" : null;
  if (claimed === "docx") return detected?.ext === "docx" ? "docx" : null;
  // file-type names every OLE compound file (old Word, Excel, PowerPoint, msi) "cfb".
  return detected?.ext === "cfb" || detected?.ext === "doc" ? "doc" : null;
}

export const MIME_OF: Record<DocKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
};
