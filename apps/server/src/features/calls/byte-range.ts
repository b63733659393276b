export type ByteRange = { start: number; end: number };

/**
 * Reads a single `Range: bytes=...` header (RFC 9110) against a body of `size` bytes.
 * Answers the inclusive range, "unsatisfiable" (416), or null to send the whole body: a missing, malformed
 * or multi-part range may be ignored by a server, and the whole body is the safe answer.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  const m = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
