import type { FieldIssue } from "@parley/shared/errors";

/** A failed API call: the server's code and message when it sent them, else what went wrong on the way. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  /** Field problems of a validation failure, as {path, message}. */
  get fieldIssues(): FieldIssue[] {
    return Array.isArray(this.details) ? (this.details as FieldIssue[]) : [];
  }
}

/** The server's message when present, else the screen's default (spec section 8). */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.status > 0 && err.message) return err.message;
  return fallback;
}

/**
 * The server's own message when it sent one (spec section 8), else the screen's default; a bare status
 * or a network failure gets the default, not "Request failed with status 503".
 */
export function failureMessage(err: unknown, fallback: string): string {
  const generic = err instanceof ApiRequestError && ["http_error", "network", "bad_response"].includes(err.code);
  return generic ? fallback : messageOf(err, fallback);
}

/** Logs per the spec's shared handler; these are logs only, screens decide what the user sees. */
export function logFailure(status: number, data: unknown): void {
  if (status === 403) console.warn("Access denied");
  else if (status === 404) console.warn("Resource not found");
  else if (status >= 500) console.error("Server error occurred");
  else if (status === 0) console.error("Network error - no response received");
  else console.warn(status, data);
}
