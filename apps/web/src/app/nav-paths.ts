/** A menu entry's route, and extra path prefixes that also highlight it. */
export type NavTarget = { path: string; also?: string[] };

/** The route segment after /org/{slug}/ (or the first one of a bare path). */
export function screenOf(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean);
  return (parts[0] === "org" ? parts[2] : parts[0]) ?? "";
}

/** Campaigns is highlighted for any path starting with the campaigns route (and campaign-setup). */
export function isActive(item: NavTarget, pathname: string): boolean {
  const screen = screenOf(pathname);
  return screen.startsWith(item.path) || (item.also ?? []).some((p) => screen.startsWith(p));
}
