import type { ReactElement } from "react";
import SpaceDashboard from "@mui/icons-material/SpaceDashboard";
import Campaign from "@mui/icons-material/Campaign";
import Call from "@mui/icons-material/Call";
import MenuBook from "@mui/icons-material/MenuBook";
import CalendarMonth from "@mui/icons-material/CalendarMonth";

export type NavItem = { label: string; path: string; icon: ReactElement; /** extra path prefixes that highlight it */ also?: string[] };

export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", path: "dashboard", icon: <SpaceDashboard /> },
  { label: "Campaigns", path: "campaigns", icon: <Campaign />, also: ["campaign-setup"] },
  { label: "Call logs", path: "call-logs", icon: <Call /> },
  { label: "Knowledge base", path: "knowledge-base", icon: <MenuBook />, also: ["create-knowledge-base"] },
  { label: "Calendar", path: "calendar", icon: <CalendarMonth /> },
];

/** The route segment after /org/{slug}/ (or the first one of a bare path). */
export function screenOf(pathname: string): string {
  const parts = pathname.split("/").filter(Boolean);
  return (parts[0] === "org" ? parts[2] : parts[0]) ?? "";
}

/** Campaigns is highlighted for any path starting with the campaigns route (and campaign-setup). */
export function isActive(item: NavItem, pathname: string): boolean {
  const screen = screenOf(pathname);
  return screen.startsWith(item.path) || (item.also ?? []).some((p) => screen.startsWith(p));
}
