/**
 * The server's message when the failure carries one ({"error":{"message"}} body or an Error with a
 * message from the API client), else the screen's default text.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err && typeof err === "object") {
    const e = err as { body?: unknown; serverMessage?: unknown; fromServer?: unknown; message?: unknown };
    const body = e.body as { error?: { message?: unknown }; message?: unknown } | undefined;
    const fromBody = body?.error?.message ?? body?.message;
    if (typeof fromBody === "string" && fromBody.trim()) return fromBody;
    if (typeof e.serverMessage === "string" && e.serverMessage.trim()) return e.serverMessage;
  }
  return fallback;
}
