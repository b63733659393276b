/** Input the client sent that cannot be served: what to say, and how to recognise it in a library's error. */
export const InputMessages = {
  nul: "Text must not contain NUL characters.",
  utf8: "The request is not valid UTF-8 text.",
  address: "The address contains an invalid character.",
  multipart: "The upload was cut off or is malformed. Please try again.",
} as const;

/** PostgreSQL's refusal of NUL in text (22021) or in JSON (22P05): the client's input, not our fault. */
export function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === "22021" || code === "22P05";
}

/**
 * busboy (under @fastify/multipart) reports a truncated or boundary-less body as a plain Error with no status.
 * Its messages are the only mark; they are fixed strings in its source.
 */
export function isMalformedMultipart(err: Error): boolean {
  return new RegExp(
    String.raw`^(Unexpected end of multipart data|Multipart: Boundary not found|` +
      String.raw`.* terminated early due to unexpected end of multipart data)$`,
  ).test(err.message);
}
