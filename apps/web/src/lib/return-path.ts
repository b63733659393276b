/**
 * Where sign-in sends someone back to instead of the dashboard: only an invitation page, so a crafted
 * `/login?next=…` cannot send a user anywhere else (no open redirect).
 */
const RETURNABLE = /^\/invite\/[A-Za-z0-9_-]{1,200}$/;

export function returnPath(search: string): string | null {
  const next = new URLSearchParams(search).get("next");
  return next !== null && RETURNABLE.test(next) ? next : null;
}

/** The sign-in page's address that comes back to `path` afterwards (when `path` may be returned to). */
export function loginReturningTo(path: string): string {
  return RETURNABLE.test(path) ? `/login?next=${encodeURIComponent(path)}` : "/login";
}
